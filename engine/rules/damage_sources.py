"""The source of damage, and abilities that depend on it.

The source of damage is the card dealing it: a creature fighting, a creature's keyword (assault,
hazardous), the card whose ability deals it (a creature's own ability, an upgrade's ability given
to a creature is the creature's). Damage from a bonus icon has no source card: a game step deals
it (the 16.0 Rock-Hurling Giant and Ardent Hero FAQ; glossary "Bonus Icons"). The engine passes
the dealer to :meth:`engine.rules.damage.DamageRules.place_damage`; "cannot be dealt damage by
<creatures>" prevents all of it at step 1 of the damage chart, with "cannot be dealt damage".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.rules.statics import Applies, Static, itself

#: which dealers an ability names: (engine, dealing card) -> bool
Dealer = Callable[[object, object], bool]


@dataclass
class CannotBeDealtDamageBy(Static):
    """ "<This creature> cannot be dealt damage by <dealers>"."""

    dealers: Dealer
    applies: Applies = itself

    def protects_from(self, eng, source, controller, creature, dealer) -> bool:
        return self.applies(eng, source, controller, creature) and self.dealers(eng, dealer)
