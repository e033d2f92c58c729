"""Copies and alternative forms (engine.rules.copies), cards considered creatures in the battleline
(engine.rules.mechanics.artifact_creatures), keywords upgrades give, and the 16.0 cards they serve: each on a
board of its own, checked by what a player would see."""

from __future__ import annotations

import pytest

from engine.core.errors import ChoiceError, IllegalAction
from engine.rules.houses import belongs_to
from engine.rules.keywords import granted
from engine.rules.turn import end_turn

from boards import card, engine_for, labels


# ------------------------------------------------------------------------------ Mimic Gel


def test_mimic_gel_needs_another_creature_in_play(kb_conn):
    eng = engine_for(
        kb_conn,
        {"turn": {"active": "player1", "house": "logos"}, "player1": {"hand": [{"card": "Mimic Gel", "id": "gel"}]}},
    )
    with pytest.raises(IllegalAction, match="play restriction"):
        eng.play(card(eng, "gel"))
    assert labels(eng, "player1", "hand") == ["gel"]


def test_mimic_gel_is_played_as_itself_and_enters_as_the_chosen_copy(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"hand": [{"card": "Mimic Gel", "id": "gel"}], "battleline": ["Urchin"]},
            "player2": {"battleline": ["Troll"]},
        },
        answers=["Troll", "right"],
    )
    gel = card(eng, "gel")
    eng.play(gel)
    # the Rule of Six counts the card played, Mimic Gel; in play it is a Logos Troll
    assert eng.game.six == {"Mimic Gel": 1}
    assert (gel.name, gel.house, eng.power(gel)) == ("Troll", "logos", 8)
    assert labels(eng, "player1", "battleline") == ["Urchin", "gel"]


def test_mimic_gel_copy_ends_when_it_leaves_play(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"hand": [{"card": "Mimic Gel", "id": "gel"}]},
            "player2": {"battleline": ["Troll"]},
        },
    )
    gel = card(eng, "gel")
    eng.play(gel)
    assert gel.name == "Troll"
    eng.destroy([gel])
    assert labels(eng, "player1", "discard") == ["gel"]
    assert (gel.name, gel.house, gel.type) == ("Mimic Gel", "logos", "creature")


def test_mimic_gel_put_into_play_also_enters_as_a_copy(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"discard": [{"card": "Mimic Gel", "id": "gel"}]},
            "player2": {"battleline": ["Troll"]},
        },
    )
    gel = card(eng, "gel")
    eng.put_into_play(gel, "player1")
    assert gel.name == "Troll" and eng.power(gel) == 8 and labels(eng, "player1", "battleline") == ["gel"]


def test_mimic_gel_without_deploy_in_its_copy_goes_on_a_flank(kb_conn):
    setup = {
        "turn": {"active": "player1", "house": "logos"},
        "player1": {"hand": [{"card": "Mimic Gel", "id": "gel"}], "battleline": ["Troll", "Urchin"]},
    }
    eng = engine_for(kb_conn, setup, answers=["Troll", 1])  # a position is not a flank
    with pytest.raises(ChoiceError, match="flank"):
        eng.play(card(eng, "gel"))
    eng = engine_for(kb_conn, setup, answers=["Troll", "left"])
    eng.play(card(eng, "gel"))
    assert labels(eng, "player1", "battleline") == ["gel", "Troll", "Urchin"]
    assert card(eng, "gel").exhausted


# ------------------------------------------------------------------------------ Auto-Legionary

LEGIONARY = {
    "turn": {"active": "player1", "house": "saurian"},
    "player1": {"amber": 0, "artifacts": [{"card": "Auto-Legionary", "id": "legionary"}], "battleline": ["Troll"]},
}


def test_auto_legionary_is_an_artifact_until_put_in_the_battleline(kb_conn):
    eng = engine_for(kb_conn, LEGIONARY, answers=["left"])
    legionary = card(eng, "legionary")
    assert legionary.type == "artifact"
    with pytest.raises(IllegalAction, match="not a creature"):
        eng.use(legionary, "reap")
    eng.use(legionary, "action")
    assert labels(eng, "player1", "battleline") == ["legionary", "Troll"]
    assert labels(eng, "player1", "artifacts") == []
    assert legionary.type == "creature" and eng.power(legionary) == 5 and legionary.exhausted


@pytest.mark.parametrize("version, belongs_to_dis", [("1.3", True), ("16.0", False)])
def test_auto_legionary_house_printed_and_erratum(kb_conn, version, belongs_to_dis):
    """Printed: it belongs to all houses; the 16.0 erratum: it may only be used as if it belonged
    to the active house. Either way it is used on a Brobnar turn."""
    setup = {
        "turn": {"active": "player1", "house": "brobnar"},
        "player1": {"amber": 0, "battleline": [{"card": "Auto-Legionary", "id": "legionary"}]},
    }
    eng = engine_for(kb_conn, setup, version=version)
    legionary = card(eng, "legionary")
    assert belongs_to(eng, legionary, "dis") is belongs_to_dis
    eng.use(legionary, "reap")
    assert eng.game.players["player1"].amber == 1


