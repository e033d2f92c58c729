"""Æmber Skies (AS): Brobnar cards."""

from __future__ import annotations

from engine.library import Choose, NextPlayedEntersReady, ShuffleIntoDeck
from engine.cards import card

# "Play: The next creature you play this turn enters play ready. Until the end of your turn it gains,
# "After Fight: Shuffle an artifact from play into its owner's deck.""
card(
    "Improvised Aviation",
    play=[
        NextPlayedEntersReady(
            ("creature",), gains={"fight": [Choose("artifact", "any", name="shuffled"), ShuffleIntoDeck("shuffled")]}
        )
    ],
)
