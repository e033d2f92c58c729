"""Grim Reminders (GR): Star Alliance cards."""

from __future__ import annotations

from engine.library import (
    Choose,
    count_at_least,
    Destroy,
    Heal,
    houses_among,
    neighbors_not_of_house,
    ReplacesDestructionIf,
)
from engine.cards import card


def _non_star_alliance_neighbor(ctx, creature) -> bool:
    return creature in ctx.game.neighbors(ctx.source) and "staralliance" not in houses_among(ctx.eng, [creature])


# "Destroyed: If Necromorph has a non-Star Alliance neighbor, fully heal Necromorph and destroy that
# neighbor instead." (with two such neighbors, its controller chooses which one is "that neighbor")
card(
    "Necromorph",
    destroyed_instead=[
        ReplacesDestructionIf(
            count_at_least(neighbors_not_of_house("self", "staralliance"), 1),
            [
                Heal(None, "self"),
                Choose("creature", "any", name="necromorph neighbor", where=_non_star_alliance_neighbor),
                Destroy("necromorph neighbor"),
            ],
        )
    ],
)
