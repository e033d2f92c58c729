"""Dark Tidings (DT): Shadows cards."""

from __future__ import annotations

from engine.library import CannotBeUsedTo, Choose, DamageReplacedBy, DealPowerToEachOther, Steal
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
