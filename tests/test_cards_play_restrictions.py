"""Board-level tests of the cards that need the engine's play-restriction hook, its record of the
cards played and its "used" event (engine.library.playing, engine.library.conditions)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.rules.turn import end_turn
from tests.boards import assert_passed, card, engine_for, replay


def test_ember_imp_stops_the_opponents_third_card(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player2", "house": "brobnar"},
            "player1": {"battleline": ["Ember Imp"]},
            "player2": {"hand": ["Bumpsy", "Troll", "Krump"]},
        },
        answers=["right", "right"],
    )
    eng.play(card(eng, "Bumpsy"))
    eng.play(card(eng, "Troll"))
    with pytest.raises(IllegalAction, match="more than 2"):
        eng.play(card(eng, "Krump"))


def test_grommid_forbids_its_controller_creatures_only(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "mars"},
            "player1": {"battleline": ["Grommid"], "hand": ["Mindwarper", "EMP Blast"]},
        },
    )
    with pytest.raises(IllegalAction, match="cannot play creature"):
        eng.play(card(eng, "Mindwarper"))
    eng.play(card(eng, "EMP Blast"))
    assert card(eng, "Grommid").stunned


def test_lifeward_stops_creature_plays_on_the_opponents_next_turn(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "dis"},
            "player1": {"artifacts": ["Lifeward"]},
            "player2": {"houses": ["brobnar"], "hand": ["Troll", "Barehanded"]},
        },
        answers=["brobnar"],
    )
    eng.use(card(eng, "Lifeward"), "omni")
    end_turn(eng)
    with pytest.raises(IllegalAction):
        eng.play(card(eng, "Troll"))
    eng.play(card(eng, "Barehanded"))


def test_treasure_map_gains_only_as_the_first_card_and_stops_further_plays(kb_conn):
    eng = engine_for(
        kb_conn, {"turn": {"active": "player1", "house": "shadows"}, "player1": {"hand": ["Treasure Map", "Urchin"]}}
    )
    eng.play(card(eng, "Treasure Map"))
    assert eng.game.players["player1"].amber == 1 + 3
    with pytest.raises(IllegalAction):
        eng.play(card(eng, "Urchin"))


def test_epic_quest_forges_after_seven_sanctum_plays(kb_conn):
    names = ["Clear Mind"] * 3 + ["Shield of Justice"] * 2 + ["Doorstep to Heaven"] * 2  # the Rule of Six
    for played, keys in ((6, 0), (7, 1)):
        hand = [{"card": name, "id": f"s{i}"} for i, name in enumerate(names)]
        eng = engine_for(
            kb_conn,
            {"turn": {"active": "player1", "house": "sanctum"}, "player1": {"artifacts": ["Epic Quest"], "hand": hand}},
        )
        for i in range(played):
            eng.play(card(eng, f"s{i}"))
        eng.use(card(eng, "Epic Quest"), "omni")
        assert eng.game.players["player1"].keys == keys
        assert card(eng, "Epic Quest").zone == ("discard" if keys else "artifacts")


def test_veylan_analyst_gains_for_each_artifact_use(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"battleline": ["Veylan Analyst"], "artifacts": ["Mobius Scroll"]},
        },
    )
    eng.use(card(eng, "Mobius Scroll"), "action")
    assert eng.game.players["player1"].amber == 1


def test_bonerot_venom_and_containment_field_hit_their_creature_after_each_use(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {
                "battleline": [
                    {"card": "Troll", "upgrades": ["Bonerot Venom"]},
                    {"card": "Krump", "upgrades": ["Containment Field"]},
                ]
            },
        },
    )
    eng.use(card(eng, "Troll"), "reap")
    assert card(eng, "Troll").damage == 2
    eng.use(card(eng, "Krump"), "reap")
    assert card(eng, "Krump").zone == "discard" and card(eng, "Troll").zone == "battleline"


def test_chronophage_gives_omega_to_the_opponents_artifacts_too(kb_conn, tmp_path):
    # Chronophage: "Your opponent's creatures and artifacts gain omega. (After they play that card,
    # end the current step.)": player 2 plays an artifact, Banner of Battle; step 3 ends, so Krump can
    # no longer be played; the keyword a constant ability gives reaches an artifact in play
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: chronophage-artifact
        setup:
          turn: {active: player2, house: brobnar}
          player1: {battleline: ["Chronophage (DT 017)"]}
          player2: {hand: [Banner of Battle, Krump]}
        actions:
          - play: Banner of Battle
          - play: Krump
        expect:
          "16.0": {Banner of Battle.zone: artifacts, Krump.zone: hand, illegal: 1}
        """,
        )
    )
