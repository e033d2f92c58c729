"""Entering play, putting into play and control (engine/compile/templates/abilities_entering.toml,
clauses_control.toml, and the hand definitions of the one-card shapes of that family)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_the_first_creature_you_play_each_turn_enters_play_ready_only_for_you(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Titanarpon")
    # "The first creature you play each turn enters play ready.": player 2, whose turn it is, plays
    # Troll, their first creature of the turn; Titanarpon is player 1's, so Troll enters exhausted
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: titanarpon-opponent
        setup:
          turn: {active: player2, house: brobnar}
          player1: {battleline: [Titanarpon]}
          player2: {hand: [Troll, Krump]}
        actions:
          - play: Troll
          - play: Krump
            flank: right
        expect:
          "16.0": {Troll.exhausted: true, Krump.exhausted: true}
        """,
        )
    )
    # on player 1's turn, the first creature they play enters ready, the second exhausted
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: titanarpon-own
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Titanarpon], hand: [Troll, Krump]}
        actions:
          - play: Krump
            flank: left
          - play: Troll
            flank: left
        expect:
          "16.0": {Krump.exhausted: false, Troll.exhausted: true}
        """,
        )
    )
