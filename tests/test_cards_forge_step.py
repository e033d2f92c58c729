"""Keys forged in the "forge a key" step beyond the one the step forges: Forgemaster (CC archon power,
"Keys cost -1. Players may forge 1 additional key during their "forge a key" step."), Relativity Imp
(PV, "You cannot forge more than 2 keys each turn. After you forge a key during your "forge a key"
step, you may forge another key at current cost."); and Mookling (DT 370), "After your opponent forges
a key, give Mookling a +1 power counter for each A spent to forge that key."."""

from __future__ import annotations

import pytest

from boards import assert_passed, replay

_DECK = "[Punch, Punch, Punch, Punch, Punch, Punch]"


@pytest.mark.parametrize("answer, keys, left", [("yes", 2, 1), ("no", 1, 6)])
def test_forgemaster_one_additional_key(kb_conn, tmp_path, answer, keys, left):
    # keys cost 5: 11 Æmber forge two (1 left), and no third however much is left
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
            id: forgemaster-additional
            setup:
              turn: {{active: player2, house: brobnar}}
              player1: {{amber: 11, archon_power: Forgemaster, hand: [Troll]}}
              player2: {{amber: 0, deck: {_DECK}}}
            actions:
              - {{end_turn: true, to_step: 2, choices: [{answer}]}}
            expect:
              "16.0": {{player1.keys: {keys}, player1.amber: {left}}}
            """,
        )
    )


def test_forgemaster_gives_no_third_key(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
            id: forgemaster-no-third
            setup:
              turn: {{active: player2, house: brobnar}}
              player1: {{amber: 16, archon_power: Forgemaster, hand: [Troll]}}
              player2: {{amber: 0, deck: {_DECK}}}
            actions:
              - {{end_turn: true, to_step: 2, choices: [yes]}}
            expect:
              "16.0": {{player1.keys: 2, player1.amber: 6}}
            """,
        )
    )


def test_relativity_imp_stops_at_two_keys(kb_conn, tmp_path):
    # 18 Æmber: a key, another (the Imp), and the Imp's ability again: the third key is not forged
    # (the limit stops it as a "cannot forge" does: asked, then nothing spent)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
            id: relativity-imp-two
            setup:
              turn: {{active: player2, house: brobnar}}
              player1: {{amber: 18, battleline: ["Relativity Imp (PV 026)"]}}
              player2: {{amber: 0, deck: {_DECK}}}
            actions:
              - {{end_turn: true, to_step: 2, choices: [yes, yes]}}
            expect:
              "16.0": {{player1.keys: 2, player1.amber: 6}}
            """,
        )
    )


def test_mookling_grows_by_the_amber_spent(kb_conn, tmp_path):
    # player 2's key costs 6: Mookling (power 2) gets 6 +1 power counters
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
            id: mookling-spent
            setup:
              turn: {{active: player1, house: untamed}}
              player1: {{amber: 0, battleline: ["Mookling (DT 370)"], deck: {_DECK}}}
              player2: {{amber: 7, deck: {_DECK}, hand: [Troll]}}
            actions:
              - {{end_turn: true, to_step: 2}}
            expect:
              "16.0": {{player2.keys: 1, Mookling.power: 8}}
            """,
        )
    )
