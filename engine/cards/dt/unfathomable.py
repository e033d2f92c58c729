"""Dark Tidings (DT): Unfathomable cards."""

from __future__ import annotations

from engine.library import (
    counters_on,
    DealDamage,
    DealsNoFightDamage,
    FlankCreatureWhile,
    IfThisLeavesPlay,
    OpponentReadiesInstead,
    PurgeRemembered,
    PutCounters,
    Reaction,
    ReturnPurgedToPlay,
)
from engine.cards import card, Variant


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


def _enemy_creature_reaped(ctx) -> bool:
    card = ctx.event.get("card")
    return card is not None and ctx.event.get("controller", card.controller) != ctx.controller


def _six_awakening_counters(ctx) -> bool:
    return counters_on(ctx, ctx.source, "awakening") >= 6


# "After an enemy creature reaps, put an awakening counter on Effigy of Melerukh. If there are 6 or
# more awakening counters on Effigy of Melerukh, move it to a flank of your battleline as a creature
# with 100 power and 100 armor. Its text box is considered blank." (checked with the state;
# engine.library.becoming_creatures); the creature it becomes has a blank text: no abilities
card(
    "Effigy of Melerukh",
    Variant(
        phrase="after an enemy creature reaps, put an awakening counter on",
        reactions=[Reaction("reaped", [PutCounters("awakening", "self")], when=_enemy_creature_reaped)],
        statics=[FlankCreatureWhile(_six_awakening_counters, power_value=100, armor_value=100, blank=True)],
    ),
    Variant(),
)
