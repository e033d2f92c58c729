"""Grim Reminders (GR): Unfathomable cards."""

from __future__ import annotations

from engine.library import Choose, DealDamage, Exhaust, If, NeighborsOf, opponent_haunted, Stun, ThisWay, Together
from engine.cards import card

# "Play: Deal 1 to a creature, with 1 splash. If your opponent is haunted, stun and exhaust each
# creature damaged in this way." (the creatures still in play that took damage from the shot or
# the splash)
card(
    "Strange Torpedo",
    play=[
        Choose("creature", "any", name="torpedoed"),
        NeighborsOf("torpedoed", "torpedo splash"),
        Together(("torpedoed", "torpedo splash"), "torpedo area"),
        ThisWay(DealDamage(1, "torpedoed", also=((1, "torpedo splash"),)), "torpedo area", "damaged"),
        If(opponent_haunted, [Stun("damaged this way"), Exhaust("damaged this way")]),
    ],
)
