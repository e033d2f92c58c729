"""Æmber in the players' pools: gaining, losing and stealing it ("gain 2", "your opponent loses
all their Æmber", "steal all but 1 of your opponent's Æmber"), in amounts counted as the ability
resolves ("gain 1 for each house represented in play"), and chains ("gain 2 chains").

Gains and steals go through the general rules, so replacement effects apply
(:mod:`engine.rules.replacements`: a steal from the common supply is still a steal); a loss takes
what there is. Æmber captured by a creature, placed on a card or moved off one is
:mod:`engine.library.amber_on_cards`; keys are :mod:`engine.library.keys`. A new effect on the
pools goes here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.registry import template
from engine.library.houses import houses_among
from engine.rules.ability import Context, Effect, player_ref
from engine.library.conditions import static_context
from engine.library.this_way import record_this_way
from engine.rules.replacements import AmberCannotBeStolen, add_to_pool, steal


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


@dataclass
class GainChainsFor(Effect):
    """ "<Your opponent> gains N chains"."""

    amount: int
    who: str = "opponent"

    def resolve(self, ctx: Context) -> bool:
        player = player_ref(ctx, self.who)
        pool = ctx.game.players[player]
        pool.chains += self.amount
        ctx.log(f"{ctx.source.name}: {player} gains {self.amount} chain(s) ({pool.chains})")
        return True


@template()
@dataclass
class Lose(Effect):
    """The opponent (``who="opponent"``) or the controller loses Æmber (``amount``: a number, or a
    count read as the effect resolves: "loses A equal to Urien's armor")."""

    amount: object  # int | Callable[[Context], int]
    who: str = "opponent"

    def resolve(self, ctx: Context) -> bool:
        player = ctx.opponent_name if self.who == "opponent" else ctx.controller
        pool = ctx.game.players[player]
        amount = self.amount(ctx) if callable(self.amount) else self.amount
        lost = min(amount, pool.amber)
        pool.amber -= lost
        ctx.log(f"{ctx.source.name}: {player} loses {lost} Æmber ({pool.amber})")
        record_this_way(ctx, "lost", [], lost)  # "for each A lost this way"
        return lost == amount


@template()
@dataclass
class LoseAll(Effect):
    """ "Lose all your Æmber" (``who="opponent"``: your opponent loses all of theirs)."""

    who: str = "self"

    def resolve(self, ctx: Context) -> bool:
        pool = ctx.me if self.who == "self" else ctx.opponent
        lost, pool.amber = pool.amber, 0
        record_this_way(ctx, "lost", [], lost)  # "for each A lost this way"
        ctx.log(
            f"{ctx.source.name}: {ctx.controller if self.who == 'self' else ctx.opponent_name} loses all {lost} Æmber"
        )
        return True


@template()
@dataclass
class Steal(Effect):
    """ "Steal N" ("steal Æmber equal to <a count>": ``amount`` counted as the effect resolves)."""

    amount: object  # int, or Callable[[Context], int]

    def resolve(self, ctx: Context) -> bool:
        # replacement effects apply (engine.rules.replacements): "if you do" holds when the Æmber was
        # stolen, even from the common supply, not when a steal was replaced by a capture
        amount = self.amount(ctx) if callable(self.amount) else self.amount
        if amount <= 0:
            ctx.log(f"{ctx.source.name}: nothing to steal")
            return False
        taken, stolen = steal(ctx.eng, ctx.controller, amount, ctx.source.name)
        record_this_way(ctx, "stolen", [], amount=taken if stolen else 0)  # "if you do (steal) and ..."
        return stolen and taken == amount


@dataclass
class StealAllBut(Effect):
    """ "Steal all but N of your opponent's Æmber" (a steal: replacement effects apply)."""

    keep: int

    def resolve(self, ctx: Context) -> bool:
        amount = ctx.opponent.amber - self.keep
        if amount <= 0:
            ctx.log(f"{ctx.source.name}: {ctx.opponent_name} has {ctx.opponent.amber} Æmber: nothing to steal")
            return False

        taken, stolen = steal(ctx.eng, ctx.controller, amount, ctx.source.name)
        record_this_way(ctx, "stolen", [], amount=taken if stolen else 0)  # "if you do (steal) and ..."
        return stolen and taken == amount


@dataclass
class ReduceAmberTo(Effect):
    """ "Each player with N+1 Æmber or more is reduced to N": both players' pools are capped."""

    limit: int

    def resolve(self, ctx: Context) -> bool:
        for name, pool in ctx.game.players.items():
            if pool.amber > self.limit:
                ctx.log(f"{ctx.source.name}: {name} is reduced from {pool.amber} to {self.limit} Æmber")
                pool.amber = self.limit
        return True


