"""Æmber moved off creatures to each one's own controller ("move 1 A from each creature to its
controller's pool", engine/compile/templates/clauses_amber_quantities.toml), read with the tide's
"if the tide is high, ... Otherwise, raise the tide."."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize(
    "tide, mine, theirs, troll, krump, high", [("player1", 1, 3, 1, 0, "player1"), ("player2", 0, 2, 2, 1, "player1")]
)
def test_each_creature_gives_one_amber_to_its_controller(kb_conn, tmp_path, tide, mine, theirs, troll, krump, high):
    assert_compiled(kb_conn, "Bury Riches")
    # "Play: If the tide is high, move 1 A from each creature to its controller's pool. Otherwise,
    # raise the tide." High for player1: Troll's 1 of 2 goes to player1, Krump's 1 to player2 (its
    # controller), Bumpsy has none. Low: nothing moves, player1 raises the tide.
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: bury-riches
        setup:
          turn: {{active: player1, house: saurian, tide_high: {tide}}}
          player1: {{amber: 0, hand: [Bury Riches], battleline: [{{card: Troll, amber: 2}}]}}
          player2: {{amber: 2, battleline: [{{card: Krump, amber: 1}}, Bumpsy]}}
        actions:
          - play: Bury Riches
        expect:
          "16.0": {{player1.amber: {mine}, player2.amber: {theirs}, Troll.amber: {troll}, Krump.amber: {krump},
                   Bumpsy.amber: 0, tide_high: {high}}}
        """,
        )
    )
