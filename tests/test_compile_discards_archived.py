"""A player's discards from hand archived for their next turn: "... each time they discard a card
from their hand, they may instead archive that card" (WoE: a replacement, the card never reaches the
discard pile) and "... they may archive that card from their discard pile" (AS: after the discard),
beside "they cannot play cards" (Corner the Market)."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize(
    "printing, answer, zone",
    [
        ("WoE 061", "yes", "archives"),
        ("WoE 061", "no", "discard"),
        ("AS 088", "yes", "archives"),
        ("AS 088", "no", "discard"),
    ],
)
def test_the_opponent_may_archive_what_they_discard(kb_conn, tmp_path, printing, answer, zone):
    assert_compiled(kb_conn, "Corner the Market")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: corner-the-market
        setup:
          turn: {{active: player1, house: ekwidon}}
          player1: {{hand: ["Corner the Market ({printing})"], deck: [Urchin, Urchin, Urchin, Urchin, Urchin, Urchin, Urchin]}}
          player2: {{houses: [brobnar], hand: [Troll, Krump], deck: [Dust Pixie, Dust Pixie, Dust Pixie, Dust Pixie, Dust Pixie, Dust Pixie, Dust Pixie]}}
        actions:
          - play: Corner the Market
          - end_turn: true
          - play: Troll
          - discard: Krump
            choices: ["{answer}"]
        expect:
          "16.0": {{Troll.zone: hand, Krump.zone: {zone}, illegal: 2}}
        """,
        )
    )
