"""Board-level tests of Call of the Archons / Age of Ascension cards: hand size in the "draw cards"
step (engine.rules.turn.HandSize), cards played entering play ready and playing an archived card
(engine.library.playing), fights repeated against different creatures (engine.library.using) and
doom counters (engine.library.status)."""

from __future__ import annotations

from engine.rules.turn import end_turn
from tests.boards import card, engine_for

DECK = [{"card": "Dust Pixie", "id": f"d{i}"} for i in range(12)]


def _hand_after_draw(kb_conn, setup: dict) -> int:
    """The active player's hand after their "draw cards" step, from an empty hand."""
    eng = engine_for(kb_conn, setup)
    active = eng.game.active
    end_turn(eng, to_step=1)
    return len(eng.game.players[active].zone("hand"))


def test_mother_refills_her_controllers_hand_to_seven(kb_conn):
    assert (
        _hand_after_draw(
            kb_conn,
            {"turn": {"active": "player1", "house": "logos"}, "player1": {"battleline": ["Mother"], "deck": DECK}},
        )
        == 7
    )
    # the opponent's "draw cards" step is not changed
    assert (
        _hand_after_draw(
            kb_conn,
            {
                "turn": {"active": "player2", "house": "logos"},
                "player1": {"battleline": ["Mother"]},
                "player2": {"deck": DECK},
            },
        )
        == 6
    )


def test_succubus_makes_the_opponent_refill_to_five(kb_conn):
    assert (
        _hand_after_draw(
            kb_conn,
            {
                "turn": {"active": "player2", "house": "brobnar"},
                "player1": {"battleline": ["Succubus"]},
                "player2": {"deck": DECK},
            },
        )
        == 5
    )
    assert (
        _hand_after_draw(
            kb_conn,
            {"turn": {"active": "player1", "house": "dis"}, "player1": {"battleline": ["Succubus"], "deck": DECK}},
        )
        == 6
    )


def test_the_howling_pit_gives_each_player_one_more_card_and_adds_to_mother(kb_conn):
    for active in ("player1", "player2"):
        assert (
            _hand_after_draw(
                kb_conn,
                {
                    "turn": {"active": active, "house": "logos"},
                    "player1": {"artifacts": ["The Howling Pit"], "deck": DECK},
                    "player2": {"deck": DECK},
                },
            )
            == 7
        )
    assert (
        _hand_after_draw(
            kb_conn,
            {
                "turn": {"active": "player1", "house": "logos"},
                "player1": {"artifacts": ["The Howling Pit"], "battleline": ["Mother"], "deck": DECK},
            },
        )
        == 8
    )


def test_streke_shrinks_the_opponents_hand_only_while_not_on_a_flank(kb_conn):
    middle = {
        "turn": {"active": "player2", "house": "brobnar"},
        "player1": {"battleline": ["Troll", "Streke", "Krump"]},
        "player2": {"deck": DECK},
    }
    flank = {
        "turn": {"active": "player2", "house": "brobnar"},
        "player1": {"battleline": ["Troll", "Krump", "Streke"]},
        "player2": {"deck": DECK},
    }
    assert _hand_after_draw(kb_conn, middle) == 5
    assert _hand_after_draw(kb_conn, flank) == 6


def test_blypyp_readies_only_the_next_mars_creature_played(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "mars"},
            "player1": {"battleline": ["Blypyp"], "hand": [{"card": "Zorg", "id": "z1"}, {"card": "Zorg", "id": "z2"}]},
        },
        answers=["right", "right"],
    )
    eng.use(card(eng, "Blypyp"), "reap")
    eng.play(card(eng, "z1"))
    eng.play(card(eng, "z2"))
    assert not card(eng, "z1").exhausted  # ready, though Zorg enters play stunned
    assert card(eng, "z1").stunned
    assert card(eng, "z2").exhausted


def test_soft_landing_readies_the_next_artifact_played(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "mars"},
            "player1": {"hand": ["Soft Landing", "Crystal Hive", "Sniffer"]},
        },
    )
    eng.play(card(eng, "Soft Landing"))
    eng.play(card(eng, "Crystal Hive"))
    eng.play(card(eng, "Sniffer"))
    assert not card(eng, "Crystal Hive").exhausted
    assert card(eng, "Sniffer").exhausted


def test_soft_landing_readies_a_creature_played(kb_conn):
    eng = engine_for(
        kb_conn, {"turn": {"active": "player1", "house": "mars"}, "player1": {"hand": ["Soft Landing", "Mindwarper"]}}
    )
    eng.play(card(eng, "Soft Landing"))
    eng.play(card(eng, "Mindwarper"))
    assert not card(eng, "Mindwarper").exhausted


