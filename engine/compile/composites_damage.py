"""The constructors of templates about damage creatures deal to each other outside a fight ("each
enemy flank creature deals damage to its neighbor equal to its power"), registered for the templates
as those of :mod:`engine.compile.composites` are; split from it by subject.
"""

from __future__ import annotations

from engine.core.registry import template
from engine.library import DealDamage, EachDealsPowerTo
from engine.compile.grammar import Refusal


@template("EachDealsPowerToItsNeighbor")
def _each_deals_power_to_its_neighbor(on: str, words: str):
    """ "<Each flank creature> deals damage to its neighbor equal to its power": "its neighbor" is
    one creature only for a creature on a flank; said of any other it is ambiguous (refused)."""
    if "flank" not in words.split():
        raise Refusal("target", f"{words} ... its neighbor", '"its neighbor" of a creature that may have two')
    return EachDealsPowerTo(on, "each")


@template("DealOwnDamage")
def _deal_own_damage(on: str):
    """ "Deal damage to each creature equal to the amount of damage on that creature": each
    creature's own damage, as it is before any of this damage is dealt (one instance, at once)."""
    return DealDamage(0, on, each=lambda ctx, card: card.damage)
