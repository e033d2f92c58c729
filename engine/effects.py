"""The shared effect library card definitions are built from (keyteki style: small, composable).

An ability is a list of effects resolved in order. Each effect returns whether it fully resolved,
which is what "if you do" and "resolve as much as you can" look at. Conditions are plain
functions of the context.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

from .choices import Chooser
from .rulesets import RuleSet
from .state import CardInstance, Game, LastingEffect

#: Safety stop for effects that repeat themselves; the rules' infinite-loop entry lets the active
#: player stop a loop, so a runaway repeat is cut here and said so in the trace.
MAX_REPEATS = 1000


@dataclass
class Context:
    game: Game
    rules: RuleSet
    chooser: Chooser
    source: CardInstance
    controller: str

    @property
    def me(self):
        return self.game.players[self.controller]

    @property
    def opponent(self):
        return self.game.players[self.game.other(self.controller)]


Condition = Callable[[Context], bool]


class Effect(ABC):
    @abstractmethod
    def resolve(self, ctx: Context) -> bool:
        """Apply the effect; True when it fully resolved."""


# ------------------------------------------------------------------------------ conditions

def opponent_has_more_amber(ctx: Context) -> bool:
    return ctx.opponent.amber > ctx.me.amber


# ------------------------------------------------------------------------------ effects

@dataclass
class Steal(Effect):
    amount: int

    def resolve(self, ctx: Context) -> bool:
        taken = min(self.amount, ctx.opponent.amber)
        ctx.opponent.amber -= taken
        ctx.me.amber += taken
        ctx.game.log(f"{ctx.source.name} steals {taken} Æmber: {ctx.controller} {ctx.me.amber}, "
                     f"{ctx.game.other(ctx.controller)} {ctx.opponent.amber}")
        return taken == self.amount


@dataclass
class Gain(Effect):
    amount: int

    def resolve(self, ctx: Context) -> bool:
        ctx.me.amber += self.amount
        ctx.game.log(f"{ctx.controller} gains {self.amount} Æmber ({ctx.me.amber})")
        return True


@dataclass
class If(Effect):
    condition: Condition
    then: list[Effect]

    def resolve(self, ctx: Context) -> bool:
        if not self.condition(ctx):
            ctx.game.log(f"{ctx.source.name}: condition not met, nothing happens")
            return False
        return resolve_all(self.then, ctx)


@dataclass
class RepeatCardEffectIf:
    """"Repeat this card's effect if ...": the whole ability again, this instruction included."""
    condition: Condition


@dataclass
class RepeatPrecedingIf:
    """"Repeat the preceding effect if ...": only what precedes this instruction, once more."""
    condition: Condition


@dataclass
class MayPlayOneOffHouse(Effect):
    """"You may play one non-<house> card this turn": a lasting permission, used up by one play."""

    def resolve(self, ctx: Context) -> bool:
        ctx.game.lasting.append(LastingEffect("play_off_house", ctx.source.name, ctx.controller,
                                              {"not_house": ctx.source.house, "uses": 1}))
        ctx.game.log(f"{ctx.source.name}: {ctx.controller} may play one non-{ctx.source.house.title()} card this turn")
        return True


def resolve_all(effects: list[Effect], ctx: Context) -> bool:
    ok = True
    for e in effects:
        ok = e.resolve(ctx) and ok
    return ok


#: an ability: effects, and repeat instructions that steer how the effects before them resolve
Ability = list["Effect | RepeatCardEffectIf | RepeatPrecedingIf"]


def resolve_ability(effects: Ability, ctx: Context) -> None:
    """Resolve an ability, honouring its repeat instructions."""
    for _ in range(MAX_REPEATS):
        again = False
        preceding: list[Effect] = []
        for e in effects:
            if isinstance(e, RepeatCardEffectIf):
                again = e.condition(ctx)
                if again:
                    ctx.game.log(f"{ctx.source.name}: its effect repeats")
                break
            if isinstance(e, RepeatPrecedingIf):
                if e.condition(ctx):
                    ctx.game.log(f"{ctx.source.name}: the preceding effect repeats")
                    resolve_all(preceding, ctx)
                preceding = []
                continue
            e.resolve(ctx)
            preceding.append(e)
        if not again:
            return
    ctx.game.log(f"{ctx.source.name}: stopped after {MAX_REPEATS} repeats (infinite loop)")
