"""The shared effect library card definitions are built from (keyteki style: small, composable).

An ability is a list of effects resolved in order. Each effect returns whether it fully resolved,
which is what "if you do" looks at; an effect that cannot fully resolve does what it can ("resolve
as much as you can"). Effects name the cards they act on with references resolved by
:meth:`Context.refs`: ``"self"``, a name given to an earlier :class:`~engine.rules.targets.Choose`, or a
group such as ``"each enemy creature"``. This module holds the Æmber effects and the conditionals
("if", "if you do", "you may"); the framework (Context, Effect, repeats) is
:mod:`engine.rules.ability`, the effects on cards :mod:`engine.library.on_cards`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.core.state import CardInstance
from engine.core.registry import template
from engine.rules.ability import Condition, Context, Effect, player_ref, resolve_all
from engine.rules.replacements import capture
from engine.rules.replacements import steal
from engine.rules.references import card_label

if TYPE_CHECKING:
    pass


# ------------------------------------------------------------------------------ conditions


@template(kind="condition", value=True)
def opponent_has_more_amber(ctx: Context) -> bool:
    return ctx.opponent.amber > ctx.me.amber


@template(kind="condition", value=True)
def opponent_has_no_amber(ctx: Context) -> bool:
    return ctx.opponent.amber == 0


def have_amber(n: int) -> Condition:
    def condition(ctx: Context) -> bool:
        return ctx.me.amber >= n

    condition.__name__ = f"have_{n}_amber"
    return condition


# ------------------------------------------------------------------------------ Æmber


@template()
@dataclass
class Gain(Effect):
    """The controller (or, ``who="opponent"``, their opponent: "Your opponent gains 2"; see
    :func:`player_ref`) gains Æmber."""

    amount: int
    who: str = "self"

    def resolve(self, ctx: Context) -> bool:
        ctx.eng.gain(player_ref(ctx, self.who), self.amount, ctx.source.name)
        return True


@template()
@dataclass
class GainChains(Effect):
    """ "Gain N chains": the controller's chains go up by N."""

    amount: int

    def resolve(self, ctx: Context) -> bool:
        ctx.me.chains += self.amount
        ctx.log(f"{ctx.source.name}: {ctx.controller} gains {self.amount} chain(s) ({ctx.me.chains})")
        return True


@template()
@dataclass
class Lose(Effect):
    """The opponent (``who="opponent"``) or the controller loses Æmber."""

    amount: int
    who: str = "opponent"

    def resolve(self, ctx: Context) -> bool:
        player = ctx.opponent_name if self.who == "opponent" else ctx.controller
        pool = ctx.game.players[player]
        lost = min(self.amount, pool.amber)
        pool.amber -= lost
        ctx.log(f"{ctx.source.name}: {player} loses {lost} Æmber ({pool.amber})")
        return lost == self.amount


@template()
@dataclass
class Steal(Effect):
    amount: int

    def resolve(self, ctx: Context) -> bool:
        # replacement effects apply (engine.rules.replacements): "if you do" holds when the Æmber was
        # stolen, even from the common supply, not when a steal was replaced by a capture

        taken, stolen = steal(ctx.eng, ctx.controller, self.amount, ctx.source.name)
        return stolen and taken == self.amount


@template()
@dataclass
class Capture(Effect):
    """The creatures ``on`` names (those ``where`` admits) capture Æmber from the opposing side of
    their controller (or from ``side="own"``), one after another. When a pool cannot cover every
    capture from it, which creature captures next matters, and the active player chooses (16.0
    "Active Player": they make all necessary decisions); otherwise they capture in battleline
    order."""

    amount: object  # int, or Callable[[Context], int]: "capture 1 for each damage just prevented"
    on: str = "self"
    side: str = "opposing"
    #: which of the cards ``on`` names capture ("each damaged enemy non-Mars creature")
    where: Callable[[Context, CardInstance], bool] | None = None

    def resolve(self, ctx: Context) -> bool:
        if self.on == "self":
            return self._one(ctx, self.on)
        cards = [c for c in ctx.refs(self.on) if c.zone == "battleline" and (self.where is None or self.where(ctx, c))]
        if len(cards) <= 1:
            ctx.chosen["capturing"] = cards
            return self._one(ctx, "capturing")

        amount = self.amount(ctx) if callable(self.amount) else self.amount
        g = ctx.game
        wanted: dict[str, int] = {}
        for c in cards:
            victim = c.controller if self.side == "own" else g.other(c.controller)
            wanted[victim] = wanted.get(victim, 0) + amount
        ordered = any(n > g.players[v].amber for v, n in wanted.items())
        ok = True
        while cards:
            nxt = (
                cards[0]
                if not ordered or len(cards) == 1
                else ctx.eng.chooser.choose(
                    f"{g.active}: which creature captures next ({ctx.source.name})", cards, label=card_label(cards)
                )
            )
            cards.remove(nxt)
            ctx.chosen["capturing"] = [nxt]
            ok = self._one(ctx, "capturing") and ok
        return ok

    def _one(self, ctx: Context, on: str) -> bool:
        """The creature ``on`` names captures."""
        creature = ctx.ref(on)
        if creature is None or creature.zone != "battleline":
            return False
        amount = self.amount(ctx) if callable(self.amount) else self.amount
        g = ctx.game
        # a creature's own "Capture" used as if another player controlled it (Replicator) takes
        # from that player's opponent
        capturer = ctx.controller if on == "self" else creature.controller
        victim = creature.controller if self.side == "own" else g.other(capturer)

        taken = capture(ctx.eng, creature, amount, victim, ctx.source.name)
        return taken == amount