@template()
@dataclass
class EachPlayerLosesHalf(Effect):
    """ "Each player loses half their Æmber (rounding down the loss)"."""

    def resolve(self, ctx: Context) -> bool:
        for name, pool in ctx.game.players.items():
            lost = pool.amber // 2
            pool.amber -= lost
            ctx.log(f"{ctx.source.name}: {name} loses {lost} Æmber ({pool.amber})")
        return True


@dataclass
class EachPlayerDoublesPool(Effect):
    """ "Each player gains Æmber equal to the Æmber in their pool"."""

    def resolve(self, ctx: Context) -> bool:
        for name in (ctx.game.active, ctx.game.other(ctx.game.active)):
            amount = ctx.game.players[name].amber
            if amount:
                ctx.eng.gain(name, amount, ctx.source.name)
        return True


@dataclass
class LoseAllThenOpponentLosesTimes(Effect):
    """ "Lose all your Æmber. Then, your opponent loses <factor> times the amount you lost"."""

    factor: int

    def resolve(self, ctx: Context) -> bool:
        lost = ctx.me.amber
        ctx.me.amber = 0
        theirs = min(ctx.opponent.amber, lost * self.factor)
        ctx.opponent.amber -= theirs
        ctx.log(
            f"{ctx.source.name}: {ctx.controller} loses {lost} Æmber; {ctx.opponent_name} loses {theirs} "
            f"({ctx.opponent.amber})"
        )
        return True


@dataclass
class LoseAllAndDrawPer(Effect):
    """ "Lose all of your Æmber. Draw N cards for each Æmber lost"."""

    per: int = 2

    def resolve(self, ctx: Context) -> bool:
        lost, ctx.me.amber = ctx.me.amber, 0
        ctx.log(f"{ctx.source.name}: {ctx.controller} loses {lost} Æmber")
        if lost:
            ctx.eng.draw(ctx.controller, lost * self.per)
        return lost > 0


@template()
@dataclass
class EventCardPlayerAmber(Effect):
    """ "Its owner gains N" / "its controller loses N": the player of the card the event is about
    (its controller as the event saw it: a destroyed creature is no longer in play)."""

    amount: int
    whose: str = "owner"
    gain: bool = True
    #: the card an earlier sentence of the ability named ("Exhaust a creature. If it was already
    #: exhausted, destroy it instead and its controller loses 1"), when no event names one
    on: str = ""

    def resolve(self, ctx: Context) -> bool:
        card = ctx.event.get("card")
        if card is not None:
            player = card.owner if self.whose == "owner" else ctx.event.get("controller", card.controller)
        else:  # no event: the card an earlier sentence named
            card = ctx.ref(self.on) if self.on not in ("", "it") and self.on in ctx.chosen else None
            if card is None:
                return False
            player = card.owner if self.whose == "owner" else card.controller
        if self.gain:
            ctx.eng.gain(player, self.amount, ctx.source.name)
            return True
        pool = ctx.game.players[player]
        lost = min(self.amount, pool.amber)
        pool.amber -= lost
        ctx.log(f"{ctx.source.name}: {player} loses {lost} Æmber ({pool.amber})")
        return lost == self.amount


@template()
@dataclass
class GainCounted(Effect):
    """ "Gain 1 Æmber for each <thing counted when the ability resolves>"."""

    count: Callable[[Context], int]

    def resolve(self, ctx: Context) -> bool:
        n = self.count(ctx)
        if n:
            ctx.eng.gain(ctx.controller, n, ctx.source.name)
        return n > 0


@dataclass
class GainForEach(Effect):
    """ "Gain 1 Æmber for each card <...> this way": per card an earlier effect named ``ref``."""

    ref: str
    per: int = 1

    def resolve(self, ctx: Context) -> bool:
        n = len(ctx.chosen.get(self.ref, []))
        if not n:
            ctx.log(f"{ctx.source.name}: no card counted, no Æmber gained")
            return False
        ctx.eng.gain(ctx.controller, n * self.per, ctx.source.name)
        return True


