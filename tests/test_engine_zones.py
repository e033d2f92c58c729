"""General rules of playing and putting into play, zones, control, houses, the turn: real games
built from scenario setups, checked by what a player would see."""

from __future__ import annotations


import pytest

from engine.core.choices import Chooser
from engine.core.errors import ChoiceError, IllegalAction
from engine.rules.game import Engine
from engine.rules.rulesets import ruleset_from_kb
from engine.replay.setup import CardCatalog, build_game
from engine.rules.turn import choose_house, end_turn, take_archives

from boards import card, labels, replay


def engine_for(kb_conn, setup: dict, version: str = "1.3", answers=()) -> Engine:
    game = build_game(setup, CardCatalog(kb_conn))
    return Engine(game, ruleset_from_kb(kb_conn, "keyforge", version), Chooser(answers))


# ------------------------------------------------------------------------------ playing order

LIBRARY_WORMHOLE = {
    "turn": {"active": "player1", "house": "logos"},
    "player1": {"hand": ["Library Access", "Wild Wormhole"], "deck": ["Troll", "Fertility Chant", "Dust Pixie"]},
}


def test_library_access_and_wild_wormhole_resolve_in_the_faq_order(kb_conn):
    eng = engine_for(kb_conn, LIBRARY_WORMHOLE, "1.2")
    eng.play(card(eng, "Library Access"))
    eng.play(card(eng, "Wild Wormhole"))
    trace = eng.game.trace
    steps = [
        "gains 1 Æmber from Wild Wormhole's Æmber bonus",
        "reacts to played of Wild Wormhole",
        "Fertility Chant is played from the top of the deck",
        "gains 4 Æmber from Fertility Chant's",
        "reacts to played of Fertility Chant",
        "player2 gains 2 Æmber from Fertility Chant",
    ]
    at = [next(i for i, line in enumerate(trace) if step in line) for step in steps]
    assert at == sorted(at)
    assert labels(eng, "player1", "hand") == ["Troll", "Dust Pixie"]


def test_from_16_0_the_active_player_orders_reactions_and_play_ability(kb_conn):
    eng = engine_for(kb_conn, LIBRARY_WORMHOLE, "16.0")
    eng.play(card(eng, "Library Access"))
    with pytest.raises(ChoiceError, match="resolves next.*options: Library Access, Wild Wormhole"):
        eng.play(card(eng, "Wild Wormhole"))
    eng = engine_for(kb_conn, LIBRARY_WORMHOLE, "16.0", answers=["Library Access", "Library Access"])
    eng.play(card(eng, "Library Access"))
    eng.play(card(eng, "Wild Wormhole"))
    eng.chooser.finish()
    assert labels(eng, "player1", "hand") == ["Troll", "Dust Pixie"]  # the 1.x order is one choice
    assert eng.game.players["player2"].amber == 2


def test_library_access_lasting_effect_outlives_the_card(kb_conn):
    for version, zone in (("1.2", "discard"), ("1.3", "purged")):
        eng = engine_for(
            kb_conn,
            {
                "turn": {"active": "player1", "house": "logos"},
                "player1": {"hand": ["Library Access", "Phase Shift"], "deck": ["Troll"]},
            },
            version,
        )
        eng.play(card(eng, "Library Access"))
        assert card(eng, "Library Access").zone == zone
        eng.play(card(eng, "Phase Shift"))
        assert labels(eng, "player1", "hand") == ["Troll"]


# ------------------------------------------------------------------------------ play from elsewhere, put into play


def test_card_played_from_deck_ignores_house_and_first_turn_but_not_its_own_restriction(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos", "first_turn": True},
            "player1": {"amber": 6, "hand": ["Wild Wormhole"], "deck": ["Kelifi Dragon", "Virtuous Works"]},
        },
    )
    eng.play(card(eng, "Wild Wormhole"))  # 7 Æmber after the bonus: the Dragon can be played
    assert card(eng, "Kelifi Dragon").zone == "battleline"
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"amber": 5, "hand": ["Wild Wormhole"], "deck": ["Kelifi Dragon"]},
        },
    )
    eng.play(card(eng, "Wild Wormhole"))
    assert labels(eng, "player1", "deck") == ["Kelifi Dragon"]
    assert eng.game.six.get("Kelifi Dragon") is None  # not played: the Rule of Six does not count it


