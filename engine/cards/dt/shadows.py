"""Dark Tidings (DT): Shadows cards."""

from __future__ import annotations

from engine.library import (
    CannotBeUsedTo,
    CaptureGained,
    Choose,
    DamageReplacedBy,
    DealPowerToEachOther,
    Reaction,
    Steal,
)
from engine.cards import card

card("Shoulder Id", statics=[CannotBeUsedTo("fight"), DamageReplacedBy([Steal(1)])])


def _neighbor_of_first(ctx, creature) -> bool:
    first = ctx.ref("first")
    return first is not None and first.zone == "battleline" and creature in ctx.game.neighbors(first)


# "Play: Choose a creature and 1 of its neighbors. Each chosen creature deals damage equal to its
# power to the other."
card(
    "Stir Up Trouble",
    play=[
        Choose("creature", "any", name="first"),
        Choose("creature", "any", name="second", where=_neighbor_of_first),
        DealPowerToEachOther("first", "second"),
    ],
)


def _gained_by_reaping(ctx) -> bool:
    gained = ctx.event.get("amber")
    return bool(gained and gained.get("gained"))


def _not_the_reapers(ctx, creature) -> bool:
    return creature.controller != ctx.event.get("player")


# "After a player gains A by reaping, a creature they do not control captures that A." (chosen by
# Widespread Corruption's controller; captured from the reaping player's pool: engine CaptureGained)
card(
    "Widespread Corruption",
    reactions=[
        Reaction(
            "reaped",
            [Choose("creature", "any", name="captor", where=_not_the_reapers), CaptureGained(on="captor")],
            when=_gained_by_reaping,
        )
    ],
)
