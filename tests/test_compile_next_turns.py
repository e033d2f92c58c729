"""Lasting effects of a next turn: "until the end of your next turn" (through the controller's next
turn, then over), "<your opponent's ...> during their next turn"."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay
from engine.compile import compile_report


def test_until_the_end_of_your_next_turn(kb_conn, tmp_path):
    assert_compiled(kb_conn, "We Can ALL Win")
    # "Play: Keys cost -2A until the end of your next turn.": player 2 forges for 4 on their turn
    # (8 -> 4), player 1 for 4 on their next turn (3 + 1 from the card's bonus); on player 2's turn
    # after that a key costs 6 again, and their 4 are not enough
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: we-can-all-win-through
        setup:
          turn: {active: player1, house: staralliance}
          player1: {amber: 3, hand: [We Can ALL Win], battleline: [Troll]}
          player2: {amber: 8, battleline: [Krump]}
        actions:
          - play: We Can ALL Win
          - {end_turn: true, to_step: 2}
          - choose_house: brobnar
          - {end_turn: true, to_step: 2}
          - choose_house: brobnar
          - {end_turn: true, to_step: 2}
        expect:
          "16.0": {player2.keys: 1, player2.amber: 4, player1.keys: 1, player1.amber: 0}
        """,
        )
    )


def test_their_next_turn_is_said_of_the_opponent_only():
    # "during their next turn" after a constant ability not said of the opponent: whose turn is not
    # told, so the sentence is refused
    variant, refusals = compile_report("Play: Keys cost +2A during their next turn.", "Test Card", "action")
    assert variant is None
