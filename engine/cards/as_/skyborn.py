"""Æmber Skies (AS): Skyborn cards."""

from __future__ import annotations

from engine.library import DiscardedFromHandGoesUnder
from engine.cards import card

# "Each time a card would be discarded from a player's hand, reveal the card and put it facedown
# under this creature instead." (an upgrade; one card prints it)
card("Refined Adhesive", statics=[DiscardedFromHandGoesUnder()])
