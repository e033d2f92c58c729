"""Grim Reminders (GR): Geistoid cards."""

from __future__ import annotations

from engine.library import DiscardTopOfDeck, SelfFromZone
from engine.cards import card

# "While Scooboo is in your discard pile, if you would draw a card during your turn, you may discard
# the top 3 cards of your deck and return Scooboo from your discard pile to your hand instead."
card("Scooboo", draw_instead=[DiscardTopOfDeck(3), SelfFromZone("discard", "hand")])
