"""Mass Mutation (MM): Sanctum cards."""

from __future__ import annotations

from engine.library import CannotBeDealtDamageBy, CannotResolveBonusIcons, card_has_trait
from engine.cards import card

card("Master of the Grey", statics=[CannotResolveBonusIcons()])


def _mutant_or_power_5_or_more(eng, dealer) -> bool:
    """ "Mutant creatures or creatures with power 5 or higher" (power when the damage is dealt)."""
    return dealer.type == "creature" and (card_has_trait(eng, dealer, "mutant") or eng.power(dealer) >= 5)


card("Ardent Hero", statics=[CannotBeDealtDamageBy(_mutant_or_power_5_or_more)])
