"""Prophetic Visions (PV): Shadows cards."""

from __future__ import annotations

from engine.library import enemy, Exhaust, GrantAbility, houses_among, NameEach
from engine.cards import card


def _shares_a_house_with_this_creature(ctx, creature) -> bool:
    """ "That shares a house with this creature": the creature with the gained ability (the
    ability's card), now."""
    return bool(houses_among(ctx.eng, [creature]) & houses_among(ctx.eng, [ctx.source]))


_exhaust_its_house = [
    NameEach("creature", "friendly", _shares_a_house_with_this_creature, "sharing a house"),
    Exhaust("sharing a house"),
]

# "Each enemy creature gains, "After Fight/After Reap: Exhaust each friendly creature that shares a
# house with this creature."": the gained ability is the enemy creature's, so "friendly" is of its
# controller's side and "this creature" is itself (glossary "Friendly")
card(
    "Ox Sarbane",
    statics=[GrantAbility("fight", _exhaust_its_house, enemy), GrantAbility("reap", _exhaust_its_house, enemy)],
)