def test_put_into_play_skips_restrictions_bonus_and_play_ability(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"purged": ["Kelifi Dragon", "Raiding Knight"]},
            "player2": {"amber": 3},
        },
        answers=["right"],
    )
    eng.put_into_play(card(eng, "Kelifi Dragon"), "player1")
    eng.put_into_play(card(eng, "Raiding Knight"), "player1")
    assert labels(eng, "player1", "battleline") == ["Kelifi Dragon", "Raiding Knight"]
    assert card(eng, "Raiding Knight").amber == 0 and eng.game.players["player2"].amber == 3
    assert card(eng, "Kelifi Dragon").exhausted and eng.game.played_from_hand == 0


def test_spangler_box_changes_control_and_brings_back_what_it_purged(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player2", "house": "logos"},
            "player1": {"battleline": ["Kelifi Dragon"]},
            "player2": {"artifacts": ["Spangler Box"]},
        },
    )
    box = card(eng, "Spangler Box")
    eng.use(box, "action")
    assert box.controller == "player1" and box.owner == "player2" and box.exhausted
    assert labels(eng, "player1", "artifacts") == ["Spangler Box"] and labels(eng, "player2", "artifacts") == []
    assert labels(eng, "player1", "purged") == ["Kelifi Dragon"]
    eng.destroy([box])  # leaves play under player1's control: to its owner's discard pile
    assert labels(eng, "player2", "discard") == ["Spangler Box"]
    assert card(eng, "Kelifi Dragon").zone == "battleline" and card(eng, "Kelifi Dragon").controller == "player1"


def test_poltergeist_uses_an_opponents_artifact_as_its_own_then_destroys_it(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "dis"},
            "player1": {"hand": ["Poltergeist"], "battleline": ["Troll"]},
            "player2": {"artifacts": ["Spangler Box"], "battleline": ["Snufflegator"]},
        },
        answers=["Snufflegator"],
    )
    eng.play(card(eng, "Poltergeist"))
    eng.chooser.finish()
    # player1 used the Box: it purged Snufflegator and passed to player1's opponent (its owner, who
    # controlled it already); destroyed, the Box returns what it purged
    assert labels(eng, "player2", "discard") == ["Spangler Box"]
    assert labels(eng, "player2", "battleline") == ["Snufflegator"]


def test_masterplan_puts_a_card_beneath_and_plays_it_later(kb_conn):
    eng = engine_for(
        kb_conn,
        {"turn": {"active": "player1", "house": "shadows"}, "player1": {"hand": ["Masterplan", "Virtuous Works"]}},
    )
    eng.play(card(eng, "Masterplan"))
    plan = card(eng, "Masterplan")
    assert [c.label for c in plan.beneath] == ["Virtuous Works"] and labels(eng, "player1", "hand") == []
    plan.exhausted = False
    eng.use(plan, "omni")
    assert eng.game.players["player1"].amber == 1 + 3
    assert labels(eng, "player1", "discard") == ["Masterplan", "Virtuous Works"]


# ------------------------------------------------------------------------------ restrictions on playing


def test_rule_of_six_counts_plays_of_a_title(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "sanctum"},
            "player1": {"hand": [{"card": "Virtuous Works", "id": f"w{i}"} for i in range(7)]},
        },
    )
    for i in range(6):
        eng.play(card(eng, f"w{i}"))
    with pytest.raises(IllegalAction, match="Rule of Six"):
        eng.play(card(eng, "w6"))
    end_turn(eng, to_step=1)
    assert eng.game.six == {}


