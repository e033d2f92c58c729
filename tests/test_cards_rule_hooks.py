"""Board-level tests of the cards that need the engine's general hooks of engine.rules.hooks
and engine.rules.replacements: attack checks that know the attacker, a timing point before every
fight, costs "in order to" use or play, a once-per-turn play permission, a start-of-turn event,
zone and gain replacements, artifacts entering play ready, the record of fights' destructions."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.rules.turn import end_turn
from tests.boards import card, engine_for, labels


def _amber(eng, player="player1") -> int:
    return eng.game.players[player].amber


def test_annihilation_ritual_purges_a_creature_destroyed_in_a_fight(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"battleline": ["Troll"]},
            "player2": {"artifacts": ["Annihilation Ritual"], "battleline": ["Bumpsy"]},
        },
    )
    eng.use(card(eng, "Troll"), "fight", card(eng, "Bumpsy"))
    assert labels(eng, "player2", "purged") == ["Bumpsy"] and labels(eng, "player2", "discard") == []


def test_without_annihilation_ritual_the_creature_is_discarded(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"battleline": ["Troll"]},
            "player2": {"battleline": ["Bumpsy"]},
        },
    )
    eng.use(card(eng, "Troll"), "fight", card(eng, "Bumpsy"))
    assert labels(eng, "player2", "discard") == ["Bumpsy"]


def test_ether_spider_captures_the_amber_its_opponent_would_gain(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"battleline": ["Troll"]},
            "player2": {"amber": 2, "battleline": ["Ether Spider"]},
        },
    )
    eng.use(card(eng, "Troll"), "reap")
    assert _amber(eng) == 0 and card(eng, "Ether Spider").amber == 1 and _amber(eng, "player2") == 2


def test_ether_spider_captures_stolen_amber_and_the_amber_bonus(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"hand": ["Punch"]},
            "player2": {"amber": 2, "battleline": ["Ether Spider"]},
        },
        answers=["Ether Spider"],
    )
    eng.play(card(eng, "Punch"))  # its Æmber bonus
    assert _amber(eng) == 0 and card(eng, "Ether Spider").amber == 1
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "shadows"},
            "player1": {"hand": ["Urchin"]},
            "player2": {"amber": 2, "battleline": ["Ether Spider"]},
        },
        answers=["right"],
    )
    eng.play(card(eng, "Urchin"))  # "Steal 1"
    assert _amber(eng) == 0 and _amber(eng, "player2") == 1 and card(eng, "Ether Spider").amber == 1


def test_ether_spider_leaves_its_controllers_gains_alone(kb_conn):
    eng = engine_for(
        kb_conn, {"turn": {"active": "player1", "house": "mars"}, "player1": {"battleline": ["Ether Spider"]}}
    )
    eng.use(card(eng, "Ether Spider"), "reap")
    assert _amber(eng) == 1 and card(eng, "Ether Spider").amber == 0


def test_evasion_sigil_stops_a_fight_when_the_discarded_card_is_of_the_active_house(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"battleline": ["Troll"], "deck": ["Krump", "Dextre"]},
            "player2": {"artifacts": ["Evasion Sigil"], "battleline": ["Bumpsy"]},
        },
    )
    eng.use(card(eng, "Troll"), "fight", card(eng, "Bumpsy"))
    assert labels(eng, "player1", "discard") == ["Krump"]
    assert card(eng, "Troll").exhausted and card(eng, "Troll").damage == 0
    assert card(eng, "Bumpsy").zone == "battleline" and card(eng, "Bumpsy").damage == 0


def test_evasion_sigil_lets_the_fight_go_on_otherwise(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"battleline": ["Troll"], "deck": ["Dextre", "Krump"]},
            "player2": {"artifacts": ["Evasion Sigil"], "battleline": ["Bumpsy"]},
        },
    )
    eng.use(card(eng, "Troll"), "fight", card(eng, "Bumpsy"))
    assert labels(eng, "player1", "discard") == ["Dextre"]
    assert card(eng, "Bumpsy").zone == "discard" and card(eng, "Troll").damage == 5


def test_a_creature_evasion_sigil_drives_out_of_play_is_not_exhausted_in_the_discard_pile(kb_conn):
    """Evasion Sigil's discard is player1's tenth: they are haunted, Awful Atoll takes 2 power from
    the damaged Troll and it is destroyed before it fights. The discarded Krump is of the active
    house, but "exhaust that creature" finds it in the discard pile, where a card keeps nothing of
    play (the fuzzer found it exhausted there)."""
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {
                "battleline": [{"card": "Troll", "damage": 6}],
                "deck": ["Krump", "Dextre"],
                "discard": ["Urchin"] * 9,
            },
            "player2": {"artifacts": ["Evasion Sigil", "Awful Atoll"], "battleline": ["Bumpsy"]},
        },
    )
    eng.use(card(eng, "Troll"), "fight", card(eng, "Bumpsy"))
    troll = card(eng, "Troll")
    assert troll.zone == "discard" and not troll.exhausted and troll.damage == 0
    assert card(eng, "Bumpsy").zone == "battleline" and card(eng, "Bumpsy").damage == 0
    assert "Troll left play before it fought: it does not fight" in eng.game.trace


def test_niffle_ape_attacks_past_taunt_and_through_elusive(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "untamed"},
            "player1": {"battleline": ["Niffle Ape", "Snufflegator"]},
            "player2": {"battleline": ["Urchin", "Champion Anaphiel"]},
        },
    )
    with pytest.raises(IllegalAction, match="taunt"):
        eng.use(card(eng, "Snufflegator"), "fight", card(eng, "Urchin"))
    eng.use(card(eng, "Niffle Ape"), "fight", card(eng, "Urchin"))
    assert card(eng, "Urchin").zone == "discard"


def test_spyyyder_has_poison_only_against_a_flank_creature(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "dis"},
            "player1": {"battleline": [{"card": "Spyyyder", "id": "a"}, {"card": "Spyyyder", "id": "b"}]},
            "player2": {
                "battleline": [
                    {"card": "Troll", "id": "t1"},
                    {"card": "Troll", "id": "t2"},
                    {"card": "Troll", "id": "t3"},
                ]
            },
        },
    )
    eng.use(card(eng, "a"), "fight", card(eng, "t2"))
    assert card(eng, "t2").zone == "battleline" and card(eng, "t2").damage == 2
    eng.use(card(eng, "b"), "fight", card(eng, "t3"))
    assert card(eng, "t3").zone == "discard"
    assert not eng.has(card(eng, "b"), "poison")  # only while attacking


def test_the_warchest_counts_enemy_creatures_destroyed_in_fights(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {
                "artifacts": ["The Warchest"],
                "hand": ["Punch"],
                "battleline": ["Troll", {"card": "Bumpsy", "id": "mine"}],
            },
            "player2": {"battleline": [{"card": "Bumpsy", "id": "theirs"}, "Krump", "Urchin"]},
        },
        answers=["Urchin"],
    )
    eng.use(card(eng, "Troll"), "fight", card(eng, "theirs"))  # an enemy destroyed in a fight
    eng.use(card(eng, "mine"), "fight", card(eng, "Krump"))  # a friendly one
    eng.play(card(eng, "Punch"))  # an enemy destroyed, not in a fight
    assert card(eng, "Urchin").zone == "discard" and card(eng, "mine").zone == "discard"
    before = _amber(eng)
    eng.use(card(eng, "The Warchest"), "action")
    assert _amber(eng) == before + 1


def test_director_of_zyx_archives_at_the_start_of_its_controllers_turn(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {
                "battleline": ["Director of Z.Y.X."],
                "deck": ["Dextre", "Troll", "Krump", "Bumpsy", "Urchin", "Punch", "Lava Ball", "Mighty Tiger"],
            },
            "player2": {"deck": ["Snufflegator"] * 7},
        },
    )
    end_turn(eng, to_step=2)  # player2's turn starts
    assert labels(eng, "player1", "archives") == []
    top = labels(eng, "player1", "deck")[0]
    end_turn(eng, to_step=2)  # player1's turn starts
    assert labels(eng, "player1", "archives") == [top]


def test_the_curator_makes_friendly_artifacts_enter_play_ready(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"battleline": ["The Curator"], "hand": ["Library of Babble"], "deck": ["Troll"]},
        },
    )
    eng.play(card(eng, "Library of Babble"))
    assert not card(eng, "Library of Babble").exhausted
    eng.use(card(eng, "Library of Babble"), "action")
    assert labels(eng, "player1", "hand") == ["Troll"]


def test_the_curator_leaves_enemy_artifacts_exhausted(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"hand": ["Library of Babble"]},
            "player2": {"battleline": ["The Curator"]},
        },
    )
    eng.play(card(eng, "Library of Babble"))
    assert card(eng, "Library of Babble").exhausted


def test_witch_of_the_wilds_permits_one_untamed_card_a_turn(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"battleline": ["Witch of the Wilds"], "hand": ["Dew Faerie", "Snufflegator"]},
        },
        answers=["right"],
    )
    eng.play(card(eng, "Dew Faerie"))
    assert card(eng, "Dew Faerie").zone == "battleline"
    with pytest.raises(IllegalAction, match="not of the active house"):
        eng.play(card(eng, "Snufflegator"))


def test_little_rapscal_makes_every_creature_fight_when_able(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"battleline": ["Troll"]},
            "player2": {"battleline": ["Little Rapscal"]},
        },
    )
    with pytest.raises(IllegalAction, match="must fight"):
        eng.use(card(eng, "Troll"), "reap")
    eng.use(card(eng, "Troll"), "fight", card(eng, "Little Rapscal"))


def test_little_rapscal_allows_reaping_with_nothing_to_fight(kb_conn):
    eng = engine_for(
        kb_conn,
        {"turn": {"active": "player1", "house": "brobnar"}, "player1": {"battleline": ["Little Rapscal", "Troll"]}},
    )
    eng.use(card(eng, "Troll"), "reap")
    assert _amber(eng) == 1


def test_tentacus_makes_the_opponent_pay_to_use_an_artifact(kb_conn):
    board = {
        "turn": {"active": "player1", "house": "logos"},
        "player1": {"artifacts": ["Library of Babble"], "deck": ["Troll"]},
        "player2": {"amber": 1, "battleline": ["Tentacus"]},
    }
    eng = engine_for(kb_conn, board)
    with pytest.raises(IllegalAction, match="cannot pay"):
        eng.use(card(eng, "Library of Babble"), "action")
    board["player1"]["amber"] = 2
    eng = engine_for(kb_conn, board)
    eng.use(card(eng, "Library of Babble"), "action")
    assert _amber(eng) == 1 and _amber(eng, "player2") == 2 and labels(eng, "player1", "hand") == ["Troll"]


def test_customs_office_makes_the_opponent_pay_to_play_an_artifact(kb_conn):
    board = {
        "turn": {"active": "player1", "house": "logos"},
        "player1": {"hand": ["Library of Babble", "Dextre"]},
        "player2": {"artifacts": ["Customs Office"]},
    }
    eng = engine_for(kb_conn, board)
    with pytest.raises(IllegalAction, match="cannot pay"):
        eng.play(card(eng, "Library of Babble"))
    eng.play(card(eng, "Dextre"))  # a creature costs nothing
    board["player1"]["amber"] = 3
    eng = engine_for(kb_conn, board)
    eng.play(card(eng, "Library of Babble"))
    assert _amber(eng) == 2 and _amber(eng, "player2") == 1
    assert card(eng, "Library of Babble").zone == "artifacts"
