"""+1 power counters taken off, moved and handed out (16.0 glossary "Power Counter (+1 Power
Status Card)": each one gives its creature +1 power; they go when the creature leaves play), and ward
counters taken off or moved (glossary "Ward"): "Remove each +1 power counter from Beehemoth's
neighbors", "Remove up to three +1 power counters from a creature", "Move each +1 power counter in
play to Sporegorger", "You may move any number of +1 power counters from Nectarcyte to another
friendly creature", "Give three +1 power counters to creatures, distributed as you choose", "Remove
each ward from each friendly creature", "Move a ward from a creature to another creature".

Giving counters is :class:`engine.rules.power_armor.GivePowerCounters` (its amount may be a count:
"give Crunch a number of +1 power counters equal to a neighboring creature's power"). The counters
removed are counted "this way" under their kind ("+1 power") and as counters of any kind ("for each
counter removed this way"), as :class:`engine.library.counters.RemoveCounters` counts named ones.
A new effect on power or ward counters goes here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.library.counters import record_removed
from engine.rules.ability import Context, Effect, resolve_all
from engine.rules.power_armor import GivePowerCounters
from engine.library.zones import Purge

POWER = "+1 power"


def _on_creatures(ctx: Context, on: str) -> list:
    return [c for c in ctx.refs(on) if c.zone == "battleline"]


def _how_many(ctx: Context, most: int, question: str) -> int:
    """The number a player chooses, from ``most`` down to 0 ("up to N", "any number of")."""
    if most <= 0:
        return 0
    return ctx.eng.chooser.choose(f"{ctx.eng.decider(ctx)}: {ctx.source.name}: {question}", list(range(most, -1, -1)))


@template()
@dataclass
class RemovePowerCounters(Effect):
    """ "Remove each +1 power counter from <creatures>" (``n`` None), "remove a +1 power counter from
    <creature>" (``n`` 1: fully resolved only if there was one), "remove up to N +1 power counters from
    <a creature>" (``up_to``: the player chooses how many, none included)."""

    on: str
    n: int | None = None
    up_to: bool = False

    def resolve(self, ctx: Context) -> bool:
        removed, ok = 0, True
        for c in _on_creatures(ctx, self.on):
            there = c.power_counters
            if self.n is None:
                taken = there
            elif self.up_to:
                taken = _how_many(ctx, min(self.n, there), f"remove how many +1 power counters from {c.label}")
            else:
                taken = min(self.n, there)
                ok = ok and taken == self.n
            c.power_counters -= taken
            removed += taken
            ctx.log(f"{ctx.source.name}: {taken} +1 power counter(s) removed from {c.label} ({c.power_counters} left)")
        record_removed(ctx, POWER, removed)
        ctx.eng.check_state()
        return ok and removed > 0


@template()
@dataclass
class MovePowerCounters(Effect):
    """ "Move each +1 power counter in play to <creature>" (``from_`` None: from every other creature
    in play), "move any number of +1 power counters from <creature> to <another creature>"
    (``any_number``: the player chooses how many). Counters moved are not removed this way."""

    to: str
    from_: str | None = None
    any_number: bool = False

    def resolve(self, ctx: Context) -> bool:
        to = next(iter(_on_creatures(ctx, self.to)), None)
        if to is None:
            return False
        sources = _on_creatures(ctx, self.from_) if self.from_ is not None else ctx.game.creatures()
        moved = 0
        for c in [c for c in sources if c is not to and c.power_counters]:
            n = c.power_counters
            if self.any_number:
                n = _how_many(ctx, n, f"move how many +1 power counters from {c.label} to {to.label}")
            c.power_counters -= n
            to.power_counters += n
            moved += n
            if n:
                ctx.log(f"{ctx.source.name}: {n} +1 power counter(s) move from {c.label} to {to.label}")
        ctx.eng.check_state()
        return moved > 0


@template()
@dataclass
class DistributePowerCounters(Effect):
    """ "Give N +1 power counters to creatures, distributed as you choose": one counter at a time,
    each to a creature the player chooses (any creature in play, the same one again included)."""

    n: int

    def resolve(self, ctx: Context) -> bool:
        given = 0
        for i in range(self.n):
            creatures = ctx.game.creatures()
            if not creatures:
                break
            c = ctx.eng.chooser.choose(
                f"{ctx.eng.decider(ctx)}: {ctx.source.name}: give +1 power counter {i + 1} of {self.n} to",
                creatures,
                label=lambda c: c.label,
            )
            c.power_counters += 1
            given += 1
            ctx.log(f"{ctx.source.name}: {c.label} gets a +1 power counter ({c.power_counters} on it)")
        return given == self.n


@template()
@dataclass
class RemoveWard(Effect):
    """ "Remove a ward from <creature>", "remove each ward from <creatures>": their ward counters are
    discarded (a creature holds one at most: glossary "Ward")."""

    on: str

    def resolve(self, ctx: Context) -> bool:
        done = False
        for c in _on_creatures(ctx, self.on):
            if c.ward:
                c.ward, done = False, True
                ctx.log(f"{ctx.source.name}: the ward is removed from {c.label}")
        return done


@template()
@dataclass
class MoveWard(Effect):
    """ "Move a ward from <creature> to <another creature>": only a ward there can move, and only to
    a creature that has none (one already warded cannot be warded again)."""

    from_: str
    to: str

    def resolve(self, ctx: Context) -> bool:
        frm = next((c for c in _on_creatures(ctx, self.from_) if c.ward), None)
        to = next(iter(_on_creatures(ctx, self.to)), None)
        if frm is None or to is None or to.ward or to is frm:
            ctx.log(f"{ctx.source.name}: no ward moves")
            return False
        frm.ward, to.ward = False, True
        ctx.log(f"{ctx.source.name}: the ward moves from {frm.label} to {to.label}")
        return True


@dataclass
class PurgeGivingItsPower(Effect):
    """ "Purge <the creature ``on`` names> and give +1 power counters equal to its power to <the
    others ``among`` names>": its power as it is just before it is purged (its counters and
    modifiers go with it)."""

    on: str = "it"
    among: str = "chosen"

    def resolve(self, ctx: Context) -> bool:
        gone = ctx.ref(self.on)
        if gone is None or gone.zone != "battleline":
            return False
        power = ctx.eng.power(gone)
        ctx.chosen["others"] = [c for c in ctx.refs(self.among) if c is not gone]
        return resolve_all([Purge(self.on), GivePowerCounters(power, "others")], ctx)