@dataclass
class CaptureFromAny(Effect):
    """ "Capture N from any combination of players": as much as there is, up to N (do as much as
    you can: with N or more Æmber in the pools together, N must be captured); the active player
    chooses how much comes from the opponent of the capturing creature's controller."""

    amount: int
    on: str = "self"

    def resolve(self, ctx: Context) -> bool:
        creature = ctx.ref(self.on)
        if creature is None or creature.zone != "battleline":
            return False
        g = ctx.game
        own, other = g.players[creature.controller], g.players[g.other(creature.controller)]
        total = min(self.amount, own.amber + other.amber)
        lowest, highest = max(0, total - own.amber), min(total, other.amber)
        from_other = ctx.eng.chooser.choose(
            f"{g.active}: how much of the {total} Æmber {creature.label} captures comes from "
            f"{g.other(creature.controller)}",
            list(range(lowest, highest + 1)),
        )
        other.amber -= from_other
        own.amber -= total - from_other
        creature.amber += total
        ctx.log(
            f"{creature.label} captures {from_other} Æmber from {g.other(creature.controller)} and "
            f"{total - from_other} from {creature.controller} ({creature.amber} on it)"
        )
        return total == self.amount


@dataclass
class CaptureGained(Effect):
    """ "<This creature> captures it": it captures the Æmber the event gained (``event["amber"]``),
    only what is left of it (two Sir Marrows cannot both capture the 1 Æmber one reap gained)."""

    on: str = "self"

    def resolve(self, ctx: Context) -> bool:
        gained = ctx.event.get("amber")
        creature = ctx.ref(self.on)
        if not gained or creature is None or creature.zone != "battleline":
            return False
        # replacement effects apply: taken from the common supply instead (Po's Pixies), the
        # Æmber gained stays for the next capture (the Po's Pixies and two Sir Marrows FAQ)

        taken = capture(
            ctx.eng, creature, gained["gained"], ctx.event["player"], "Æmber gained by reaping", gained=gained
        )
        return taken > 0


# ------------------------------------------------------------------------------ structure


@template()
@dataclass
class If(Effect):
    condition: Condition
    then: list[Effect]
    otherwise: list[Effect] = field(default_factory=list)

    def resolve(self, ctx: Context) -> bool:
        if self.condition(ctx):
            return resolve_all(self.then, ctx)
        if not self.otherwise:
            ctx.log(f"{ctx.source.name}: condition not met, nothing happens")
            return False
        return resolve_all(self.otherwise, ctx)


@template()
@dataclass
class IfYouDo(Effect):
    """ "<first>. If you do, <then>.": ``then`` resolves only when ``first`` fully resolved."""

    first: list[Effect]
    then: list[Effect]

    def resolve(self, ctx: Context) -> bool:
        if not resolve_all(self.first, ctx):
            ctx.log(f"{ctx.source.name}: the first part did not happen, so the rest does not")
            return False
        return resolve_all(self.then, ctx)


@template()
@dataclass
class May(Effect):
    """ "You may ...": the controller of the ability decides (on the active player's turn that is
    asked of the active player when the card is theirs; rules switches may say otherwise)."""

    then: list[Effect]
    question: str = ""

    def resolve(self, ctx: Context) -> bool:
        decider = ctx.eng.decider(ctx)
        if not ctx.eng.chooser.may(f"{decider}: {self.question or ctx.source.name + ': use the optional effect?'}"):
            ctx.log(f"{decider} declines {ctx.source.name}'s optional effect")
            return False
        ctx.log(f"{decider} chooses to resolve {ctx.source.name}'s optional effect")
        return resolve_all(self.then, ctx)
