"""Conditions (``(ctx) -> bool``): "if your opponent has more Æmber", "if you have 7 Æmber or
more", "if you control more creatures", "if you are haunted", "if it is on a flank", "if this is the
first time this creature was used this turn", "if you forged a key this turn", and the reactions'
matches on an event ("after a creature enters play", "after this creature is used", "at the end of
your turn"); with the tests on a card they are built from (:func:`self_test`, :func:`it_test`), and
what a card remembers of the turn for its condition (:class:`RememberTurn`).

Conditions serve effects ("If ...", :mod:`engine.library.flow`) and constant abilities alike: a
constant ability is asked about the state as it is now, so its condition is read each time the
engine asks, in the context of the card with the ability, where "it" is that card
(:func:`static_context`, :func:`while_`). A new condition goes here; counts ("for each ...") are
:mod:`engine.library.counts`, conditions on what was done "this way" :mod:`engine.library.this_way`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.registry import template
from engine.library.naming import CardTest
from engine.rules.ability import Condition, Context, Effect
from engine.rules.forging import keys_forged_on
from engine.rules.haunted import is_haunted
from engine.rules.statics import Applies


def static_context(eng, source, controller, it=None) -> Context:
    """The context a constant ability's count or condition is read in: the card with the ability,
    its controller, and "it" naming the card the ability is asked about (the creature whose power
    it gives: "each friendly creature gets +2 power for each Æmber on it"), else the card itself."""
    return Context(eng, source, controller, chosen={"it": [it if it is not None else source]})


def while_(applies: Applies, condition: Callable[[Context], bool]) -> Applies:
    """A group, only while ``condition`` holds ("while it is on a flank": "it" is the card the
    ability is asked about)."""

    def test(eng, source, controller, card) -> bool:
        return applies(eng, source, controller, card) and bool(condition(static_context(eng, source, controller, card)))

    return test


def refs_named(ctx: Context, ref: str) -> list:
    """The cards ``ref`` names for a condition: none when the effect that would have named them did
    not happen ("Lose 1. If you do, ... discard the top card of your opponent's deck. If that card
    belongs to the named house, ...": with nothing lost, no card was named, and the condition does
    not hold)."""
    try:
        return ctx.refs(ref)
    except ValueError:
        return []


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
        cards = refs_named(ctx, ref)
        return bool(cards) and all(test(ctx.eng, ctx.source, ctx.controller, c) for c in cards)

    return condition


@template(kind="condition")
def share_a_type(ref: str) -> Condition:
    """ "If the discarded cards share a type": two or more cards named before, all of one card type."""

    def condition(ctx: Context) -> bool:
        cards = refs_named(ctx, ref)
        return len(cards) >= 2 and len({c.type for c in cards}) == 1

    return condition


def negate(condition: Condition) -> Condition:
    def negated(ctx: Context) -> bool:
        return not condition(ctx)

    return negated


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


@template(kind="condition")
def amber_at_least(who: str, n: int) -> Condition:
    """ "If <you / your opponent> <have / has> N Æmber or more"."""

    def condition(ctx: Context) -> bool:
        return (ctx.me if who == "self" else ctx.opponent).amber >= n

    condition.__name__ = f"{who}_has_{n}_amber_or_more"
    return condition


@template(kind="condition")
def amber_compare(who: str, op: str, n: int = 0) -> Callable[[Context], bool]:
    """ "If <you / your opponent> <have / has> exactly N / N or fewer / more Æmber than <the other>
    / an odd / an even amount of Æmber" (``op``: "exactly", "at_most", "more", "odd", "even"; 0 is
    an even amount)."""

    def condition(ctx: Context) -> bool:
        mine, theirs = (ctx.me.amber, ctx.opponent.amber) if who == "self" else (ctx.opponent.amber, ctx.me.amber)
        if op in ("odd", "even"):
            return mine % 2 == (1 if op == "odd" else 0)
        return mine == n if op == "exactly" else mine <= n if op == "at_most" else mine > theirs

    condition.__name__ = f"{who}_amber_{op}_{n}"
    return condition


@template(kind="condition", value=True)
def has_amber_on_self(ctx: Context) -> bool:
    """ "While <this creature> has Æmber on it"."""
    return ctx.source.in_play and ctx.source.amber > 0


def amber_on_self_at_least(n: int):
    def condition(ctx: Context) -> bool:
        return ctx.source.in_play and ctx.source.amber >= n

    condition.__name__ = f"amber_on_self_at_least_{n}"
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
def more_keys(who: str) -> Condition:
    """ "If <your opponent / you> <has / have> more forged keys than <you / your opponent>"."""

    def condition(ctx: Context) -> bool:
        mine, theirs = ctx.me.keys, ctx.opponent.keys
        return mine > theirs if who == "self" else theirs > mine

    condition.__name__ = f"{who}_has_more_keys"
    return condition


@template(kind="condition")
def count_more(first: Callable[[Context], int], second: Callable[[Context], int]) -> Condition:
    """ "If there are more <cards> than <other cards>" ("more friendly Mars creatures than enemy
    Mars creatures"), counted as the condition is asked."""

    def condition(ctx: Context) -> bool:
        return first(ctx) > second(ctx)

    return condition


@template(kind="condition")
def count_at_least(count: Callable[[Context], int], n: int) -> Callable[[Context], bool]:
    """ "If <a player> has N or more <cards> in play"."""

    def condition(ctx: Context) -> bool:
        return count(ctx) >= n

    return condition


@template(kind="condition")
def count_at_most(count: Callable[[Context], int], n: int = 0) -> Callable[[Context], bool]:
    """ "If there are no <cards> in play" (N 0): the count read as the condition is asked."""

    def condition(ctx: Context) -> bool:
        return count(ctx) <= n

    return condition


def powerful_extreme(eng, card, among: list, least: bool = False) -> bool:
    """Is ``card`` the most (``least``: the least) powerful of ``among``? Tied, each is (16.0 "Most
    Powerful", "Least Powerful": "If there are multiple creatures that qualify, each is considered
    most powerful")."""
    if card not in among:
        return False
    powers = [eng.power(c) for c in among]
    return eng.power(card) == (min(powers) if least else max(powers))


@template(kind="condition")
def it_most_powerful(ref: str, side: str = "any", least: bool = False) -> Condition:
    """ "If that creature is the most powerful creature", "if the creature <this creature> fights is
    the least powerful enemy creature" (``ref`` "fought": the creature of the fight being
    resolved): among the creatures of ``side`` in play (of the ability's controller's view)."""

    def condition(ctx: Context) -> bool:
        if ref == "fought":
            defender = (ctx.event.get("fight") or {}).get("defender")
            cards = [defender] if defender is not None else []
        else:
            cards = refs_named(ctx, ref)
        players = {"friendly": [ctx.me], "enemy": [ctx.opponent], "any": [ctx.me, ctx.opponent]}[side]
        among = [c for p in players for c in p.creatures]
        return bool(cards) and all(powerful_extreme(ctx.eng, c, among, least) for c in cards)

    return condition


@template(kind="condition", value=True)
def control_most_powerful(ctx: Context) -> bool:
    """ "If you control the most powerful creature (or a creature tied for most powerful)"."""
    among = ctx.me.creatures + ctx.opponent.creatures
    return any(powerful_extreme(ctx.eng, c, among) for c in ctx.me.creatures)


def has_friendly_creature(ctx: Context) -> bool:
    return bool(ctx.me.creatures)


@template(kind="condition", value=True)
def haunted(ctx: Context) -> bool:
    """ "If you are haunted"."""
    return is_haunted(ctx.eng, ctx.controller)


@template(kind="condition", value=True)
def opponent_haunted(ctx: Context) -> bool:
    """ "If your opponent is haunted"."""
    return is_haunted(ctx.eng, ctx.opponent_name)


@template(kind="condition", value=True)
def not_your_turn(ctx: Context) -> bool:
    """ "If it is not your turn": the ability's controller is not the active player."""
    return ctx.game.active != ctx.controller


def source_on_flank(eng, source) -> bool:
    return source.zone == "battleline" and eng.is_flank(source)


def host_on_flank(eng, source, controller, creature) -> bool:
    """An upgrade's "while this creature is on a flank": the creature it is attached to."""
    return source.attached_to is creature and creature.zone == "battleline" and eng.is_flank(creature)


def not_on_a_flank(eng, source) -> bool:
    return source.zone == "battleline" and not eng.is_flank(source)


def at_end_of_your_turn(ctx: Context) -> bool:
    """ "At the end of your turn": the turn ending is the controller's."""
    return ctx.event.get("player") == ctx.controller


def creature_entered_play(ctx: Context) -> bool:
    """ "After a creature enters play" (any creature, friendly or enemy)."""
    card = ctx.event.get("card")
    return card is not None and card.type == "creature" and card.zone == "battleline"


def host_was_used(ctx: Context) -> bool:
    """ "After this creature is used" (an upgrade's: the creature it is attached to)."""
    return ctx.source.attached_to is not None and ctx.event.get("card") is ctx.source.attached_to


def you_used_an_artifact(ctx: Context) -> bool:
    used = ctx.event.get("card")
    return ctx.event.get("player") == ctx.controller and used is not None and used.type == "artifact"


def creatures_used_this_turn(ctx: Context) -> int:
    """ "If you used N or more creatures this turn": the uses of creatures this turn (a creature
    used twice is used twice)."""
    return sum(1 for c in ctx.game.used_this_turn if c.type == "creature" and c.controller == ctx.controller)


@template(kind="condition", value=True)
def first_use_this_turn(ctx: Context) -> bool:
    """ "If this is the first time this creature was used this turn"."""
    return ctx.game.used_this_turn.count(ctx.source) == 1


@template(kind="condition", value=True)
def you_forged_this_turn(ctx: Context) -> bool:
    """ "If you forged a key this turn"."""
    return keys_forged_on(ctx.game, ctx.controller, ctx.game.turn) > 0


@dataclass
class RememberTurn(Effect):
    """Remember on the source that something happened this turn (``key``), for a condition of its
    own that reads it (:func:`happened_this_turn`)."""

    key: str

    def resolve(self, ctx: Context) -> bool:
        ctx.source.memory[self.key] = ctx.game.turn
        return True


@dataclass
class RememberPlayerTurn(Effect):
    """Remember on the source which player the event is about did something this turn (``key``
    and the player's name), for a condition of its own that reads it."""

    key: str

    def resolve(self, ctx: Context) -> bool:
        ctx.source.memory[f"{self.key} {ctx.event.get('player')}"] = ctx.game.turn
        return True


def happened_this_turn(key: str) -> Callable:
    def applies(eng, source, controller, card) -> bool:
        return source.memory.get(key) == eng.game.turn

    return applies
