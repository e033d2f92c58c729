"""Creatures in play, their state and their place: ready, exhaust, stun and unstun ("stun it the
first time a creature reaps each turn"), power as a count ("gets +1 power for each ..."), and
positions in a battleline (swapping two creatures, moving one to a flank, "the creatures to the
right of this creature", a battleline divided in half).

Using creatures (fight, reap, "Action:") is :mod:`engine.library.using`; counters and statuses
(exalt, enrage, ward, doom) are :mod:`engine.library.status`; damage is
:mod:`engine.library.damage`. A new effect on a creature's state or position goes here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.registry import template
from engine.library.conditions import static_context
from engine.library.counters import COUNTER
from engine.library.pile_ends import pile_owners
from engine.library.status import DOOM
from engine.library.this_way import record_this_way
from engine.rules.ability import Context, Effect
from engine.rules.entering import EnteringStatic
from engine.rules.references import card_label
from engine.rules.statics import Applies, itself, Static
from engine.rules.targets import Choose
from engine.rules.turn import kept_exhausted, kept_ready, readied


def _in_play(cards):
    return [c for c in cards if c.in_play]


@template()
@dataclass
class Ready(Effect):
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        done = False
        for c in _in_play(ctx.refs(self.on)):
            if not c.exhausted:
                ctx.log(f"{c.label} is already ready")
                continue
            if kept_exhausted(ctx.eng, c):
                ctx.log(f"{c.label} cannot ready")
                continue
            c.exhausted, done = False, True
            ctx.log(f"{c.label} is readied")
            readied(ctx.eng, [c], ctx.controller)  # "after a player readies a creature"
        return done


@template()
@dataclass
class Exhaust(Effect):
    """ "Exhaust <cards>": the ready ones are exhausted, and recorded as exhausted this way ("for
    each creature exhausted this way": engine.library.this_way)."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in _in_play(ctx.refs(self.on)) if not c.exhausted and not kept_ready(ctx.eng, c)]
        for c in cards:
            c.exhausted = True
            ctx.log(f"{c.label} is exhausted")
        record_this_way(ctx, "exhausted", cards)
        return bool(cards)


@template()
@dataclass
class Stun(Effect):
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        done = False
        for c in _in_play(ctx.refs(self.on)):
            if c.stunned:
                ctx.log(f"{c.label} is already stunned: nothing happens")
                continue
            c.stunned = done = True
            ctx.log(f"{c.label} is stunned")
        return done


