"""Counters of a named kind on a card in play ("Put a time counter on each friendly Clock creature",
"Remove each scheme counter from Mastermindy. Steal 1 for each scheme counter removed this way", "If
there are 12 or more time counters on Ancestral Timekeeper, ...", "If Platopelta has a wisdom
counter, ..."): the 16.0 glossary "Counters" has no component for most of them, and a card's text
says what its kind does. Like a doom counter (:mod:`engine.library.status`), the counters of a kind
on a card are a lasting effect on that card, so they go when it leaves play, as every counter does
(:mod:`engine.rules.damage`); the status counters the rules define (ward, enrage, stun, power, doom)
are not these, and a text naming one of those is read by its own template. A new counter of a kind
goes here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.registry import template
from engine.core.state import CardInstance, LastingEffect
from engine.rules.ability import Condition, Context, Effect
from engine.rules.text_in_force import BlankTextBox, KIND as TEXT_KIND, TextChange
from engine.library.status import DOOM

COUNTER = "named_counter"
#: counters the rules give an effect of their own: never counters of a named kind
RULES_COUNTERS = ("ward", "enrage", "stun", "power", "doom", "damage", "amber")


def _record(ctx: Context, card: CardInstance, kind: str) -> LastingEffect | None:
    return _record_in(ctx.game, card, kind)


def _record_in(game, card: CardInstance, kind: str) -> LastingEffect | None:
    return next(
        (e for e in game.lasting if e.kind == COUNTER and e.params["target"] is card and e.params["counter"] == kind),
        None,
    )


def counters_on(ctx: Context, card: CardInstance, kind: str) -> int:
    """How many counters of ``kind`` are on ``card`` (none once it has left play)."""
    return counters_in(ctx.game, card, kind)


def counters_in(game, card: CardInstance, kind: str) -> int:
    """:func:`counters_on`, asked of the game (by a constant ability, which has no context)."""
    record = _record_in(game, card, kind)
    return record.params["n"] if record is not None and card.in_play else 0


@dataclass
class WhileHasCounters(Effect):
    """ "While those creatures have a mutation counter, they gain the Mutant trait", "While that
    artifact has a paint counter, it belongs to house Mars": constant abilities (``statics``: each a
    factory of the test of the card it is about) on each card ``on`` names, in force while the card
    has a counter of ``kind``, until it leaves play (its counters go with it)."""

    kind: str
    on: str
    statics: list

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.in_play]
        for card in cards:

            def has_it(eng, source, controller, creature, card=card) -> bool:
                return creature is card and counters_in(eng.game, card, self.kind) > 0

            for make in self.statics:
                ctx.game.lasting.append(
                    LastingEffect(
                        "static",
                        ctx.source.name,
                        ctx.controller,
                        {"static": make(has_it), "card": ctx.source},
                        until_leaves=card,
                    )
                )
        return bool(cards)


@dataclass
class BlankWhileCounters(TextChange):
    """ "As long as that creature has an ignorance counter, its text box is considered blank (except
    for traits)": a text change (engine.rules.text_in_force) on the card while it has a counter of
    ``kind``."""

    kind: str

    def applies(self, eng, effect, card) -> bool:
        return super().applies(eng, effect, card) and counters_in(eng.game, card, self.kind) > 0

    def variant(self, eng, card, current):
        return BlankTextBox().variant(eng, card, current)

    def keywords(self, eng, card, current) -> dict[str, int]:
        return {}


@template()
@dataclass
class BlankWhileHasCounters(Effect):
    """The text change of :class:`BlankWhileCounters` on each card ``on`` names, until it leaves play."""

    kind: str
    on: str

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.in_play]
        for card in cards:
            ctx.game.lasting.append(
                LastingEffect(
                    TEXT_KIND,
                    ctx.source.name,
                    ctx.controller,
                    {"text": BlankWhileCounters(self.kind), "target": card},
                    until_leaves=card,
                )
            )
        return bool(cards)


def record_removed(ctx: Context, kind: str, n: int) -> None:
    """Count ``n`` counters of ``kind`` removed this way, and as counters of any kind ("for each
    counter removed this way")."""
    for key in (f"{kind} counters removed this way", "counters removed this way"):
        ctx.chosen[key] = [*ctx.chosen.get(key, []), *([None] * n)]


@template()
@dataclass
class PutCounters(Effect):
    """ "Put N <kind> counters on <cards>": on each card in play ``on`` names."""

    kind: str
    on: str
    n: int = 1

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.in_play]
        for card in cards:
            record = _record(ctx, card, self.kind)
            if record is None:
                record = LastingEffect(
                    COUNTER,
                    ctx.source.name,
                    ctx.controller,
                    {"target": card, "counter": self.kind, "n": 0},
                    until_leaves=card,
                )
                ctx.game.lasting.append(record)
            record.params["n"] += self.n
            ctx.log(f"{ctx.source.name}: {self.n} {self.kind} counter(s) on {card.label} ({record.params['n']})")
        return bool(cards)


