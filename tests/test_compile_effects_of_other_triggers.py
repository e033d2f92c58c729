"""Abilities that resolve at another trigger too (engine.rules.shared_triggers: "each friendly
creature's fight effects and reap effects are fight/reap effects") and the later wordings of shapes
read before: MM's "after a key is forged" (WC's "after a player forges a key"), "move 1 from any
player's pool to <this card>"."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_a_reap_effect_made_a_fight_reap_effect_resolves_after_a_fight(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Livia the Elder")
    # Livia reaps and is exalted; Paraguardian (6 power, "Reap: You may exalt Paraguardian. If you
    # do, ward each of its neighbors.") then fights Bumpsy (5): its reap effect resolves after the
    # fight, so it is exalted and its neighbor Livia is warded
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: livia-reap-effect-after-fight
        setup:
          turn: {active: player1, house: saurian}
          player1: {amber: 0, battleline: ["Livia the Elder (WC 225)", "Paraguardian (WC 206)"]}
          player2: {amber: 0, battleline: [Bumpsy]}
        actions:
          - reap: Livia the Elder
            choices: ["yes"]
          - fight: {attacker: Paraguardian, target: Bumpsy}
            choices: ["yes"]
        expect:
          "16.0": {Bumpsy.zone: discard, Paraguardian.amber: 1, Livia the Elder.ward: true, player1.amber: 1}
        """,
        )
    )


def test_without_the_exalt_a_reap_effect_stays_a_reap_effect(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: livia-declined-reap-effect-after-fight
        setup:
          turn: {active: player1, house: saurian}
          player1: {amber: 0, battleline: ["Livia the Elder (WC 225)", "Paraguardian (WC 206)"]}
          player2: {amber: 0, battleline: [Bumpsy]}
        actions:
          - reap: Livia the Elder
            choices: ["no"]
          - fight: {attacker: Paraguardian, target: Bumpsy}
        expect:
          "16.0": {Bumpsy.zone: discard, Paraguardian.amber: 0, Livia the Elder.ward: false, player1.amber: 1}
        """,
        )
    )


def test_after_a_key_is_forged_the_growth_counters_go(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Vineapple Tree")
    # MM's Vineapple Tree: "Keys cost +1 for each growth counter ... After a key is forged, remove
    # each growth counter": player 2 forges at 7 (8 - 7 = 1 left), then keys cost 6 again
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: vineapple-tree-mm-forged
        setup:
          turn: {active: player1, house: untamed}
          player1: {artifacts: ["Vineapple Tree (MM 410)"], deck: [Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy]}
          player2: {amber: 8, houses: [brobnar, dis, shadows], battleline: [Troll],
                    deck: [Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy]}
        actions:
          - action: Vineapple Tree
          - end_turn: true
            choices: [brobnar]
        expect:
          "16.0": {player2.keys: 1, player2.amber: 1, player2.key_cost: 6}
        """,
        )
    )
