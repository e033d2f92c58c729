"""Groups and what is done to them: naming a group by a noun phrase's tests, the neighbors of a
chosen card as they are now, conditions with a value ("if your opponent has 7 Æmber or more"),
"for each" repetitions, Æmber placed from the common supply, discards, shuffling cards into their
owner's deck (the compiler reads these from card texts; hand definitions use them too).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from engine.rules.ability import Condition, Context, Effect
from engine.library.status import place_amber
from engine.rules.statics import Static
from engine.rules.references import candidates
from engine.core.registry import template
from engine.library.zones import shuffle_deck
from engine.rules.ability import resolve_all
from engine.rules.targets import Choose

#: a test on a card, in the engine's Applies form (engine.rules.statics): (eng, source, controller, card)
CardTest = Callable[..., bool]


@dataclass
class NameGroup(Effect):
    """ "Each <noun phrase>": every card of the kinds ``whats`` on ``side`` that ``test`` admits,
    named ``name`` (no choice); with ``other``, never the card with the ability."""

    whats: tuple[str, ...]
    side: str
    test: CardTest
    name: str
    other: bool = False

    def resolve(self, ctx: Context) -> bool:
        found = [
            c
            for what in self.whats
            for c in candidates(ctx, what, self.side)
            if not (self.other and c is ctx.source) and self.test(ctx.eng, ctx.source, ctx.controller, c)
        ]
        ctx.chosen[self.name] = ctx.chosen["it"] = found
        return bool(found)


@template()
@dataclass
class NeighborsOf(Effect):
    """ "Each of <that creature>'s neighbors": the creatures next to the card ``of`` names, now."""

    of: str
    name: str

    def resolve(self, ctx: Context) -> bool:
        found = [n for c in ctx.refs(self.of) if c.zone == "battleline" for n in ctx.game.neighbors(c)]
        ctx.chosen[self.name] = ctx.chosen["it"] = list(dict.fromkeys(found))
        return bool(found)


@dataclass
class Named(Effect):
    """Name the cards an earlier reference names under another name (for "it" after a group)."""

    ref: str
    name: str

    def resolve(self, ctx: Context) -> bool:
        ctx.chosen[self.name] = ctx.chosen["it"] = list(ctx.refs(self.ref))
        return bool(ctx.chosen[self.name])


# ------------------------------------------------------------------------------ conditions


@template(kind="condition")
def amber_at_least(who: str, n: int) -> Condition:
    """ "If <you / your opponent> <have / has> N Æmber or more"."""

    def condition(ctx: Context) -> bool:
        return (ctx.me if who == "self" else ctx.opponent).amber >= n

    condition.__name__ = f"{who}_has_{n}_amber_or_more"
    return condition


@template(kind="condition")
def more_creatures(who: str) -> Condition:
    """ "If <you control / your opponent controls> more creatures than <your opponent / you>"."""

    def condition(ctx: Context) -> bool:
        mine, theirs = len(ctx.me.creatures), len(ctx.opponent.creatures)
        return mine > theirs if who == "self" else theirs > mine

    condition.__name__ = f"{who}_controls_more_creatures"
    return condition


@template(kind="condition")
def no_creatures(side: str) -> Condition:
    """ "If <there are no enemy creatures / you have no creatures> in play"."""

    def condition(ctx: Context) -> bool:
        players = {"friendly": [ctx.me], "enemy": [ctx.opponent], "any": [ctx.me, ctx.opponent]}[side]
        return not any(p.creatures for p in players)

    condition.__name__ = f"no_{side}_creatures"
    return condition


@template(kind="condition")
def self_test(test: CardTest) -> Condition:
    """ "If <this card> is on a flank": a test on the card with the ability."""

    def condition(ctx: Context) -> bool:
        return ctx.source.in_play and bool(test(ctx.eng, ctx.source, ctx.controller, ctx.source))

    return condition


@template(kind="condition")
def it_test(ref: str, test: CardTest) -> Condition:
    """ "If <that creature> is damaged": a test on every card an earlier effect named."""

    def condition(ctx: Context) -> bool:
        cards = ctx.refs(ref)
        return bool(cards) and all(test(ctx.eng, ctx.source, ctx.controller, c) for c in cards)

    return condition


def negate(condition: Condition) -> Condition:
    def negated(ctx: Context) -> bool:
        return not condition(ctx)

    return negated


# ------------------------------------------------------------------------------ "for each"


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


def count_in_play(whats: tuple[str, ...], side: str, test: CardTest, other: bool = False) -> Callable[[Context], int]:
    """How many cards in play a noun phrase names ("each friendly ready creature")."""

    def count(ctx: Context) -> int:
        return sum(
            1
            for what in whats
            for c in candidates(ctx, what, side)
            if not (other and c is ctx.source) and test(ctx.eng, ctx.source, ctx.controller, c)
        )

    return count


@template(kind="count", value=True)
def opponent_keys_forged(ctx: Context) -> int:
    return ctx.opponent.keys


# ------------------------------------------------------------------------------ statics


@template(kind="static")
@dataclass
class OpponentKeysCost(Static):
    """ "Your opponent's keys cost +N": added to what the opponent of the controller pays."""

    amount: int

    def key_cost(self, eng, source, controller, player: str) -> int:
        return self.amount if player != controller else 0


@template()
@dataclass
class TheAttacked(Effect):
    """ "The attacked creature": the creature an earlier "fight with" of this ability attacked, or,
    in a "Fight:" / "Before Fight:" ability, the creature this one fights."""

    name: str

    def resolve(self, ctx: Context) -> bool:
        if "attacked" in ctx.chosen:
            found = list(ctx.chosen["attacked"])
        else:
            fight = ctx.event.get("fight") or {}
            defender = fight.get("defender") if isinstance(fight, dict) else None
            found = [defender] if defender is not None and defender.in_play else []
        ctx.chosen[self.name] = ctx.chosen["it"] = found
        return bool(found)


# ------------------------------------------------------------------------------ Æmber and hands


@template()
@dataclass
class MoveAmberWithPool(Effect):
    """ "Move N Æmber from your pool to <this card>" (``to_card``), or "from <this card> to your
    pool": as much of N as the side it comes from holds."""

    amount: int
    to_card: bool = True

    def resolve(self, ctx: Context) -> bool:
        card, pool = ctx.source, ctx.me
        moved = min(self.amount, pool.amber if self.to_card else card.amber)
        step = moved if self.to_card else -moved
        pool.amber -= step
        card.amber += step
        where = (
            f"from their pool to {card.label} ({card.amber} on it)"
            if self.to_card
            else f"from {card.label} to their pool ({pool.amber})"
        )
        ctx.log(f"{ctx.controller} moves {moved} Æmber {where}")
        return moved == self.amount


