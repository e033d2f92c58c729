"""Damage and healing: dealing damage ("deal 2 to a creature", one simultaneous instance with its
splash or its neighbors', "deal 1 for each ..." divided among creatures, damage armor cannot
prevent, damage equal to a creature's power), fight damage dealt elsewhere ("deals damage to that
creature rather than the one it is fighting"), and healing ("heal 3", "fully heal").

Damage goes through the general rules (:mod:`engine.rules.damage`: armor, ward, destruction checked
after the instance); healing does not save a creature already tagged for destruction. "Heal up to
N" and what was healed "this way" are :mod:`engine.library.this_way`. A new effect dealing or
healing damage goes here; destroying is :mod:`engine.library.destroying`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.core.registry import template
from engine.core.state import LastingEffect
from engine.rules.ability import Context, Effect, resolve_all
from engine.rules.references import candidates, card_label
from engine.rules.targets import choose_or_done
from engine.rules.replacements import add_to_pool
from engine.rules.common_statics import ArmorModifier
from engine.rules.statics import this_card
from engine.rules.traits import traits as traits_of


@template(this_way="destroyed")
@dataclass
class DealDamage(Effect):
    """Deal ``amount`` damage to each card ``on`` names; ``if_destroyed`` resolves for a creature
    this damage destroys ("If this damage destroys that creature, ...")."""

    amount: object  # int, or Callable[[Context], int]
    on: str = "it"
    if_destroyed: list = field(default_factory=list)
    #: more damage dealt at the same time, as (amount, reference): "Deal 3 to a creature and 3 to
    #: a neighbor of that creature" is one simultaneous instance of damage (the Mighty Lance example)
    also: tuple[tuple[int, str], ...] = ()
    #: "Deal 1 to each chosen creature. If that creature was already damaged, deal 3 instead.":
    #: (condition, amount), the condition asked of each card ``on`` names alone, before any damage
    instead: tuple = ()
    #: "Deal damage to each creature equal to the amount of damage on that creature": each card's
    #: own amount, ``(ctx, card) -> int``, computed for every card before any damage is dealt
    each: Callable | None = None

    def resolve(self, ctx: Context) -> bool:
        # ``amount`` may be computed when the ability resolves: "1 for each Mars creature in play"
        amount = self.amount(ctx) if callable(self.amount) else self.amount
        hits = [(c, self._amount_for(ctx, c, amount)) for c in ctx.refs(self.on)]
        hits += [(c, amount) for amount, ref in self.also for c in ctx.refs(ref)]
        hits = [(c, amount) for c, amount in hits if c.zone == "battleline"]
        targets = list(dict.fromkeys(c for c, _ in hits))
        for t, amount in hits:
            ctx.eng.deal_damage(t, amount, ctx.source.label, check=False, dealer=ctx.source)
        before = {t: (t.zone, t.controller) for t in targets}
        lethal = [t for t in targets if t in ctx.eng.lethal()]
        ctx.eng.check_state()
        for t in lethal:
            zone, controller = before[t]
            if self.if_destroyed and zone == "battleline" and t.zone != "battleline":
                ctx.chosen["destroyed"] = [t]
                # the clause is about that creature's destruction: "its controller loses 1" is
                # the player who controlled it (engine.library.amber.EventCardPlayerAmber)
                event, ctx.event = ctx.event, {**ctx.event, "card": t, "controller": controller}
                try:
                    resolve_all(self.if_destroyed, ctx)
                finally:
                    ctx.event = event
        return bool(targets)

    def _amount_for(self, ctx: Context, card, amount: int) -> int:
        if self.each is not None:
            return self.each(ctx, card)
        if not self.instead:
            return amount
        condition, other = self.instead
        named = ctx.chosen.get(self.on)
        ctx.chosen[self.on] = [card]  # "that creature": this one
        try:
            return other if condition(ctx) else amount
        finally:
            if named is None:
                ctx.chosen.pop(self.on, None)
            else:
                ctx.chosen[self.on] = named


@dataclass
class DealDamageForEach(Effect):
    """ "Deal 1 damage to a creature for each ...": ``count`` points of damage, each assigned to a
    creature of its own (the same one or different ones: the "For Each" glossary entry), all dealt
    at the same time."""

    count: object  # Callable[[Context], int]
    side: str = "any"
    what: str = "creature"

    def resolve(self, ctx: Context) -> bool:
        n = self.count(ctx)
        hits: dict = {}
        for i in range(n):
            options = [c for c in candidates_in_play(ctx, self.what, self.side)]
            if not options:
                break

            target = ctx.eng.chooser.choose(
                f"{ctx.source.name}: {self.side} {self.what} for damage point {i + 1} of {n}",
                options,
                label=card_label(options),
            )
            hits[target] = hits.get(target, 0) + 1
        if not hits:
            ctx.log(f"{ctx.source.name}: no damage to deal ({n} point(s))")
        for t, amount in hits.items():
            ctx.eng.deal_damage(t, amount, ctx.source.label, check=False, dealer=ctx.source)
        ctx.eng.check_state()
        return n > 0 and sum(hits.values()) == n


def candidates_in_play(ctx: Context, what: str, side: str):
    return [c for c in candidates(ctx, what, side) if c.in_play]


@dataclass
class DealDamageArmorCannotPrevent(Effect):
    """ "Deal N to <cards>. This damage cannot be prevented by armor": the armor is not used (what
    is left of it still prevents later damage this turn)."""

    amount: int
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        hit = [c for c in ctx.refs(self.on) if c.zone == "battleline"]
        kept = {c: c.armor_used for c in hit}
        for c in hit:
            c.armor_used = max(c.armor_used, ctx.eng.armor(c))  # no armor left to prevent this damage
            ctx.eng.deal_damage(c, self.amount, ctx.source.label, check=False, dealer=ctx.source)
            c.armor_used = kept[c]
        ctx.eng.check_state()
        return bool(hit)


@dataclass
class LoseArmorForTurnAndTakeDamage(Effect):
    """ "Each <enemy> creature with armor loses all of its armor until the end of the turn and is
    dealt 1 damage for each point of armor it lost this way"."""

    side: str = "enemy"

    def resolve(self, ctx: Context) -> bool:
        lost = {c: ctx.eng.armor(c) for c in candidates(ctx, "creature", self.side) if ctx.eng.armor(c) > 0}
        for c, armor in lost.items():
            ctx.game.lasting.append(
                LastingEffect(
                    "static",
                    ctx.source.name,
                    ctx.controller,
                    {"card": ctx.source, "target": c, "static": ArmorModifier(-armor, this_card(c))},
                )
            )
            ctx.log(f"{c.label} loses its {armor} armor until the end of the turn")
        for c, armor in lost.items():
            ctx.eng.deal_damage(c, armor, ctx.source.label, check=False, dealer=ctx.source)
        ctx.eng.check_state()
        return bool(lost)


