"""Cards taken at random from a hand (engine.library.at_random): looked at ("look at a random card
in your opponent's hand", then played as if it were yours), and discarded until a hand is down to a
size ("each player discards random cards from their hand until they have 6 or fewer")."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize("answer, amber1, amber2, battleline", [("yes", 1, 1, "[Troll]"), ("no", 2, 0, "[]")])
def test_a_random_card_looked_at_and_played_if_you_give_amber(kb_conn, tmp_path, answer, amber1, amber2, battleline):
    assert_compiled(kb_conn, "Flea Market")
    # "Action: Look at a random card in your opponent's hand. You may give your opponent 1A. If you
    # do, play that card as if it were yours.": Troll, their only card, played by player1 for 1A
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: flea-market
        setup:
          turn: {{active: player1, house: ekwidon}}
          player1: {{amber: 2, artifacts: [Flea Market]}}
          player2: {{hand: [Troll]}}
        actions:
          - action: Flea Market
            choices: ["{answer}"]
        expect:
          "16.0": {{player1.amber: {amber1}, player2.amber: {amber2}, player1.battleline: {battleline}}}
        """,
        )
    )


def test_each_player_discards_at_random_down_to_six_cards(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Catch and Release")
    # "Play: Return each creature to its owner's hand. Each player discards random cards from their
    # hand until they have 6 or fewer cards in hand. Gain 2 chains.": player2 (8 cards and Krump back)
    # discards 3; player1 (3 cards and Troll back) none
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: catch-and-release
        setup:
          turn: {active: player1, house: unfathomable}
          player1: {hand: [Catch and Release, Punch, Anger, Bumpsy], battleline: [Troll]}
          player2:
            battleline: [Krump]
            hand: [Punch, Punch, Anger, Anger, Smaaash, Valdr, Dust Pixie, Lomir Flamefist]
        actions:
          - play: Catch and Release
        expect:
          "16.0": {player1.hand_size: 4, player1.discard: [Catch and Release], player2.hand_size: 6, player1.chains: 2}
        """,
        )
    )
