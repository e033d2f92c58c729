"""Traits named by an ability: "Choose a trait" and the cards "with that trait" (Congregate,
Harvest Time). Which traits a card has is the general rules' (:mod:`engine.rules.traits`: printed
and gained); a new effect or test about naming traits goes here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.rules.ability import Context, Effect
from engine.rules.traits import has_trait, traits

#: the key of a card's ``memory`` holding the trait its ability chose last
CHOSEN_TRAIT = "chosen trait"


@template()
@dataclass
class ChooseTrait(Effect):
    """ "Choose a trait": the player resolving the ability names one, among the traits of the cards
    in the game (printed or gained: a trait no card has would choose nothing)."""

    def resolve(self, ctx: Context) -> bool:
        found = sorted(set().union(*(traits(ctx.eng, c) for c in ctx.game.cards())))
        if not found:
            ctx.log(f"{ctx.source.name}: no trait to choose")
            return False
        trait = ctx.eng.chooser.choose(f"{ctx.eng.decider(ctx)}: {ctx.source.name}: choose a trait", found)
        ctx.source.memory[CHOSEN_TRAIT] = trait
        ctx.log(f"{ctx.source.name}: {ctx.eng.decider(ctx)} chooses the {trait.title()} trait")
        return True


def with_chosen_trait(eng, source, controller, card) -> bool:
    """A noun phrase's test ("with that trait"): the trait the source's ability chose."""
    trait = source.memory.get(CHOSEN_TRAIT) if source is not None else None
    return trait is not None and has_trait(eng, card, trait)
