"""Winds of Exchange (WoE): Star Alliance cards."""

from __future__ import annotations

from engine.library import Choose, DealDamage, did_this_way, If, MakeTokens, NeighborsOf, ThisWay, Together
from engine.cards import card


def _any(eng, source, controller, card) -> bool:
    return True


# "Play: Deal 2 to a creature, with 1 splash. If this damage destroys 1 or more creatures, make a
# token creature.": one token however many the damage destroyed, the creature and its neighbors
# (the splash) counted alike
card(
    "Photon Blast",
    play=[
        Choose("creature", "any", name="target"),
        NeighborsOf(of="target", name="splash"),
        Together(("target", "splash"), name="hit"),
        ThisWay(DealDamage(2, on="target", also=((1, "splash"),)), on="hit", verb="destroyed"),
        If(did_this_way("destroyed", _any), [MakeTokens(1)]),
    ],
)
