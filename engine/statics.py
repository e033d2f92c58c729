"""Constant abilities ("Each friendly creature gets +1 power", "you must choose Dis") and the
lasting effects cards create. Each is a small object answering the engine's questions about the
current state; the engine asks every active one (:meth:`engine.game.Engine.statics`), so a
constant ability stops applying the moment its card leaves play.

Every hook has a neutral default, so a static implements only the questions it changes.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .state import CardInstance

if TYPE_CHECKING:
    from .game import Engine

#: which creatures a static applies to, relative to the static's controller
Applies = Callable[["Engine", CardInstance, str, CardInstance], bool]


def friendly(eng, source, controller, creature) -> bool:
    return creature.controller == controller


def enemy(eng, source, controller, creature) -> bool:
    return creature.controller != controller


def of_house(house: str) -> Applies:
    def applies(eng, source, controller, creature) -> bool:
        return creature.house == house
    return applies


def both(*tests: Applies) -> Applies:
    def applies(eng, source, controller, creature) -> bool:
        return all(t(eng, source, controller, creature) for t in tests)
    return applies


def this_card(card: CardInstance) -> Applies:
    def applies(eng, source, controller, creature) -> bool:
        return creature is card
    return applies


class Static:
    def power(self, eng: "Engine", source: CardInstance, controller: str, creature: CardInstance) -> int:
        return 0

    def armor(self, eng, source, controller, creature) -> int:
        return 0

    def keywords(self, eng, source, controller, creature) -> dict[str, int]:
        return {}

    def abilities(self, eng, source, controller, creature) -> dict[str, list]:
        """Abilities the creature gains: trigger -> effects."""
        return {}

    def must_choose(self, eng, source, controller, player: str) -> str | None:
        return None

    def cannot_choose(self, eng, source, controller, player: str) -> str | None:
        return None

    def flank(self, eng, source, controller, creature) -> bool:
        """True when the creature is considered a flank creature."""
        return False

    def redirect_damage(self, eng, source, controller, creature) -> CardInstance | None:
        """The creature damage dealt to ``creature`` is dealt to instead."""
        return None

    def fight_damage(self, eng, source, controller, attacker, defender, amount: int) -> int:
        """The damage ``attacker`` deals when fighting ``defender``."""
        return amount


@dataclass
class PowerModifier(Static):
    amount: int
    applies: Applies = friendly

    def power(self, eng, source, controller, creature) -> int:
        return self.amount if self.applies(eng, source, controller, creature) else 0


@dataclass
class ArmorModifier(Static):
    amount: int
    applies: Applies = friendly

    def armor(self, eng, source, controller, creature) -> int:
        return self.amount if self.applies(eng, source, controller, creature) else 0


@dataclass
class GrantKeyword(Static):
    keyword: str
    applies: Applies = friendly
    value: int = 1

    def keywords(self, eng, source, controller, creature) -> dict[str, int]:
        return {self.keyword: self.value} if self.applies(eng, source, controller, creature) else {}


@dataclass
class GrantAbility(Static):
    """"<creature> gains, "<Trigger>: ..."" (Spectral Tunneler, upgrades)."""
    trigger: str
    ability: list
    applies: Applies = friendly

    def abilities(self, eng, source, controller, creature) -> dict[str, list]:
        return {self.trigger: self.ability} if self.applies(eng, source, controller, creature) else {}


@dataclass
class ConsideredFlank(Static):
    applies: Applies = friendly

    def flank(self, eng, source, controller, creature) -> bool:
        return self.applies(eng, source, controller, creature)


@dataclass
class MustChooseHouse(Static):
    """"While <card> is in play, you must choose <house> as your active house.\""""
    house: str

    def must_choose(self, eng, source, controller, player) -> str | None:
        return self.house if player == controller else None


@dataclass
class CannotChooseHouse(Static):
    """"Your opponent cannot choose <house> as their active house ...\""""
    house: str
    player: str

    def cannot_choose(self, eng, source, controller, player) -> str | None:
        return self.house if player == self.player else None


@dataclass
class DealsNoFightDamage(Static):
    """"<This creature> deals no damage when fighting.\""""

    def fight_damage(self, eng, source, controller, attacker, defender, amount) -> int:
        return 0 if attacker is source else amount


@dataclass
class FightDamageBonus(Static):
    """"<This creature> deals +N while attacking <a creature that ...>.\""""
    amount: int
    when: Callable = field(default=lambda eng, defender: True)

    def fight_damage(self, eng, source, controller, attacker, defender, amount) -> int:
        if attacker is source and eng.game.attacking is attacker and self.when(eng, defender):
            return amount + self.amount
        return amount


@dataclass
class TakesNeighborsDamage(Static):
    """"Damage dealt to non-<trait> neighbors is dealt to <this creature> instead.\""""
    except_trait: str = ""

    def redirect_damage(self, eng, source, controller, creature) -> CardInstance | None:
        if creature in eng.game.neighbors(source) and self.except_trait not in creature.printed.traits:
            return source
        return None


def defender_on_flank(eng: "Engine", defender: CardInstance) -> bool:
    """"while attacking an enemy creature on the flank" (Valdr)."""
    return eng.is_flank(defender)
