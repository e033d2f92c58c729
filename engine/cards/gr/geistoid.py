"""Grim Reminders (GR): Geistoid cards."""

from __future__ import annotations

from engine.library import Archive, BelongsToSourceHouseUntilLeaves, Choose, haunted, If, TakeControlAnywhere
from engine.cards import card

# "Play: Take control of an enemy creature and place it anywhere in your battleline. Until Immortal
# Greking leaves play, that creature belongs to Immortal Greking's house. Destroyed: If you are
# haunted, archive Immortal Greking." (a house given until the card leaves play: printed by this
# card alone)
card(
    "Immortal Greking",
    play=[
        Choose("creature", "enemy", name="taken"),
        TakeControlAnywhere("taken"),
        BelongsToSourceHouseUntilLeaves("taken"),
    ],
    destroyed=[If(haunted, [Archive("self")])],
)
