"""Control of a creature given to the opponent onto a named flank
(engine/compile/templates/clauses_control.toml)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_give_control_of_the_right_flank_creature_to_the_opponents_left_flank(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Whirlpool")
    # "At the end of each player's turn, that player gives control of the creature on their right
    # flank to their opponent and moves it to that player's left flank.": at the end of player 1's
    # turn Krump goes to player 2's left flank; at the end of player 2's turn, Bumpsy to player 1's
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: whirlpool
        setup:
          turn: {active: player1, house: unfathomable}
          player1: {artifacts: [Whirlpool], battleline: [Troll, Krump], deck: [Punch, Punch, Punch, Punch, Punch, Punch]}
          player2: {houses: [brobnar, shadows, untamed], battleline: [Urchin, Bumpsy], deck: [Punch, Punch, Punch, Punch, Punch, Punch]}
        actions:
          - end_turn: true
            choices: [shadows]
          - {end_turn: true, to_step: 2}
        expect:
          "16.0": {player1.battleline: [Bumpsy, Troll], player2.battleline: [Krump, Urchin], Krump.controller: player2}
        """,
        )
    )