@template()
@dataclass
class LoseAll(Effect):
    """ "Lose all your Æmber" (``who="opponent"``: your opponent loses all of theirs)."""

    who: str = "self"

    def resolve(self, ctx: Context) -> bool:
        pool = ctx.me if self.who == "self" else ctx.opponent
        lost, pool.amber = pool.amber, 0
        ctx.log(
            f"{ctx.source.name}: {ctx.controller if self.who == 'self' else ctx.opponent_name} loses all {lost} Æmber"
        )
        return True


@template()
@dataclass
class GainForgeCost(Effect):
    """ "You get all Æmber spent by your opponent when forging keys": in reaction to a key forged
    (event ``key_forged`` {player, cost, spent}), the Æmber spent comes to you rather than the
    supply: once, to the first such ability that resolves."""

    def resolve(self, ctx: Context) -> bool:
        spent = ctx.event.get("spent") or {"left": ctx.event.get("cost", 0)}
        cost, spent["left"] = spent["left"], 0
        if cost:
            ctx.eng.gain(ctx.controller, cost, f"{ctx.source.name} (the Æmber {ctx.event.get('player')} spent)")
        return bool(cost)


@template()
@dataclass
class PlaceAmber(Effect):
    """ "Place N Æmber from the common supply on <creatures>": Æmber no player had (glossary
    "Exalt" does the same with 1)."""

    amount: int = 1
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        return place_amber(
            ctx,
            self.on,
            self.amount,
            f"{ctx.source.name}: " + "{amount} Æmber from the common supply is placed on {label} ({total} on it)",
        )


