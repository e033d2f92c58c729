"""Winds of Exchange (WoE): Brobnar cards."""

from __future__ import annotations

from engine.library import PlaceAmber, Reaction
from engine.cards import card

# "Each time a player exalts a creature or a creature captures A, put 1A on that creature from the
# common supply.": after each exalt that placed Æmber on a creature, and each capture of 1 or more
card(
    "Kretchee",
    reactions=[Reaction("exalted", [PlaceAmber(1, "event")]), Reaction("captured", [PlaceAmber(1, "event")])],
)