@template()
@dataclass
class RemoveCounters(Effect):
    """ "Remove N <kind> counters from <cards>" (``n`` None: "each <kind> counter"); the counters
    removed are counted "this way"; fully resolved when N were there to remove."""

    kind: str
    on: str
    n: int | None = None

    def resolve(self, ctx: Context) -> bool:
        removed, ok = 0, True
        for card in [c for c in ctx.refs(self.on) if c.in_play]:
            record = _record(ctx, card, self.kind)
            there = record.params["n"] if record is not None else 0
            taken = there if self.n is None else min(self.n, there)
            ok = ok and (self.n is None or taken == self.n)
            if record is not None:
                record.params["n"] -= taken
            removed += taken
            ctx.log(f"{ctx.source.name}: {taken} {self.kind} counter(s) removed from {card.label}")
        record_removed(ctx, self.kind, removed)
        return ok and removed > 0 if self.n is None else ok


@template(kind="count")
def counters_on_card(kind: str, on: str) -> Callable[[Context], int]:
    """ "For each <kind> counter on <card>": the counters of that kind on the card ``on`` names."""

    def count(ctx: Context) -> int:
        return sum(counters_on(ctx, c, kind) for c in ctx.refs(on))

    return count


@template(kind="count")
def counters_removed(kind: str | None = None) -> Callable[[Context], int]:
    """ "For each <kind> counter removed this way" (``kind`` None: "for each counter removed this
    way", of any kind)."""
    key = f"{kind} counters removed this way" if kind else "counters removed this way"

    def count(ctx: Context) -> int:
        return len(ctx.chosen.get(key, []))

    return count


@template(kind="condition")
def has_counters(kind: str, on: str, present: bool = True) -> Condition:
    """ "If <card> has a <kind> counter" (``present`` False: "has no <kind> counters")."""

    def condition(ctx: Context) -> bool:
        return any(counters_on(ctx, c, kind) > 0 for c in ctx.refs(on)) == present

    return condition


@dataclass
class ClearAmberAndCounters(Effect):
    """ "Move all Æmber and counters from <a creature> to the common supply": its Æmber, and every
    counter on it, those the rules define (16.0 "Counters": +1 power, enrage, stun, ward; doom) and
    those of a named kind, are returned to the supply (no player gains them). Fully resolved when there
    was something to move."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        moved = False
        for card in [c for c in ctx.refs(self.on) if c.in_play]:
            had = [card.amber, card.power_counters, card.enraged, card.stunned, card.ward]
            card.amber = card.power_counters = 0
            card.enraged = card.stunned = card.ward = False
            on_it = [e for e in ctx.game.lasting if e.kind in (COUNTER, DOOM) and e.params["target"] is card]
            ctx.game.lasting = [e for e in ctx.game.lasting if not any(e is c for c in on_it)]
            moved = moved or any(had) or bool(on_it)
            ctx.log(f"{ctx.source.name}: the Æmber and counters on {card.label} go to the common supply")
        return moved


@dataclass
class MoveCounters(Effect):
    """ "Move all <kind> counters on <card> to <another card>", "Move half the <kind> counters
    (rounding up) from <card> to <another card>" (``share`` "all" or "half up"): taken from the card
    ``from_`` names and put on the card in play ``to`` names; fully resolved when any moved."""

    kind: str
    from_: str
    to: str
    share: str = "all"

    def resolve(self, ctx: Context) -> bool:
        source, target = ctx.ref(self.from_), ctx.ref(self.to)
        record = _record(ctx, source, self.kind) if source is not None and source.in_play else None
        if record is None or target is None or not target.in_play or target is source:
            return False
        there = record.params["n"]
        moved = there if self.share == "all" else (there + 1) // 2
        if moved <= 0:
            return False
        record.params["n"] -= moved
        ctx.log(f"{ctx.source.name}: {moved} {self.kind} counter(s) move from {source.label} to {target.label}")
        return PutCounters(self.kind, self.to, moved).resolve(ctx)
