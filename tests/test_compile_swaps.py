""" "Swap <a card> with <a card>" (engine.library.zones.Swap): each of the two goes to the zone the
other was in, both or neither; and "swap each player's deck with their discard pile"
(engine.library.zones.SwapDeckAndDiscard, ``each``)."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize(
    "discard, hand_after, discard_after",
    [
        ("[Anger, Gauntlet of Command]", "[Krump, Gauntlet of Command]", "[Troll, Anger]"),
        ("[Anger]", "[Troll, Krump]", "[Anger]"),  # no artifact there: nothing is swapped
    ],
)
def test_an_artifact_of_the_discard_pile_swapped_with_a_card_in_hand(
    kb_conn, tmp_path, discard, hand_after, discard_after
):
    assert_compiled(kb_conn, "Scrapscrounger")
    # "After Reap: Swap an artifact from your discard pile with a card in your hand.": the artifact
    # (not the action Anger) comes to the hand, the chosen Troll goes to the pile in its place
    # (with no artifact, the card of the hand is still chosen, then stays: the two choices come first)
    choices = "[Troll]"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: scrapscrounger
        setup:
          turn: {{active: player1, house: ekwidon}}
          player1: {{battleline: [Scrapscrounger], hand: [Troll, Krump], discard: {discard}}}
        actions:
          - reap: Scrapscrounger
            choices: {choices}
        expect:
          "16.0": {{player1.hand: {hand_after}, player1.discard: {discard_after}, player1.amber: 1}}
        """,
        )
    )


def test_each_players_deck_swapped_with_their_discard_pile(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Future is Past")
    # "Play: Swap each player's deck with their discard pile. Shuffle each player's deck.": the
    # action itself goes to the new discard pile after it resolves
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: future-is-past
        setup:
          turn: {active: player1, house: geistoid}
          player1: {hand: [Future is Past], deck: [Troll, Anger], discard: [Krump]}
          player2: {deck: [Punch], discard: [Bumpsy, Smaaash]}
        actions:
          - play: Future is Past
        expect:
          "16.0":
            player1.deck: [Krump]
            player1.discard: [Future is Past, Troll, Anger]
            Bumpsy.zone: deck
            Smaaash.zone: deck
            player2.discard: [Punch]
        """,
        )
    )
