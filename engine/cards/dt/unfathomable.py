"""Dark Tidings (DT): Unfathomable cards."""

from __future__ import annotations

from engine.library import (
    DealDamage,
    DealsNoFightDamage,
    IfThisLeavesPlay,
    OpponentReadiesInstead,
    PurgeRemembered,
    ReturnPurgedToPlay,
)
from engine.cards import card


def _your_exhausted_creatures(ctx) -> int:
    return sum(1 for c in ctx.me.creatures if c.exhausted)


# the damage for each exhausted creature is one instance, dealt at once (The Chosen One FAQ)
card("The Chosen One", statics=[OpponentReadiesInstead([DealDamage(_your_exhausted_creatures, "self")])])

card(
    "General Sherman",
    statics=[DealsNoFightDamage()],
    play=[
        PurgeRemembered("each other creature"),
        IfThisLeavesPlay([ReturnPurgedToPlay(creatures_only=True, exhausted=True)]),
    ],
)