def test_auto_legionary_in_artifacts_is_used_only_on_its_house(kb_conn):
    setup = dict(LEGIONARY, turn={"active": "player1", "house": "brobnar"})
    eng = engine_for(kb_conn, setup)
    with pytest.raises(IllegalAction, match="active house"):
        eng.use(card(eng, "legionary"), "action")


# ------------------------------------------------------------------------------ Explo-rover, Exhume


def test_explo_rover_from_hand_as_a_creature_or_an_upgrade(kb_conn):
    setup = {
        "turn": {"active": "player1", "house": "staralliance"},
        "player1": {"hand": ["Explo-rover"], "battleline": ["Troll"]},
    }
    eng = engine_for(kb_conn, setup, answers=["creature", "right"])
    eng.play(card(eng, "Explo-rover"))
    rover = card(eng, "Explo-rover")
    assert labels(eng, "player1", "battleline") == ["Troll", "Explo-rover"]
    assert eng.has(rover, "skirmish") and eng.power(rover) == 3
    assert not eng.has(card(eng, "Troll"), "skirmish")

    eng = engine_for(kb_conn, setup, answers=["upgrade"])
    eng.play(card(eng, "Explo-rover"))
    rover, troll = card(eng, "Explo-rover"), card(eng, "Troll")
    assert rover.type == "upgrade" and [u.label for u in troll.upgrades] == ["Explo-rover"]
    assert eng.has(troll, "skirmish")
    eng.destroy([troll])  # the upgrade goes to the discard pile and is the creature card again
    assert sorted(labels(eng, "player1", "discard")) == ["Explo-rover", "Troll"]
    assert rover.type == "creature" and rover.upgrades == [] and rover.attached_to is None


def test_explo_rover_with_no_creature_in_play_is_played_as_a_creature_without_asking(kb_conn):
    eng = engine_for(
        kb_conn, {"turn": {"active": "player1", "house": "staralliance"}, "player1": {"hand": ["Explo-rover"]}}
    )
    eng.play(card(eng, "Explo-rover"))
    assert labels(eng, "player1", "battleline") == ["Explo-rover"]
    eng.chooser.finish()


def test_exhume_chooses_only_creatures_and_may_decline(kb_conn):
    setup = {
        "turn": {"active": "player1", "house": "dis"},
        "player1": {"amber": 0, "hand": ["Exhume"], "discard": ["Fertility Chant", "Troll"]},
    }
    eng = engine_for(kb_conn, setup, answers=["no"])  # Troll is the only creature: chosen without asking
    eng.play(card(eng, "Exhume"))
    assert labels(eng, "player1", "discard") == ["Exhume", "Fertility Chant", "Troll"]
    eng = engine_for(kb_conn, setup, answers=["yes"])
    eng.play(card(eng, "Exhume"))
    # played as if of the active house and from hand: a Brobnar creature on a Dis turn
    assert labels(eng, "player1", "battleline") == ["Troll"]
    assert labels(eng, "player1", "discard") == ["Exhume", "Fertility Chant"]
    eng.chooser.finish()


# ------------------------------------------------------------------------------ Foggify, keywords


def test_foggify_stops_fights_on_the_opponents_next_turn_only(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {
                "hand": ["Foggify"],
                "battleline": [{"card": "Troll", "id": "mine"}],
                "houses": ["logos"],
                "deck": ["Troll"] * 6,
            },
            "player2": {"battleline": ["Troll"], "deck": ["Troll"] * 6, "houses": ["brobnar"]},
        },
    )
    eng.play(card(eng, "Foggify"))
    mine, troll = card(eng, "mine"), eng.game.players["player2"].creatures[0]
    end_turn(eng)  # player2's turn, Brobnar
    with pytest.raises(IllegalAction, match="cannot fight"):
        eng.use(troll, "fight", target=mine)
    eng.use(troll, "reap")  # other uses are allowed
    eng.chooser.add(["logos"])
    end_turn(eng)  # player1's turn
    end_turn(eng)  # player2's following turn: fights are allowed again
    eng.use(troll, "fight", target=mine)
    assert mine.zone == "discard"


def test_upgrade_text_gives_keywords():
    assert granted("This creature gains skirmish.") == {"skirmish": 1}
    assert granted("This creature gains elusive and assault 2.") == {"elusive": 1, "assault": 2}
    assert granted("This creature gains, “Reap: Gain 1.”") == {}
    # keywords with a quoted ability after them: the keywords are granted here, the ability is the
    # compiled text's (Instrument of Silence: "This creature gains skirmish and, "Fight: Gain 1A."")
    assert granted("This creature gains skirmish and “Fight: Draw a card.”") == {"skirmish": 1}
    assert granted("This creature gets +2 power and gains skirmish.") == {}
