""" "After a player chooses <house> as their active house, ..." (the ``house_chosen`` event of step 2,
engine.rules.turn; 16.0 timing chart: "'After you choose a house' effects resolve")."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize("house, gained", [("brobnar", 1), ("shadows", 0)])
def test_after_a_player_chooses_a_house(kb_conn, tmp_path, house, gained):
    assert_compiled(kb_conn, "Brobnar Plant")
    # "After a player chooses Brobnar as their active house, gain 1.": player2 choosing Brobnar on
    # their turn gives player1 (Brobnar Plant's controller) 1; choosing Shadows gives nothing
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: brobnar-plant
        setup:
          turn: {{active: player1, house: shadows}}
          player1: {{battleline: ["Brobnar Plant"]}}
          player2: {{battleline: ["Troll", "Urchin"]}}
        actions:
          - end_turn: true
            choices: [{house}]
        expect:
          "16.0": {{player1.amber: {gained}, player2.amber: 0, active: player2}}
        """,
        )
    )