@template()
@dataclass
class EventCardPlayerAmber(Effect):
    """ "Its owner gains N" / "its controller loses N": the player of the card the event is about
    (its controller as the event saw it: a destroyed creature is no longer in play)."""

    amount: int
    whose: str = "owner"
    gain: bool = True

    def resolve(self, ctx: Context) -> bool:
        card = ctx.event.get("card")
        if card is None:
            return False
        player = card.owner if self.whose == "owner" else ctx.event.get("controller", card.controller)
        if self.gain:
            ctx.eng.gain(player, self.amount, ctx.source.name)
            return True
        pool = ctx.game.players[player]
        lost = min(self.amount, pool.amber)
        pool.amber -= lost
        ctx.log(f"{ctx.source.name}: {player} loses {lost} Æmber ({pool.amber})")
        return lost == self.amount


def _discard(ctx: Context, card) -> None:
    """A card discarded from its owner's hand by an effect: into the discard pile, and the
    "discarded" event (engine.rules.play_timing) for the player who discarded it."""
    house = card.house
    ctx.eng.put_away(card, "discard")
    ctx.eng.emit("discarded", card=card, player=card.owner, house=house)


@dataclass
class DiscardFromHand(Effect):
    """ "Discard <the chosen cards> (from your hand)"."""

    on: str

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone == "hand"]
        for c in cards:
            _discard(ctx, c)
        return bool(cards)


@template()
@dataclass
class DiscardRandomFromHand(Effect):
    """ "<Your opponent> discards a random card from their hand" (the game's seeded generator)."""

    who: str = "opponent"

    def resolve(self, ctx: Context) -> bool:
        player = ctx.opponent if self.who == "opponent" else ctx.me
        hand = player.zone("hand")
        if not hand:
            ctx.log(f"{ctx.source.name}: no card in {player.name}'s hand to discard")
            return False
        _discard(ctx, ctx.game.rng.choice(hand))
        return True


@template()
@dataclass
class Ward(Effect):
    """ "Ward <creatures>": a ward counter on each; one already warded cannot be warded again
    (glossary "Ward")."""

    on: str

    def resolve(self, ctx: Context) -> bool:
        done = False
        for c in ctx.refs(self.on):
            if c.zone != "battleline" or c.ward:
                continue
            c.ward = done = True
            ctx.log(f"{c.label} is warded")
        return done


@template(this_way="shuffled")
@dataclass
class ShuffleIntoDeck(Effect):
    """ "Shuffle <cards> into their owner's deck": a card in play leaves play to its owner's deck
    (a warded creature stays; leaving play says so in the trace), a card in one of ``from_zones``
    is moved there; then each of those decks is shuffled, once. ``on``: one reference or several
    ("each chosen friendly and enemy creature")."""

    on: str | tuple[str, ...] = "it"
    from_zones: tuple = ("discard",)

    def resolve(self, ctx: Context) -> bool:
        moved, out_of_play = [], []
        for ref in (self.on,) if isinstance(self.on, str) else self.on:
            for c in ctx.refs(ref):
                if c.in_play:
                    if ctx.eng.leave_play(c, "deck"):
                        moved.append(c)
                elif c.zone in self.from_zones:
                    ctx.game.move(c, "deck", c.owner)
                    moved.append(c)
                    out_of_play.append(c)
        for owner in sorted({c.owner for c in moved}):
            shuffle_deck(ctx.game, owner)
        if out_of_play:
            ctx.log(f"{ctx.source.name}: {', '.join(c.label for c in out_of_play)} shuffled into their owner's deck")
        return bool(moved)


@template()
@dataclass
class DiscardHand(Effect):
    """ "Discard your hand": every card in it, one discard each."""

    def resolve(self, ctx: Context) -> bool:
        hand = list(ctx.me.zone("hand"))
        for c in hand:
            _discard(ctx, c)
        return bool(hand)


@template(kind="condition", value=True)
def haunted(ctx: Context) -> bool:
    """ "If you are haunted": 10 or more cards in your discard pile (glossary "Haunted")."""
    return len(ctx.me.zone("discard")) >= 10


def opponent_amber(ctx: Context) -> int:
    """ "All of your opponent's Æmber", counted as the effect resolves."""
    return ctx.opponent.amber
