"""A creature's power and armor, and the effects that replace them rather than add to them.

- Power is printed power plus +1 power counters plus every constant ability's modifier; armor is
  printed armor plus modifiers (glossary "Armor": gains are additive on top of the printed value;
  "Power Counter").
- "Switch <a creature>'s power and armor" (Lightsmith Clariel): its power becomes its total armor
  (printed armor plus any effects that change its armor, even armor already used to prevent damage
  this turn) and its armor its total power (the 16.0 Lightsmith Clariel FAQs). Two switches cancel.
- "The friendly creature's power is equal to the enemy creature's power" (Hoaxpitality): a set value.
- "Each creature cannot gain armor" (Corrosive Monk): effects that would add armor add none.
- "Each creature is considered to have 1 power and 0 armor" (The Pale Star): a restriction, so it
  overrules everything that would give another value, counters and modifiers included, even
  those added after it began (the 16.0 Pale Star FAQ: "cannot" overrules "may"; glossary "Lasting
  Effects": it applies to every creature in play during its period).

Order: modifiers, then switches, then "considered to have" values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.rules.ability import Context, Effect
from engine.rules.statics import Applies, Static, this_card
from engine.rules.traits import has_trait
from engine.core.registry import template

if TYPE_CHECKING:
    from engine.rules.game import Engine
    from engine.core.state import CardInstance


#: the questions a constant ability answers to change a power or an armor
_HOOKS = ("power", "armor", "switches_power_and_armor", "sets_power_and_armor")


def power_and_armor(eng: "Engine", creature: "CardInstance") -> tuple[int, int]:
    """(power, armor) of ``creature`` now, in one pass over the constant abilities in force."""
    printed = creature.printed
    power = printed.power + creature.power_counters
    armor = printed.armor
    statics = eng.statics_with(_HOOKS)
    if not statics:  # nothing in force changes either (most boards, most of the time)
        return max(0, power), max(0, armor)
    switched = False
    fixed = None
    gained = 0
    for s, src, ctl in statics:
        power += s.power(eng, src, ctl, creature)
        change = s.armor(eng, src, ctl, creature)
        if change > 0:
            gained += change
        else:
            armor += change
        if s.switches_power_and_armor(eng, src, ctl, creature):
            switched = not switched
        value = s.sets_power_and_armor(eng, src, ctl, creature)
        if value is not None:
            fixed = value
    # "each creature cannot gain armor": no effect adds to its armor (those that lower it still do)
    if gained and not any(
        isinstance(s, CannotGainArmor) and s.applies(eng, src, ctl, creature) for s, src, ctl in eng.statics()
    ):
        armor += gained
    power, armor = max(0, power), max(0, armor)
    if switched:
        power, armor = armor, power
    if fixed is not None:  # a value left None ("considered to have 5 power") keeps what it was
        power = power if fixed[0] is None else fixed[0]
        armor = armor if fixed[1] is None else fixed[1]
    return power, armor


# ----------------------------------------------------------------------------- who it applies to


def any_creature(eng, source, controller, creature) -> bool:
    """ "Each creature": friendly and enemy alike."""
    return True


def with_trait(trait: str, applies: Applies | None = None) -> Applies:
    """ "Each friendly Mutant creature": creatures with the trait (and ``applies``)."""

    def test(eng, source, controller, creature) -> bool:
        return has_trait(eng, creature, trait) and (applies is None or applies(eng, source, controller, creature))

    test.__name__ = f"with_trait_{trait}"
    return test


# ----------------------------------------------------------------------------- statics


@dataclass
class SwitchPowerAndArmor(Static):
    applies: Applies = any_creature

    def switches_power_and_armor(self, eng, source, controller, creature) -> bool:
        return self.applies(eng, source, controller, creature)


@dataclass
class ConsideredToHave(Static):
    """ "<creatures> are considered to have N power and M armor" (None: the value is not set,
    "each friendly Untamed creature is considered to have 5 power")."""

    power_value: int | None
    armor_value: int | None
    applies: Applies = any_creature

    def sets_power_and_armor(self, eng, source, controller, creature):
        if self.applies(eng, source, controller, creature):
            return self.power_value, self.armor_value
        return None


@template(kind="static")
@dataclass
class ArmorIgnoredWhileAttacking(Static):
    """ "While <this creature> is attacking, ignore armor": the creature it fights has no armor to
    prevent damage until the fight is over (as "considered to have 0 armor")."""

    def sets_power_and_armor(self, eng, source, controller, creature):
        g = eng.game
        if g.attacking is source and g.defending is creature:
            return None, 0
        return None


@template(kind="static")
@dataclass
class CannotGainArmor(Static):
    """ "<creatures> cannot gain armor": their armor is the printed one, less what lowers it."""

    applies: Applies = any_creature


@dataclass
class PowerEqualTo(Static):
    """ "<That creature>'s power is equal to <another creature>'s power" (Hoaxpitality): a set value,
    the other's power now (as printed once it has left play), as "considered to have" values are."""

    other: "CardInstance"
    applies: Applies = any_creature

    def sets_power_and_armor(self, eng, source, controller, creature):
        if creature is self.other or not self.applies(eng, source, controller, creature):
            return None
        power = eng.power(self.other) if self.other.zone == "battleline" else self.other.printed.power
        return power, None


def switch_for(card: "CardInstance") -> SwitchPowerAndArmor:
    """The switch for one creature (``ForTheTurn(static=switch_for, on=...)``)."""
    return SwitchPowerAndArmor(this_card(card))


# ----------------------------------------------------------------------------- effects on counters


@template("PowerCounters")
@dataclass
class GivePowerCounters(Effect):
    """ "Give <creature> N +1 power counters" (``n`` a number, or a count read as the effect resolves:
    "give Crunch a number of +1 power counters equal to a neighboring creature's power")."""

    n: object = 1  # int | Callable[[Context], int]
    on: str = "self"
    #: on a card in play that is not (yet) a creature: "give The Mysticeti three +1 power counters
    #: ... and move it anywhere in your battleline as a creature"
    any_card_in_play: bool = False

    def resolve(self, ctx: Context) -> bool:
        n = self.n(ctx) if callable(self.n) else self.n
        done = False
        for c in ctx.refs(self.on):
            if (c.zone == "battleline" or self.any_card_in_play and c.in_play) and n > 0:
                c.power_counters += n
                done = True
                ctx.log(f"{c.label} gets {n} +1 power counter(s) ({c.power_counters} on it)")
        return done


@template("DoublePowerCounters")
@dataclass
class DoublePowerCounters(Effect):
    """ "Double the number of +1 power counters on <creature>"."""

    on: str = "self"

    def resolve(self, ctx: Context) -> bool:
        done = False
        for c in ctx.refs(self.on):
            if c.zone == "battleline" and c.power_counters:
                c.power_counters *= 2
                done = True
                ctx.log(f"the +1 power counters on {c.label} are doubled ({c.power_counters} on it)")
        return done
