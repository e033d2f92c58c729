""" "Until the start of your next turn, ...": a lasting effect through the opponent's turn, over
when the player's next turn starts (engine.library.lasting, engine.rules.next_turns)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_until_the_start_of_your_next_turn(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Sow Salt")
    # "Play: Until the start of your next turn, creatures cannot be used to reap.": player2's reap
    # on their turn is refused; on player1's next turn Krump reaps again
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: sow-salt
        setup:
          turn: {active: player1, house: saurian}
          player1: {hand: ["Sow Salt"], battleline: ["Krump"], deck: [Punch, Punch, Punch, Punch, Punch, Punch, Punch]}
          player2: {battleline: ["Troll"], deck: [Urchin, Urchin, Urchin, Urchin, Urchin, Urchin, Urchin]}
        actions:
          - play: Sow Salt
          - reap: Krump
          - end_turn: true
            choices: [brobnar]
          - reap: Troll
          - end_turn: true
            choices: [brobnar]
          - reap: Krump
        expect:
          "16.0": {illegal: [1, 3], player2.amber: 0, player1.amber: 2}
        """,
        )
    )
