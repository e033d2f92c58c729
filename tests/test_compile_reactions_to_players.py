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


def test_at_the_end_of_your_ready_cards_step(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Greater Oxtet")
    # Greater Oxtet: "At the end of your "ready cards" step, purge a card from your hand. If you do,
    # give Greater Oxtet two +1 power counters." Player 1 ends the turn: step 4 readies, Troll is
    # purged from hand, the Oxtet has 2 power counters; then step 5 refills the hand
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: greater-oxtet
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: [Troll], battleline: [{card: Greater Oxtet, exhausted: true}],
                    deck: [Krump, Krump, Krump, Krump, Krump, Krump, Krump]}
          player2: {houses: [brobnar, dis, logos], deck: [Krump, Krump, Krump, Krump, Krump, Krump, Krump]}
        actions:
          - end_turn: true
            choices: [brobnar]
        expect:
          "16.0": {Troll.zone: purged, Greater Oxtet.power_counters: 2, Greater Oxtet.exhausted: false}
        """,
        )
    )


def test_during_your_opponents_next_turn_each_time_they_play_a_card(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Arcenomometer")
    # Arcenomometer: "Action: During your opponent's next turn, each time they play a card, they
    # lose 1." Player 1 uses it and plays Library Access in the same turn (no loss: not the
    # opponent's turn); on player 2's next turn they play Troll and Krump: 2 lost
    deck = "[Krump, Krump, Krump, Krump, Krump, Krump, Krump, Krump]"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: arcenomometer
        setup:
          turn: {{active: player1, house: logos}}
          player1: {{artifacts: [Arcenomometer], hand: ["Library Access"], deck: {deck}}}
          player2: {{amber: 3, houses: [brobnar, untamed, dis], hand: [Troll, Krump], deck: {deck}}}
        actions:
          - action: Arcenomometer
          - play: Library Access
          - end_turn: true
            choices: [brobnar]
          - play: Troll
          - play: Krump
            flank: right
        expect:
          "16.0": {{player2.amber: 1, Troll.zone: battleline}}
        """,
        )
    )
