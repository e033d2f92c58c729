"""Prophetic Visions (PV): Dis cards."""

from __future__ import annotations

from engine.library import Destroy, Gain, GrantAbility, itself, NameEach, PowerModifier, while_
from engine.cards import card


def _no_other_friendly_creature(ctx) -> bool:
    """ "If there are no other friendly creatures in play": the card is its controller's only creature."""
    return all(c is ctx.source for c in ctx.me.creatures)


_alone = while_(itself, _no_other_friendly_creature)

# "If there are no other friendly creatures in play, Solo gets +20 power and gains, "After Fight:
# Gain 3." Fate: Destroy each creature.": both constant, read while the condition holds (glossary
# "Constant Abilities"); the fate destroys every creature in play, both sides'
card(
    "Solo",
    statics=[PowerModifier(20, _alone), GrantAbility("fight", [Gain(3)], _alone)],
    fate=[NameEach("creature", "any", name="each"), Destroy("each")],
)
