"""Reactions to what a player does, read from the text: fighting and using with a creature of
theirs, discarding from their hand, readying a card, choosing an active house ("that house"), and
damage dealt to a neighbor (engine/compile/templates/abilities_reactions.toml)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_each_time_your_opponent_discards_a_card_from_their_hand(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Designer Crick")
    # Designer Crick: "Each time your opponent discards a card from their hand, draw a card and
    # Designer Crick captures 1." Player 2 (its controller's opponent) discards Troll in step 3:
    # player 1 draws Krump and Crick captures 1 of player 2's 2 amber; player 1's own discard
    # (on their turn) would not count
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: designer-crick-opponent-discards
        setup:
          turn: {active: player2, house: brobnar}
          player1: {battleline: ["Designer Crick"], deck: [Krump]}
          player2: {amber: 2, hand: [Troll]}
        actions:
          - discard: Troll
        expect:
          "16.0": {player1.hand: [Krump], Designer Crick.amber: 1, player2.amber: 1, Troll.zone: discard}
        """,
        )
    )
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: designer-crick-own-discard
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: ["Designer Crick"], hand: [Troll], deck: [Krump]}
          player2: {amber: 2}
        actions:
          - discard: Troll
        expect:
          "16.0": {player1.hand: [], Designer Crick.amber: 0, player2.amber: 2}
        """,
        )
    )
