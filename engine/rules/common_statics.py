"""The constant abilities many cards share, each a template the card compiler and the effect
library build with: power and armor modifiers, granted keywords and abilities, flank, the houses a
player must or cannot choose, reaping that steals, uses a card cannot make, key costs per creature,
readying replaced, and power that is the neighbors' combined power.

Why a module of its own: :mod:`engine.rules.statics` is the base class and its neutral answers, and
who an ability applies to; these are the common abilities built on it, one small class each, as
:mod:`engine.rules.damage_statics` holds those about damage.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.rules.houses import belongs_to
from engine.rules.statics import Applies, friendly, itself, Static
from engine.rules.traits import has_trait


@template(kind="static")
@dataclass
class PowerModifier(Static):
    amount: int
    applies: Applies = friendly

    def power(self, eng, source, controller, creature) -> int:
        return self.amount if self.applies(eng, source, controller, creature) else 0


@template(kind="static")
@dataclass
class ArmorModifier(Static):
    amount: int
    applies: Applies = friendly

    def armor(self, eng, source, controller, creature) -> int:
        return self.amount if self.applies(eng, source, controller, creature) else 0


@template(kind="static")
@dataclass
class GrantKeyword(Static):
    keyword: str
    applies: Applies = friendly
    value: int = 1

    def keywords(self, eng, source, controller, creature) -> dict[str, int]:
        return {self.keyword: self.value} if self.applies(eng, source, controller, creature) else {}


@dataclass
class GrantAbility(Static):
    """ "<creature> gains, "<Trigger>: ..."" (Spectral Tunneler, upgrades)."""

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


@template(kind="static")
@dataclass
class MustChooseHouse(Static):
    """ "While <card> is in play, you must choose <house> as your active house.\""""

    house: str

    def must_choose(self, eng, source, controller, player) -> str | None:
        return self.house if player == controller else None


@dataclass
class CannotChooseHouse(Static):
    """ "Your opponent cannot choose <house> as their active house ...\""""

    house: str
    player: str

    def cannot_choose(self, eng, source, controller, player) -> str | None:
        return self.house if player == self.player else None


@dataclass
class ReapGainIsStolen(Static):
    """A replacement effect: Æmber the controller would gain from reaping is stolen instead."""

    def reap_steals(self, eng, source, controller, player: str) -> bool:
        return player == controller


@template(kind="static")
@dataclass
class CannotBeUsedTo(Static):
    how: str
    applies: Applies = itself

    def cannot_use(self, eng, source, controller, card, how: str) -> str | None:
        if how == self.how and self.applies(eng, source, controller, card):
            return f"{card.label} cannot {how} ({source.name})"
        return None


@dataclass
class KeyCostPerCreature(Static):
    """ "Keys cost +N for each <house> creature in play": counted whenever a cost is computed, so
    it updates with the board (the Waking Nightmare FAQ)."""

    house: str
    amount: int = 1

    def key_cost(self, eng, source, controller, player: str) -> int:
        return self.amount * sum(1 for c in eng.game.creatures() if belongs_to(eng, c, self.house))


@dataclass
class OpponentReadiesInstead(Static):
    """ "Instead of readying creatures they control during their "ready cards" step, your opponent
    <ability>" (The Chosen One)."""

    ability: list

    def replaces_ready(self, eng, source, controller, player: str) -> list | None:
        return self.ability if player != controller and source.in_play else None


@dataclass
class PowerIsNeighborsPower(Static):
    """ "X is the combined power of <this creature>'s non-<trait> neighbors": its printed power is X,
    which only this ability defines (glossary "X": without the ability, X is 0)."""

    except_trait: str = ""

    def power(self, eng, source, controller, creature) -> int:
        if creature is not source:
            return 0
        trait = self.except_trait.lower()
        return sum(eng.power(n) for n in eng.game.neighbors(source) if not trait or not has_trait(eng, n, trait))
