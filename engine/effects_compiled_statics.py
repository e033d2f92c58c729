"""Constant abilities the card-text compiler (:mod:`engine.compile`) builds whose size or whose
being in force depends on the game state: "<SELF> gets +3 power for each unforged key you have",
"<SELF> gets +2 power while it is on a flank", "your opponent's keys cost +1 for each friendly
damaged Brobnar creature".

A constant ability is asked about the state as it is now, so the count or the condition is read
each time the engine asks (there is no resolution to count at). Counts and conditions are the
effect library's (``(ctx) -> int``, ``(ctx) -> bool``), read in a context of the card with the
ability, where "it" is that card ("while it is on a flank").

Kept apart from :mod:`engine.effects_compiled` (one module, one job: state-dependent statics).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .effects import Context
from .statics import Applies, itself, Static


def static_context(eng, source, controller) -> Context:
    """The context a constant ability's count or condition is read in: the card with the ability,
    its controller, and "it" naming the card itself."""
    return Context(eng, source, controller, chosen={"it": [source]})


def while_(applies: Applies, condition: Callable[[Context], bool]) -> Applies:
    """A group, only while ``condition`` holds for the card with the ability."""
    def test(eng, source, controller, card) -> bool:
        return applies(eng, source, controller, card) and bool(condition(static_context(eng, source, controller)))
    return test


@dataclass
class PowerPerCount(Static):
    """"<group> gets +N power for each <X>": N times the count, read now."""
    amount: int
    count: Callable[[Context], int]
    applies: Applies = itself

    def power(self, eng, source, controller, creature) -> int:
        if not self.applies(eng, source, controller, creature):
            return 0
        return self.amount * self.count(static_context(eng, source, controller))


@dataclass
class OpponentKeysCostPerCount(Static):
    """"Your opponent's keys cost +N for each <X>" (``whose="self"``: "your keys cost ...")."""
    amount: int
    count: Callable[[Context], int]
    whose: str = "opponent"

    def key_cost(self, eng, source, controller, player: str) -> int:
        if (player == controller) != (self.whose == "self"):
            return 0
        return self.amount * self.count(static_context(eng, source, controller))


# ------------------------------------------------------------------------------ counts


def unforged_keys(ctx: Context) -> int:
    """"Each unforged key you have": of the three keys, those not forged."""
    return max(0, 3 - ctx.me.keys)


def amber_on_self(ctx: Context) -> int:
    return ctx.source.amber


def amber_in_pool(ctx: Context) -> int:
    return ctx.me.amber


def neighbors_of_self(ctx: Context) -> int:
    return len(ctx.game.neighbors(ctx.source)) if ctx.source.zone == "battleline" else 0


def damage_on_self(ctx: Context) -> int:
    return ctx.source.damage