def test_mimicry_offers_only_copies_it_may_be_played_as(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "untamed"},
            "player1": {"hand": ["Mimicry", "Phase Shift"]},
            "player2": {"discard": ["Fertility Chant", "Eureka!", "Troll"]},
        },
    )
    eng.game.step3_actions = 1  # something was done already: Eureka! (alpha) cannot be copied
    eng.play(card(eng, "Mimicry"))  # one legal copy: nothing to decide
    assert eng.game.players["player1"].amber == 4 and eng.game.six == {"Fertility Chant": 1}
    assert card(eng, "Mimicry").name == "Mimicry" and labels(eng, "player1", "discard") == ["Mimicry"]


def test_mimicry_with_nothing_to_copy_is_played_as_itself(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "untamed"},
            "player1": {"hand": ["Mimicry"]},
            "player2": {"discard": ["Troll"]},
        },
    )
    eng.play(card(eng, "Mimicry"))
    assert labels(eng, "player1", "discard") == ["Mimicry"] and eng.game.six == {"Mimicry": 1}


def test_alpha_only_first_in_step_3(kb_conn):
    setup = {
        "turn": {"active": "player1", "house": "logos"},
        "player1": {"hand": ["Eureka!", "Phase Shift", "Troll", "Dust Pixie"]},
    }
    eng = engine_for(kb_conn, setup)
    eng.play(card(eng, "Phase Shift"))
    with pytest.raises(IllegalAction, match="Alpha"):
        eng.play(card(eng, "Eureka!"))
    eng = engine_for(kb_conn, setup)
    eng.play(card(eng, "Eureka!"))
    assert eng.game.players["player1"].amber == 3 and len(labels(eng, "player1", "archives")) == 2


def test_omega_ends_step_3(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "dis"},
            "player1": {"hand": ["Unlocked Gateway", "The Terror"], "battleline": ["Pitlord"]},
            "player2": {"battleline": ["Troll"]},
        },
    )
    eng.play(card(eng, "Unlocked Gateway"))
    assert eng.game.creatures() == []
    with pytest.raises(IllegalAction, match="Omega"):
        eng.play(card(eng, "The Terror"))


def test_deploy_places_a_creature_anywhere_only_when_played(kb_conn):
    setup = {
        "turn": {"active": "player1", "house": "sanctum"},
        "player1": {"hand": ["Challe the Safeguard"], "battleline": ["Troll", "Snufflegator"]},
    }
    eng = engine_for(kb_conn, setup, answers=[1])
    eng.play(card(eng, "Challe the Safeguard"))
    assert labels(eng, "player1", "battleline") == ["Troll", "Challe the Safeguard", "Snufflegator"]
    eng = engine_for(kb_conn, setup, answers=["left"])
    eng.put_into_play(card(eng, "Challe the Safeguard"), "player1")
    assert labels(eng, "player1", "battleline") == ["Challe the Safeguard", "Troll", "Snufflegator"]


def test_first_turn_rule_counts_a_discard(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "sanctum", "first_turn": True},
            "player1": {"hand": [{"card": "Virtuous Works", "id": "a"}, {"card": "Virtuous Works", "id": "b"}]},
        },
    )
    eng.discard_from_hand(card(eng, "a"))
    with pytest.raises(IllegalAction, match="First Turn Rule"):
        eng.play(card(eng, "b"))


# ------------------------------------------------------------------------------ choices


def test_choosing_as_many_cards_as_there_are_asks_nothing(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "untamed"},
            "player1": {"hand": ["Lost in the Woods"], "battleline": ["Troll", "Dust Pixie"]},
            "player2": {"battleline": ["Snufflegator", "Pitlord", "Restringuntus"]},
        },
        answers=["Pitlord", "Restringuntus"],
    )
    eng.play(card(eng, "Lost in the Woods"))
    eng.chooser.finish()
    assert labels(eng, "player1", "battleline") == [] and sorted(labels(eng, "player1", "deck")) == [
        "Dust Pixie",
        "Troll",
    ]
    assert labels(eng, "player2", "battleline") == ["Snufflegator"]


