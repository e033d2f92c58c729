"""Constant abilities about damage dealt and taken, each answering a question the damage rules
(:mod:`engine.rules.damage`) or a fight asks of every constant ability in force: the damage a
creature deals when fighting (``fight_damage``: none, a cap, a bonus while attacking), damage dealt
to another creature instead or as well (``redirect_damage``, ``also_damaged``: "damage dealt to
non-<trait> neighbors is dealt to this creature instead"), more damage taken (``extra_damage``),
damage replaced by an ability (``damage_replaced_by``), and creatures that cannot be dealt damage
(``protects``; by some sources only: :mod:`engine.rules.damage_sources`). The other constant
abilities, and the questions' neutral defaults, are :mod:`engine.rules.statics`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.core.registry import template
from engine.core.state import CardInstance
from engine.rules.statics import Applies, friendly, itself, Static
from engine.rules.traits import has_trait

if TYPE_CHECKING:
    from engine.rules.game import Engine


@template(kind="static")
@dataclass
class DealsNoFightDamage(Static):
    """ "<This creature> deals no damage when fighting.\""""

    def fight_damage(self, eng, source, controller, attacker, defender, amount) -> int:
        return 0 if attacker is source else amount


@template(kind="static")
@dataclass
class OnlyDealsWhenFighting(Static):
    """ "<This creature> only deals N when fighting", attacking or defending: a cap on the damage
    it deals in fights. Two such restrictions on one creature (Tantadlin gaining Terrordactyl's
    text box through Creed of Nurture): the more restrictive is followed, so the lowest cap wins
    (the 16.0 Tantadlin FAQ: 2, not 4 nor 6)."""

    amount: int
    applies: Applies = itself

    def fight_damage(self, eng, source, controller, attacker, defender, amount) -> int:
        if self.applies(eng, source, controller, attacker):
            return min(amount, self.amount)
        return amount


@dataclass
class FightDamageBonus(Static):
    """ "<This creature> deals +N while attacking <a creature that ...>.\""""

    amount: int
    when: Callable = field(default=lambda eng, defender: True)

    def fight_damage(self, eng, source, controller, attacker, defender, amount) -> int:
        if attacker is source and eng.game.attacking is attacker and self.when(eng, defender):
            return amount + self.amount
        return amount


def defender_on_flank(eng: "Engine", defender: CardInstance) -> bool:
    """ "while attacking an enemy creature on the flank" (Valdr)."""
    return eng.is_flank(defender)


@dataclass
class TakesNeighborsDamage(Static):
    """ "Damage dealt to non-<trait> neighbors is dealt to <this creature> instead.\""""

    except_trait: str = ""

    def redirect_damage(self, eng, source, controller, creature) -> CardInstance | None:
        if creature in eng.game.neighbors(source) and not (
            self.except_trait and has_trait(eng, creature, self.except_trait)
        ):
            return source
        return None


@dataclass
class DividedAmongNeighbors(Static):
    """An upgrade's "When this creature would be dealt damage, if it has 1 or more neighbors, that
    damage is divided among its neighbors as evenly as possible instead" (engine.rules.damage_receivers)."""

    def divides_damage(self, eng, source, controller, creature) -> bool:
        return creature is source.attached_to


@dataclass
class AlsoTakesNeighborsFightDamage(Static):
    """ "Damage dealt to <this creature>'s neighbors during fights is also dealt to it"."""

    def also_damaged(self, eng, source, controller, creature) -> CardInstance | None:
        if eng.game.attacking is not None and source.zone == "battleline" and creature in eng.game.neighbors(source):
            return source
        return None


@dataclass
class ExtraDamageTaken(Static):
    """ "Whenever this creature takes damage, it takes an additional N" (Lethal Distraction)."""

    amount: int
    applies: Applies = friendly

    def extra_damage(self, eng, source, controller, creature) -> int:
        return self.amount if self.applies(eng, source, controller, creature) else 0


@dataclass
class DamageReplacedBy(Static):
    """ "When <this creature> would deal damage, <ability> instead"."""

    ability: list
    applies: Applies = itself

    def damage_replaced_by(self, eng, source, controller, dealer) -> list | None:
        return self.ability if self.applies(eng, source, controller, dealer) else None


@template(kind="static")
@dataclass
class CannotBeDealtDamage(Static):
    applies: Applies = friendly

    def protects(self, eng, source, controller, creature) -> bool:
        return self.applies(eng, source, controller, creature)


@template(kind="static")
@dataclass
class CannotBeDealtDamageOrDestroyed(CannotBeDealtDamage):
    """ "<Creatures> cannot be dealt damage or destroyed": what the invulnerable keyword does (16.0
    glossary "Invulnerable"), without the keyword (an effect that removes keywords leaves it)."""

    def keeps_from_destruction(self, eng, source, controller, creature) -> bool:
        return self.applies(eng, source, controller, creature)


@dataclass
class DoubleDamageTo(Static):
    """ "While the tide is low, double all damage dealt to <this creature>" (``applies``: the
    creatures, with any condition)."""

    applies: Applies = itself

    def damage_factor(self, eng, source, controller, creature) -> int:
        return 2 if self.applies(eng, source, controller, creature) else 1


@dataclass
class DealsNoFightDamageWhile(Static):
    """ "While <condition>, <this creature> deals no damage when fighting"."""

    applies: Applies = itself

    def fight_damage(self, eng, source, controller, attacker, defender, amount) -> int:
        return 0 if self.applies(eng, source, controller, attacker) else amount
