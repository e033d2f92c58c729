"""How the effects of an ability are put together: conditions ("if ...", "otherwise"), "<A>. If you
do, <B>" (B only when A fully resolved), "you may ...", optional steps, and repetitions ("for each
<X>", "repeat for each", "one at a time").

An ability is a list of effects resolved in order (:mod:`engine.rules.ability`: the context, the
effect, the glossary's "Repeat" and "Preceding"); each effect returns whether it fully resolved,
which "if you do" reads, and an effect that cannot fully resolve does what it can. "One at a time"
(Ghosthawk: "reap with each neighboring creature, one at a time"): the group is the cards the
reference names when the effect starts, the active player chooses which goes next (a single one
left goes without asking), and a card no longer in play when its turn comes is skipped. A new way
of combining effects goes here; the conditions themselves are :mod:`engine.library.conditions`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from engine.core.registry import template
from engine.rules.ability import MAX_REPEATS, Condition, Context, Effect, resolve_all, RepeatPrecedingIf
from engine.rules.references import card_label
from engine.rules.targets import Choose


@template()
@dataclass
class If(Effect):
    condition: Condition
    then: list[Effect]
    otherwise: list[Effect] = field(default_factory=list)

    def resolve(self, ctx: Context) -> bool:
        if self.condition(ctx):
            return resolve_all(self.then, ctx)
        _chose_nothing(self.then, ctx)
        if not self.otherwise:
            ctx.log(f"{ctx.source.name}: condition not met, nothing happens")
            return False
        return resolve_all(self.otherwise, ctx)


@template()
@dataclass
class MayUpToTimes(Effect):
    """ "You may <clause> up to N times" (Monty Bank, DT 219: "You may exalt Monty Bank up to 2
    times"): the clause 0 to N times, as the controller decides; asked before each time, and a "no"
    ends it (the same outcomes as naming a number, one question at a time as at the table)."""

    n: int
    then: list[Effect]

    def resolve(self, ctx: Context) -> bool:
        decider = ctx.eng.decider(ctx)
        done = 0
        while done < self.n:
            ordinal = "the optional effect" if done == 0 else f"it again ({done} of up to {self.n} done)"
            if not ctx.eng.chooser.may(f"{decider}: {ctx.source.name}: resolve {ordinal}?"):
                break
            resolve_all(self.then, ctx)
            done += 1
        ctx.log(f"{decider} resolves {ctx.source.name}'s optional effect {done} time(s) of up to {self.n}")
        return done > 0


@template()
@dataclass
class IfYouDo(Effect):
    """ "<first>. If you do, <then>.": ``then`` resolves only when ``first`` fully resolved; "Otherwise,
    <otherwise>." resolves when it did not."""

    first: list[Effect]
    then: list[Effect]
    otherwise: list[Effect] = field(default_factory=list)

    def resolve(self, ctx: Context) -> bool:
        if not resolve_all(self.first, ctx):
            ctx.log(f"{ctx.source.name}: the first part did not happen, so the rest does not")
            _chose_nothing(self.then, ctx)
            return resolve_all(self.otherwise, ctx) if self.otherwise else False
        return resolve_all(self.then, ctx)


@template()
@dataclass
class May(Effect):
    """ "You may ...": the controller of the ability decides (on the active player's turn that is
    asked of the active player when the card is theirs; rules switches may say otherwise)."""

    then: list[Effect]
    question: str = ""
    #: "You may <X>. Otherwise, <Y>.": Y when X was declined or did not fully resolve
    otherwise: list[Effect] = field(default_factory=list)

    def resolve(self, ctx: Context) -> bool:
        decider = ctx.eng.decider(ctx)
        first = self.then[0] if self.then else None
        if isinstance(first, Choose) and not first.up_to and not first.options(ctx):
            # "you may discard a Logos card" with none to choose: nothing to decide, nothing done
            ctx.log(f"{ctx.source.name}: no card to choose for the optional effect")
            _chose_nothing(self.then, ctx)
            return resolve_all(self.otherwise, ctx) if self.otherwise else False
        if not ctx.eng.chooser.may(f"{decider}: {self.question or ctx.source.name + ': use the optional effect?'}"):
            ctx.log(f"{decider} declines {ctx.source.name}'s optional effect")
            _chose_nothing(self.then, ctx)
            return resolve_all(self.otherwise, ctx) if self.otherwise else False
        ctx.log(f"{decider} chooses to resolve {ctx.source.name}'s optional effect")
        if not resolve_all(self.then, ctx):
            return resolve_all(self.otherwise, ctx) if self.otherwise else False
        return True


def _chose_nothing(effects: list[Effect], ctx: Context) -> None:
    """A declined "you may" (a condition not met, an "if you do" whose first part did not happen)
    chose no card: what it would have named names nothing, so a later sentence about it ("You may
    move an enemy creature ... Then, if it is on a flank, it captures 1"; "If you do, play a
    different creature from your discard pile. Ready and use that creature.") finds no card and
    does nothing, rather than naming a card never chosen."""
    for effect in effects:
        if isinstance(effect, Choose) and effect.name not in ctx.chosen:
            ctx.chosen[effect.name] = []


@dataclass
class Confirm(Effect):
    """An optional step with no effect of its own ("you may repeat this effect"): fully resolved
    when the deciding player says yes."""

    question: str

    def resolve(self, ctx: Context) -> bool:
        return ctx.eng.chooser.may(f"{ctx.eng.decider(ctx)}: {self.question}")


@dataclass
class ForEach(Effect):
    """ "For each <X>, <effects>" / "<effect> for each <X>": the effects once per X, counted when
    the effect starts (glossary "For Each"); each repetition makes its own choices."""

    count: Callable[[Context], int]
    effects: list
    #: "each creature cannot <...> more than once this way": each repetition's first choice of a
    #: card excludes the cards the earlier repetitions chose
    distinct: bool = False

    def resolve(self, ctx: Context) -> bool:
        n = self.count(ctx)
        ctx.log(f"{ctx.source.name}: {n} time(s)")
        ok = n > 0
        picked: list = []
        for _ in range(n):
            effects = self._excluding(picked) if self.distinct else self.effects
            ok = resolve_all(effects, ctx) and ok
            if self.distinct:
                picked += ctx.chosen.get(self._choice().name, [])
            if ctx.game.winner:
                break
        return ok

    def _choice(self):
        return next(e for e in self.effects if isinstance(e, Choose))

    def _excluding(self, picked: list) -> list:
        choose = self._choice()
        where = choose.where

        def fresh(ctx, card) -> bool:
            return card not in picked and (where is None or where(ctx, card))

        return [replace(e, where=fresh) if e is choose else e for e in self.effects]


@dataclass
class RepeatFor(Effect):
    """ "For each one <counted>, <effects>": the effects once per count (its choices made anew)."""

    count: Callable[[Context], int]
    effects: list

    def resolve(self, ctx: Context) -> bool:
        n = self.count(ctx)
        for _ in range(n):
            resolve_all(self.effects, ctx)
            if ctx.game.winner:
                break
        return n > 0


@dataclass
class OneAtATime(Effect):
    on: str
    effects: list = field(default_factory=list)
    name: str = "it"

    def resolve(self, ctx: Context) -> bool:
        pending = list(ctx.refs(self.on))
        done = False
        while pending:
            nxt = (
                pending[0]
                if len(pending) == 1
                else ctx.eng.chooser.choose(
                    f"{ctx.game.active}: {ctx.source.name}: which card next (one at a time)",
                    pending,
                    label=card_label(pending),
                )
            )
            pending.remove(nxt)
            if not nxt.in_play:
                continue
            ctx.chosen[self.name] = [nxt]
            done = resolve_all(self.effects, ctx) or done
        return done


def _always(ctx: Context) -> bool:
    return True


@template("RepeatPrecedingOnce")
def repeat_preceding_once() -> RepeatPrecedingIf:
    """ "Repeat the preceding effect.": with no condition, once (16.0 glossary "Preceding": "the
    entirety of the effect before the text providing the instruction to repeat resolves again")."""
    return RepeatPrecedingIf(_always)


@template()
@dataclass
class AgainWhileDone(Effect):
    """ "<effect>, and trigger this effect again" ending a conditional effect ("Reveal the top card of
    your deck. If that card belongs to the chosen house, draw it and trigger this effect again"):
    ``effects`` resolve again each time they fully resolved (the condition met, the card drawn),
    what was chosen before them kept; bounded as the glossary's infinite loops are."""

    effects: list[Effect]

    def resolve(self, ctx: Context) -> bool:
        times = 0
        while resolve_all(self.effects, ctx) and not ctx.game.winner:
            times += 1
            if times >= MAX_REPEATS:
                ctx.log(f"{ctx.source.name}: stopped after {MAX_REPEATS} repeats (infinite loop)")
                break
            ctx.log(f"{ctx.source.name}: the effect triggers again")
        return times > 0