#: which of a creature's neighbors "<each creature> deals damage equal to its power to <...>" names
_SIDES = {"right": (1,), "left": (-1,), "each": (-1, 1)}


@template()
@dataclass
class EachDealsPowerTo(Effect):
    """ "Each creature deals damage equal to its power to its right neighbor" (``side`` "right",
    "left", or "each" neighbor): every creature ``on`` names deals its power, as it is before any of
    this damage, to that neighbor of its, all in one instance of damage dealt by those creatures."""

    on: str = "it"
    side: str = "each"

    def resolve(self, ctx: Context) -> bool:
        hits = []
        for dealer in (c for c in ctx.refs(self.on) if c.zone == "battleline"):
            line = ctx.game.players[dealer.controller].creatures
            i = line.index(dealer)
            power = ctx.eng.power(dealer)
            hits += [(dealer, line[i + d], power) for d in _SIDES[self.side] if 0 <= i + d < len(line)]
        for dealer, target, power in hits:
            ctx.eng.deal_damage(target, power, dealer.label, check=False, dealer=dealer)
        ctx.eng.check_state()
        return bool(hits)


@dataclass
class DealPowerToEachOther(Effect):
    """ "Each chosen creature deals damage equal to its power to the other": the creatures ``first``
    and ``second`` name, both in play, each deal their power (as it is before this damage) to the
    other, dealt at the same time."""

    first: str
    second: str

    def resolve(self, ctx: Context) -> bool:
        pair = [ctx.ref(self.first), ctx.ref(self.second)]
        if any(c is None or c.zone != "battleline" for c in pair) or pair[0] is pair[1]:
            return False
        powers = [ctx.eng.power(c) for c in pair]
        for dealer, target, power in ((pair[0], pair[1], powers[0]), (pair[1], pair[0], powers[1])):
            ctx.eng.deal_damage(target, power, dealer.label, check=False, dealer=dealer)
        ctx.eng.check_state()
        return True


@dataclass
class ForEachTraitDamageAndGain(Effect):
    """ "For each trait that creature has, deal it N damage and gain 1 Æmber": one instance of
    damage per trait, while the creature is in play; 1 Æmber per trait."""

    amount: int = 2
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        creature = ctx.ref(self.on)
        if creature is None:
            return False
        traits = len(traits_of(ctx.eng, creature))
        for _ in range(traits):
            if creature.zone == "battleline":
                ctx.eng.deal_damage(creature, self.amount, ctx.source.label, dealer=ctx.source)
        if traits:
            ctx.eng.gain(ctx.controller, traits, ctx.source.name)
        return traits > 0