@dataclass
class GainPerHouseInPlay(Effect):
    """ "Gain 1 Æmber (to a maximum of N) for each house represented among cards in play, except
    for <house>"."""

    maximum: int
    except_house: str

    def resolve(self, ctx: Context) -> bool:
        houses = houses_among(ctx.eng, ctx.game.in_play()) - {self.except_house}
        n = min(self.maximum, len(houses))
        if n:
            ctx.eng.gain(ctx.controller, n, ctx.source.name)
        return n > 0


@template(kind="static")
@dataclass
class AmberCannotBeStolenWhile(AmberCannotBeStolen):
    """ "While <condition>, your Æmber cannot be stolen" (no condition: always): the general rules'
    :class:`~engine.rules.replacements.AmberCannotBeStolen`, while the condition holds."""

    cond: Callable[[Context], bool] | None = None

    def protects_amber(self, eng, source, controller, player: str) -> bool:
        if not super().protects_amber(eng, source, controller, player):
            return False
        return self.cond is None or bool(self.cond(static_context(eng, source, controller)))


@template()
@dataclass
class PayOpponent(Effect):
    """ "Pay your opponent N" (glossary "Pay": the Æmber is removed from the paying player's pool
    and added to the opponent's); a pool short of N pays what it has, and the effect is fully
    resolved ("if you do") only when all N were paid."""

    amount: int

    def resolve(self, ctx: Context) -> bool:
        pool = ctx.me
        paid = min(self.amount, pool.amber)
        pool.amber -= paid
        ctx.log(f"{ctx.source.name}: {ctx.controller} pays {ctx.opponent_name} {paid} Æmber")
        add_to_pool(ctx.eng, ctx.opponent_name, paid, f"paid by {ctx.controller}")
        return paid == self.amount


@template()
@dataclass
class LoseHalf(Effect):
    """ "Your opponent (they) loses half their Æmber (rounding down the loss)"."""

    who: str = "opponent"

    def resolve(self, ctx: Context) -> bool:
        player = player_ref(ctx, self.who)
        pool = ctx.game.players[player]
        lost = pool.amber // 2
        pool.amber -= lost
        ctx.log(f"{ctx.source.name}: {player} loses half their Æmber, {lost} ({pool.amber})")
        return True


@template()
@dataclass
class StealHalf(Effect):
    """ "Steal half of your opponent's Æmber (rounding down)" (a steal: replacement effects apply)."""

    def resolve(self, ctx: Context) -> bool:
        amount = ctx.opponent.amber // 2
        if amount == 0:
            ctx.log(f"{ctx.source.name}: half of {ctx.opponent_name}'s Æmber is none: nothing to steal")
            return True
        taken, stolen = steal(ctx.eng, ctx.controller, amount, ctx.source.name)
        record_this_way(ctx, "stolen", [], amount=taken if stolen else 0)  # "if you do (steal) and ..."
        return stolen and taken == amount


@template()
@dataclass
class LoseAllBut(Effect):
    """ "Your opponent (they) loses all but N Æmber": their pool is reduced to N (nothing lost when
    they have N or less)."""

    keep: int
    who: str = "opponent"

    def resolve(self, ctx: Context) -> bool:
        player = player_ref(ctx, self.who)
        pool = ctx.game.players[player]
        lost = max(0, pool.amber - self.keep)
        pool.amber -= lost
        ctx.log(f"{ctx.source.name}: {player} loses all but {self.keep} Æmber, {lost} ({pool.amber})")
        return True


@template()
@dataclass
class GiveOpponent(Effect):
    """ "Give your opponent N Æmber" ("pay your opponent N"): from the controller's pool to the
    opponent's, as much as the pool has; fully resolved ("If you do") only when all N went."""

    amount: int

    def resolve(self, ctx: Context) -> bool:
        given = min(self.amount, ctx.me.amber)
        ctx.me.amber -= given
        if given:
            ctx.eng.gain(ctx.opponent_name, given, f"given by {ctx.controller} ({ctx.source.name})")
        else:
            ctx.log(f"{ctx.source.name}: {ctx.controller} has no Æmber to give")
        return given == self.amount