# ------------------------------------------------------------------------------ archives


def test_dysania_gains_only_for_cards_really_discarded(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player2", "house": "mars"},
            "player1": {"keys": 1, "hand": ["Dysania"], "battleline": ["Troll"]},
            "player2": {"hand": ["Sample Collection"], "archives": ["Snufflegator"]},
        },
    )
    eng.play(card(eng, "Sample Collection"))
    assert labels(eng, "player2", "archives") == ["Snufflegator", "Troll"]
    end_turn(eng, to_step=2)
    choose_house(eng, "logos")
    eng.play(card(eng, "Dysania"))
    assert labels(eng, "player1", "hand") == ["Troll"] and labels(eng, "player2", "discard") == ["Snufflegator"]
    assert eng.game.players["player1"].amber == 1


def test_taking_archives_returns_an_opponents_card_to_its_owner(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"archives": ["Troll", {"card": "Snufflegator", "owner": "player2"}]},
        },
    )
    take_archives(eng, True)
    assert labels(eng, "player1", "hand") == ["Troll"] and labels(eng, "player2", "hand") == ["Snufflegator"]
    assert labels(eng, "player1", "archives") == []


# ------------------------------------------------------------------------------ houses


def test_house_choice_must_cannot_and_control(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "step": 2},
            "player1": {"houses": ["dis", "brobnar", "logos"], "battleline": ["Pitlord"]},
        },
    )
    with pytest.raises(IllegalAction, match="legal houses are dis"):
        choose_house(eng, "brobnar")
    choose_house(eng)  # Pitlord leaves one legal house: nothing to decide
    assert eng.game.active_house == "dis"
    # a card of another house under player1's control makes that house eligible
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player2", "house": "logos"},
            "player1": {"houses": ["brobnar", "dis", "logos"], "battleline": ["Troll"]},
            "player2": {"houses": ["untamed", "mars", "shadows"], "artifacts": ["Spangler Box"]},
        },
    )
    eng.use(card(eng, "Spangler Box"), "action")
    end_turn(eng, to_step=2)
    choose_house(eng, "logos")
    assert eng.game.active_house == "logos"


def test_no_legal_house_means_no_active_house(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player2", "house": "dis"},
            "player1": {"houses": ["dis", "brobnar", "logos"], "battleline": ["Pitlord"]},
            "player2": {"hand": ["Restringuntus"]},
        },
        "1.1",
        answers=["dis"],
    )
    eng.play(card(eng, "Restringuntus"))
    end_turn(eng)  # to step 3: no house is legal, nothing is asked
    assert eng.game.active_house is None and eng.game.step == 3
    eng.destroy([card(eng, "Restringuntus")])
    end_turn(eng)
    end_turn(eng, to_step=2)  # Restringuntus left play: its restriction ended
    choose_house(eng, "dis")


# ------------------------------------------------------------------------------ end of turn, chains


def test_end_of_turn_ends_for_the_turn_permissions(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"houses": ["logos", "sanctum", "untamed"], "hand": ["Phase Shift", "Virtuous Works"]},
        },
    )
    eng.play(card(eng, "Phase Shift"))
    end_turn(eng)
    end_turn(eng, to_step=2)
    choose_house(eng, "logos")
    with pytest.raises(IllegalAction, match="not of the active house"):
        eng.play(card(eng, "Virtuous Works"))


def test_seven_chains_draw_two_fewer_then_shed_one(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: seven
        setup:
          turn: {active: player1, house: brobnar}
          player1: {chains: 7, deck: [Troll, Troll, Troll, Troll, Troll, Troll, Troll, Troll]}
        actions: [{end_turn: true, to_step: 1}]
        expect:
          "1.1": {player1.hand_size: 4, player1.chains: 6}
        """,
        "1.1",
    )
    assert result.passed, result