@dataclass
class PurgeArchivedForMoreDamage(Effect):
    """ "You may purge any number of cards from your archives to deal an additional N damage to the
    same creature for each card purged this way" (only while that creature is in play); a card
    that went elsewhere instead was not purged this way."""

    per: int = 2
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        target = ctx.ref(self.on)
        if target is None or target.zone != "battleline" or not ctx.me.zone("archives"):
            return False
        purged = []
        while ctx.me.zone("archives"):
            left = [c for c in ctx.me.zone("archives")]
            pick = choose_or_done(ctx, f"{ctx.controller}: purge an archived card ({ctx.source.name})", left)
            if pick is None:
                break
            ctx.eng.put_away(pick, "purged")
            if pick.zone == "purged":  # not one a replacement sent elsewhere (Sample Collection's: to hand)
                purged.append(pick)
        if purged:
            ctx.eng.deal_damage(target, self.per * len(purged), ctx.source.label, dealer=ctx.source)
        return bool(purged)


@dataclass
class DamageByAmberThenTake(Effect):
    """ "Deal 1 damage to each <enemy creature> for each Æmber on it. Return all Æmber from those
    creatures to your pool": the damage is one simultaneous instance; the Æmber still on each of
    those creatures then goes to the controller's pool."""

    side: str = "enemy"

    def resolve(self, ctx: Context) -> bool:
        hit = [c for c in candidates(ctx, "creature", self.side) if c.amber]
        for c in hit:
            ctx.eng.deal_damage(c, c.amber, ctx.source.label, check=False, dealer=ctx.source)

        for c in hit:
            taken, c.amber = c.amber, 0
            add_to_pool(ctx.eng, ctx.controller, taken, f"returned from {c.label} by {ctx.source.name}", card=c)
        ctx.eng.check_state()
        return bool(hit)


@dataclass
class RedirectFightDamage(Effect):
    """ "<This creature> deals damage to that creature rather than the one it is fighting" (a
    "Before Fight:" ability): the attacker's power damage goes to the chosen creature. That
    creature is not attacked, so its elusive does not protect it (the Gabos Longarms FAQ)."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        fight = ctx.event.get("fight")
        target = ctx.ref(self.on)
        if not isinstance(fight, dict) or target is None or target.zone != "battleline":
            return False
        fight["damage_to"] = target
        ctx.log(f"{ctx.source.label} will deal its fight damage to {target.label} instead of {fight['defender'].label}")
        return True


@template(this_way="healed")
@dataclass
class Heal(Effect):
    """Heal ``amount`` damage (``None``: "fully heal", all of it) from each card ``on`` names.
    Healing does not save a creature already tagged for destruction (the Duma the Martyr FAQ)."""

    amount: int | None
    on: str = "self"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone == "battleline"]
        if self.amount is None:
            for c in cards:
                ctx.eng.heal(c, c.damage)
            return bool(cards)
        return sum(ctx.eng.heal(c, self.amount) for c in cards) == self.amount * len(cards) and bool(cards)


@dataclass
class HealFullyAndCounterPerDamage(Effect):
    """ "Fully heal <this creature> and give it a +1 power counter for each damage healed"."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        done = False
        for c in [c for c in ctx.refs(self.on) if c.zone == "battleline"]:
            healed = ctx.eng.heal(c, c.damage)
            c.power_counters += healed
            ctx.log(f"{c.label} gets {healed} +1 power counter(s) ({c.power_counters})")
            done = True
        return done


@template()
@dataclass
class MoveAllDamage(Effect):
    """ "Move all damage from <a creature> to <another creature>": the damage changes creature, it is
    not dealt (no armor, no ward, no "after damage is dealt"); a creature whose damage then reaches
    its power is destroyed (glossary "Damage"). Fully resolved when damage moved."""

    on: str
    to: str

    def resolve(self, ctx: Context) -> bool:
        source = next((c for c in ctx.refs(self.on) if c.zone == "battleline"), None)
        target = next((c for c in ctx.refs(self.to) if c.zone == "battleline" and c is not source), None)
        if source is None or target is None or not source.damage:
            return False
        moved, source.damage = source.damage, 0
        target.damage += moved
        ctx.log(f"{ctx.source.name}: {moved} damage moves from {source.label} to {target.label}")
        ctx.eng.check_state()
        return True
