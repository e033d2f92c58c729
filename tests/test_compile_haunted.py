""" "If you are haunted, ..." (16.0 glossary "Haunted": "You are haunted if there are 10 or more
cards in your discard pile"): a constant ability asked as the creature enters play, and an effect
that puts the action card resolving it on the bottom of its owner's deck."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize("discarded, exhausted", [(10, "false"), (9, "true")])
def test_enters_play_ready_if_haunted(kb_conn, tmp_path, discarded, exhausted):
    assert_compiled(kb_conn, "Ælbia Stray")
    # "If you are haunted, Ælbia Stray enters play ready.": 10 cards in the discard pile, it can
    # reap at once; 9, it enters exhausted as any creature
    discard = ", ".join(["Troll"] * discarded)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: aelbia-stray-haunted
        setup:
          turn: {{active: player1, house: geistoid}}
          player1: {{hand: ["Ælbia Stray"], discard: [{discard}]}}
        actions:
          - play: Ælbia Stray
        expect:
          "16.0": {{Ælbia Stray.exhausted: {exhausted}}}
        """,
        )
    )


@pytest.mark.parametrize("discarded, zone, deck", [(10, "deck", "[Punch, Empathic Malice]"), (0, "discard", "[Punch]")])
def test_put_self_on_the_bottom_of_your_deck_if_haunted(kb_conn, tmp_path, discarded, zone, deck):
    assert_compiled(kb_conn, "Empathic Malice")
    # "Play: A friendly creature captures 3. If you are haunted, put Empathic Malice on the bottom
    # of your deck.": haunted, the card goes under the deck instead of the discard pile
    discard = ", ".join(["Troll"] * discarded)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: empathic-malice-haunted
        setup:
          turn: {{active: player1, house: geistoid}}
          player1: {{hand: ["Empathic Malice"], battleline: ["Krump"], deck: [Punch], discard: [{discard}]}}
          player2: {{amber: 4}}
        actions:
          - play: Empathic Malice
        expect:
          "16.0": {{Empathic Malice.zone: {zone}, player1.deck: {deck}, Krump.amber: 3}}
        """,
        )
    )
