""" "[Up to] N cards from a discard pile": the cards of one pile, the controller choosing whose when
both have cards (engine.library.pile_ends.OnePile), then which of its cards; and what the cards
purged this way bring ("the number of Æmber bonus icons on the purged cards")."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_up_to_two_cards_of_one_pile_purged_and_their_amber_bonus_lost(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Infurnace")
    # "Play: Purge up to 2 cards from a discard pile. Your opponent loses A equal to the number of A
    # bonus icons on the purged cards.": player2's pile chosen, Dust Pixie (2 icons) and Anger (1)
    # purged: player2 loses 3; a card of player1's pile could not be chosen with them
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: infurnace
        setup:
          turn: {active: player1, house: dis}
          player1: {hand: [Infurnace], discard: [Punch]}
          player2: {amber: 5, discard: [Dust Pixie, Troll, Anger]}
        actions:
          - play: Infurnace
            choices: [player2, Dust Pixie, Anger]
        expect:
          "16.0":
            player2.amber: 2
            player2.purged: [Dust Pixie, Anger]
            player2.discard: [Troll]
            player1.discard: [Punch]
            decisions.0.3.not_offered: [Punch]
        """,
        )
    )


def test_up_to_two_cards_stopping_after_one(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Infurnace")
    # "up to 2": one card purged (Troll, no icon), then "done": nothing lost; player1's own pile is
    # the only one with cards, so no pile is asked for
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: infurnace-one
        setup:
          turn: {active: player1, house: dis}
          player1: {hand: [Infurnace], discard: [Troll, Punch]}
          player2: {amber: 5}
        actions:
          - play: Infurnace
            choices: [Troll, done]
        expect:
          "16.0": {player2.amber: 5, player1.purged: [Troll], player1.discard: [Punch]}
        """,
        )
    )