def test_speed_sigil_readies_the_first_creature_played_each_turn(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "shadows"},
            "player1": {"artifacts": ["Speed Sigil"], "hand": ["Bad Penny", "Nexus"]},
            "player2": {"houses": ["brobnar"], "hand": ["Troll", "Krump"], "deck": DECK},
        },
        answers=["right", "right"],
    )
    eng.play(card(eng, "Bad Penny"))
    eng.play(card(eng, "Nexus"))
    assert not card(eng, "Bad Penny").exhausted
    assert card(eng, "Nexus").exhausted
    end_turn(eng)  # the opponent's turn: their first creature played enters ready too
    eng.play(card(eng, "Troll"))
    eng.play(card(eng, "Krump"))
    assert not card(eng, "Troll").exhausted
    assert card(eng, "Krump").exhausted


def test_one_stood_against_many_fights_three_different_enemies(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "sanctum"},
            "player1": {"hand": ["One Stood Against Many"], "battleline": [{"card": "Troll", "exhausted": True}]},
            "player2": {"battleline": ["Dust Pixie", "Bad Penny", "Snufflegator", "Mighty Tiger"]},
        },
        answers=["Dust Pixie", "Snufflegator", "Bad Penny"],
    )
    eng.play(card(eng, "One Stood Against Many"))
    troll = card(eng, "Troll")
    assert troll.damage == 1 + 4 + 1 and troll.exhausted
    assert [c.name for c in eng.game.players["player2"].creatures] == ["Mighty Tiger"]


def test_one_stood_against_many_never_fights_the_same_creature_twice(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "sanctum"},
            "player1": {"hand": ["One Stood Against Many"], "battleline": ["Snufflegator"]},
            "player2": {"battleline": ["Troll", "Krump"]},
        },
        answers=["Troll"],
    )
    eng.play(card(eng, "One Stood Against Many"))
    # Troll, then Krump (the only creature not fought yet); no third fight: a second fight
    # against Troll would have destroyed it (4 + 4 damage)
    assert card(eng, "Troll").damage == 4 and card(eng, "Troll").zone == "battleline"
    assert card(eng, "Krump").damage == 4
    assert card(eng, "Snufflegator").damage == 0  # skirmish


def test_wretched_doll_puts_a_doom_counter_then_destroys_the_doomed(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "dis"},
            "player1": {"artifacts": ["Wretched Doll"]},
            "player2": {"battleline": ["Troll", "Krump"]},
        },
        answers=["Krump"],
    )
    doll = card(eng, "Wretched Doll")
    eng.use(doll, "action")
    assert card(eng, "Krump").zone == "battleline" and card(eng, "Troll").zone == "battleline"
    doll.exhausted = False  # used again (as on a later turn)
    eng.use(doll, "action")
    assert card(eng, "Krump").zone == "discard"
    assert card(eng, "Troll").zone == "battleline"


def test_wretched_doll_doom_counter_leaves_play_with_its_creature(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "dis"},
            "player1": {"artifacts": ["Wretched Doll"]},
            "player2": {"battleline": ["Troll", "Krump"]},
        },
        answers=["Krump"],
    )
    doll = card(eng, "Wretched Doll")
    eng.use(doll, "action")
    eng.destroy([card(eng, "Krump")])
    doll.exhausted = False
    eng.use(doll, "action")  # no doom counter in play: a new one goes on Troll, nothing is destroyed
    assert card(eng, "Troll").zone == "battleline"
    doll.exhausted = False
    eng.use(doll, "action")
    assert card(eng, "Troll").zone == "discard"


def test_project_zyx_plays_an_archived_card_of_another_house(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"battleline": ["Project Z.Y.X."], "archives": ["Bumpsy"]},
            "player2": {"amber": 2},
        },
        answers=["yes", "right"],
    )
    eng.use(card(eng, "Project Z.Y.X."), "reap")
    assert card(eng, "Bumpsy").zone == "battleline"
    assert eng.game.players["player2"].amber == 1  # played: Bumpsy's "Play:" resolved


def test_project_zyx_may_decline(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"battleline": ["Project Z.Y.X."], "archives": ["Bumpsy"]},
        },
        answers=["no"],
    )
    eng.use(card(eng, "Project Z.Y.X."), "reap")
    assert card(eng, "Bumpsy").zone == "archives"


def test_project_zyx_asks_nothing_without_a_playable_archived_card(kb_conn):
    # Kelifi Dragon cannot be played unless its player has 7 Æmber: there is no choice to offer
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"battleline": ["Project Z.Y.X."], "archives": ["Kelifi Dragon"]},
        },
    )
    eng.use(card(eng, "Project Z.Y.X."), "reap")
    assert not [d for d in eng.chooser.decisions if d.asked]
    assert card(eng, "Kelifi Dragon").zone == "archives"