@template()
@dataclass
class Unstun(Effect):
    """ "Unstun <creatures>": each stunned one is no longer stunned."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.in_play and c.stunned]
        for c in cards:
            c.stunned = False
            ctx.log(f"{c.label} is unstunned")
        return bool(cards)


@template(kind="static")
@dataclass
class PowerPerCount(Static):
    """ "<group> gets +N power for each <X>": N times the count, read now."""

    amount: int
    count: Callable[[Context], int]
    applies: Applies = itself

    def power(self, eng, source, controller, creature) -> int:
        if not self.applies(eng, source, controller, creature):
            return 0
        return self.amount * self.count(static_context(eng, source, controller, creature))


@template(kind="static")
@dataclass
class ArmorPerCount(Static):
    """ "<group> gets +N armor for each <X>": N times the count, read now (about the creature:
    "each other friendly creature gets +2 armor for each Æmber on it")."""

    amount: int
    count: Callable[[Context], int]
    applies: Applies = itself

    def armor(self, eng, source, controller, creature) -> int:
        if not self.applies(eng, source, controller, creature):
            return 0
        return self.amount * self.count(static_context(eng, source, controller, creature))


@template()
@dataclass
class SwapWith(Effect):
    """ "Swap <this creature> with another friendly creature in your battleline": both must be in
    the battleline of the ability's controller. A swap never moves a creature to the other
    player's battleline, so when this creature is not in that battleline (its reap triggered by
    the opponent's Replicator) the swap fails before any choice (the Sanctum Guardian FAQ). The
    other creature is named ``name`` ("You may use that other creature this turn"). ``neighbors``:
    "swap <this creature> with one of its neighbors" (the choice among them)."""

    name: str = "swap"
    neighbors: bool = False

    def resolve(self, ctx: Context) -> bool:
        line = ctx.me.creatures
        if ctx.source not in line:
            ctx.log(f"{ctx.source.label} is not in {ctx.controller}'s battleline: the swap fails, nothing happens")
            ctx.chosen[self.name] = []  # "that creature" of a later sentence names nothing
            return False
        near = ctx.game.neighbors(ctx.source)
        where = (lambda _ctx, c: c in near) if self.neighbors else None
        Choose("creature", "friendly", name=self.name, exclude_self=True, where=where).resolve(ctx)
        other = ctx.ref(self.name)
        if other is None or other not in line:
            return False
        i, j = line.index(ctx.source), line.index(other)
        line[i], line[j] = other, ctx.source
        ctx.log(f"{ctx.source.label} swaps places with {other.label} ({', '.join(c.label for c in line)})")
        return True


@dataclass
class SwapTwoInABattleline(Effect):
    """ "Swap the positions of two creatures in a battleline": a battleline with two or more
    creatures (the controller chooses whose), then two of its creatures."""

    def resolve(self, ctx: Context) -> bool:
        lines = [p for p in (ctx.controller, ctx.opponent_name) if len(ctx.game.players[p].creatures) >= 2]
        if not lines:
            ctx.log(f"{ctx.source.name}: no battleline has two creatures")
            return False
        whose = ctx.eng.chooser.choose(f"{ctx.source.name}: swap creatures in whose battleline", lines)
        line = ctx.game.players[whose].creatures
        first = ctx.eng.chooser.choose(f"{ctx.source.name}: first creature", list(line), label=card_label(line))
        rest = [c for c in line if c is not first]
        second = ctx.eng.chooser.choose(f"{ctx.source.name}: second creature", rest, label=card_label(rest))
        i, j = line.index(first), line.index(second)
        line[i], line[j] = second, first
        ctx.log(f"{first.label} and {second.label} swap places ({', '.join(c.label for c in line)})")
        return True


@template()
@dataclass
class MoveToFlank(Effect):
    """ "Move <it> to either flank of its controller's battleline": the player chooses the flank
    (one option when it is alone or already the only way to be on a flank is its place). The
    creature does not leave play."""

    on: str

    def resolve(self, ctx: Context) -> bool:
        done = False
        for card in [c for c in ctx.refs(self.on) if c.zone == "battleline"]:
            line = ctx.game.players[card.controller].creatures
            others = [c for c in line if c is not card]
            flank = ctx.eng.chooser.choose(
                f"{ctx.eng.decider(ctx)}: {ctx.source.name}: move {card.label} to which flank",
                ["left", "right"] if others else ["right"],
            )
            line.remove(card)
            line.insert(0 if flank == "left" else len(line), card)
            ctx.log(
                f"{card.label} moves to the {flank} flank of {card.controller}'s battleline "
                f"({', '.join(c.label for c in line)})"
            )
            done = True
        return done


def beside(side: str) -> Callable:
    """A static's "creatures to the <right / left> of <this creature> in the battleline"."""

    def applies(eng, source, controller, creature) -> bool:
        line = eng.game.players[source.controller].creatures
        if source not in line or creature not in line:
            return False
        i, j = line.index(source), line.index(creature)
        return j > i if side == "right" else j < i

    return applies


@template(kind="static")
@dataclass
class CannotReady(Static):
    """ "<group> cannot ready" (by no effect nor in the "ready cards" step), "<group> does not ready
    during <the> "ready cards" step" (``step_only``), "... unless <condition>" (``unless``: read
    about the creature)."""

    applies: Applies = itself
    step_only: bool = False
    unless: Callable[[Context], bool] | None = None

    def cannot_ready(self, eng, source, controller, card, in_step: bool) -> bool:
        if (self.step_only and not in_step) or not self.applies(eng, source, controller, card):
            return False
        return self.unless is None or not self.unless(static_context(eng, source, controller, card))


@dataclass
class CannotBecomeExhausted(EnteringStatic):
    """ "While it is not your turn, your creatures cannot become exhausted" (``while_``: read about
    the card with the ability): neither an effect, nor a use, nor entering play exhausts them."""

    applies: Applies = itself
    while_: Callable[[Context], bool] | None = None

    def cannot_exhaust(self, eng, source, controller, card) -> bool:
        if not self.applies(eng, source, controller, card):
            return False
        return self.while_ is None or self.while_(static_context(eng, source, controller, source))

    def enters_ready(self, eng, source, controller, creature) -> bool:
        return self.cannot_exhaust(eng, source, controller, creature)


@template()
@dataclass
class MoveAnywhere(Effect):
    """ "Move <a creature> anywhere in its controller's battleline": the controller of the ability
    chooses its new place among the places of that battleline (0 = the left flank), the others
    keeping their order. The creature does not leave play."""

    on: str

    def resolve(self, ctx: Context) -> bool:
        done = False
        for card in [c for c in ctx.refs(self.on) if c.zone == "battleline"]:
            line = ctx.game.players[card.controller].creatures
            where = ctx.eng.chooser.choose(
                f"{ctx.eng.decider(ctx)}: {ctx.source.name}: move {card.label} to which place (0 = left flank)",
                list(range(len(line))),
            )
            line.remove(card)
            line.insert(where, card)
            ctx.log(f"{card.label} moves in {card.controller}'s battleline ({', '.join(c.label for c in line)})")
            done = True
        return done


