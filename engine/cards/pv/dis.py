"""Prophetic Visions (PV): Dis cards."""

from __future__ import annotations

from engine.library import (
    belongs_to,
    CannotForgeMoreEachTurn,
    CannotUseAnyCard,
    Choose,
    DiscardCards,
    faceup_under,
    Destroy,
    ForgeAtCost,
    forged_in_own_forge_step,
    Gain,
    GrantAbility,
    itself,
    MayForgeAtCost,
    NameEach,
    PowerModifier,
    PutUnder,
    Reaction,
    while_,
)
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

# "You cannot forge more than 2 keys each turn. After you forge a key during your "forge a key" step,
# you may forge another key at current cost.": the key forged so is forged in the step too, so the
# ability triggers again, and the limit stops it at two keys that turn
card(
    "Relativity Imp",
    statics=[CannotForgeMoreEachTurn(2)],
    reactions=[Reaction("key_forged", [MayForgeAtCost(ForgeAtCost(0))], when=forged_in_own_forge_step)],
)


def _of_a_locked_house(eng, source, controller, card) -> bool:
    """An opponent's card that matches the house of a faceup card under Soul Lock."""
    return card.controller != controller and any(belongs_to(eng, card, c.house) for c in faceup_under(source))


# "Your opponent cannot use cards that match the house of any faceup card under Soul Lock. Action:
# Discard all cards under Soul Lock. Put an enemy creature faceup under Soul Lock." (the cards
# under it are not in play: each goes to its owner's discard pile)
card(
    "Soul Lock",
    statics=[CannotUseAnyCard(_of_a_locked_house)],
    action=[DiscardCards("beneath"), Choose("creature", "enemy", name="locked"), PutUnder("locked")],
)