@template()
@dataclass
class Rearrange(Effect):
    """ "Rearrange the creatures in <your / a player's> battleline": the controller puts them in
    the order they choose, flank to flank (``whose``: as :func:`engine.library.pile_ends.pile_owners`
    reads it, "chosen" for "a player's"). The creatures do not leave play; only their places (and so
    their neighbors and flanks) change. ``other``: "rearrange other friendly creatures in your
    battleline": this creature keeps its place, the others are put in the places left."""

    whose: str = "self"
    other: bool = False

    def resolve(self, ctx: Context) -> bool:
        for player in pile_owners(ctx, self.whose, "battleline"):
            line = ctx.game.players[player].creatures
            kept = line.index(ctx.source) if self.other and ctx.source in line else None
            left, order = [c for c in line if c is not ctx.source or kept is None], []
            while len(left) > 1:
                pick = ctx.eng.chooser.choose(
                    f"{ctx.controller}: {ctx.source.name}: which creature goes in place {len(order) + 1} "
                    f"(from the left) of {player}'s battleline",
                    left,
                    label=card_label(left),
                )
                order.append(pick)
                left.remove(pick)
            line[:] = order + left
            if kept is not None:
                line.insert(kept, ctx.source)
            ctx.log(f"{ctx.source.name}: {player}'s battleline is now {', '.join(c.label for c in line)}")
        return True


def _half(player: str, side: str) -> str:
    return f"{side} half of {player}'s battleline"


@template()
@dataclass
class DivideBattlelines(Effect):
    """ "Divide each player's battleline in half as evenly as possible without changing the order of
    creatures": each battleline into a left and a right half of the same size, or, with an odd
    number of creatures, the player resolving the ability chooses the half the middle creature
    joins. The halves are named for the effects after it (:class:`DestroyOneHalf`)."""

    def resolve(self, ctx: Context) -> bool:
        g = ctx.game
        for player in (g.active, g.other(g.active)):
            line = list(g.players[player].creatures)
            cut = len(line) // 2
            if len(line) % 2:
                middle = line[cut]
                side = ctx.eng.chooser.choose(f"{ctx.source.name}: {middle.label} joins which half", ["left", "right"])
                cut += side == "left"
            ctx.chosen[_half(player, "left")], ctx.chosen[_half(player, "right")] = line[:cut], line[cut:]
        return True


@template()
@dataclass
class DestroyOneHalf(Effect):
    """ "For each battleline, destroy each creature in one of the halves": the player resolving the
    ability chooses a half of each battleline :class:`DivideBattlelines` divided; every creature of
    the halves chosen is destroyed at once."""

    def resolve(self, ctx: Context) -> bool:
        g, doomed = ctx.game, []
        for player in (g.active, g.other(g.active)):
            halves = {side: ctx.chosen.get(_half(player, side), []) for side in ("left", "right")}
            if not any(halves.values()):
                continue
            side = ctx.eng.chooser.choose(
                f"{ctx.source.name}: destroy which half of {player}'s battleline", ["left", "right"]
            )
            doomed += [c for c in halves[side] if c.in_play]
        if doomed:
            ctx.eng.destroy(doomed)
        return bool(doomed)


#: what "swap all Æmber, damage, counters" exchanges between two creatures: their Æmber, damage and
#: counters (power, and the ward, enrage and stun status counters)
_CARRIED = ("amber", "damage", "power_counters", "ward", "enraged", "stunned")


@template()
@dataclass
class SwapWhatIsOn(Effect):
    """ "Also swap all Æmber, damage, counters, and upgrades on these creatures": between the card
    with the ability and the creature ``on`` names (the one it swapped places with), both in play.
    Named counters and doom (lasting effects on one card) follow the swap too (Glossary "Swap": with
    one of the two missing, nothing is swapped)."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        one, other = ctx.source, ctx.ref(self.on)
        if other is None or other is one or not (one.in_play and other.in_play):
            ctx.log(f"{ctx.source.name}: nothing to swap with, nothing is swapped")
            return False
        for attr in _CARRIED:
            a, b = getattr(one, attr), getattr(other, attr)
            setattr(one, attr, b)
            setattr(other, attr, a)
        one.upgrades, other.upgrades = other.upgrades, one.upgrades
        for host in (one, other):
            for upgrade in host.upgrades:
                upgrade.attached_to = host
        for effect in ctx.game.lasting:
            if effect.kind in (COUNTER, DOOM) and effect.params.get("target") in (one, other):
                effect.params["target"] = other if effect.params["target"] is one else one
        ctx.log(f"{one.label} and {other.label} swap their amber, damage, counters and upgrades")
        return True
