"""Counts (``(ctx) -> int``) the "for each <X>" of effects and constant abilities read: keys
(unforged, forged), Æmber (in a pool, "all but N", on a card), damage on a card, neighbors, upgrades on
a creature, cards in a hand, archives or discard pile, cards played this turn, houses in play,
creatures ("each creature you have in excess of your opponent", "each friendly creature", the cards
in play a noun phrase names), copies of a card in a discard pile.

An effect counts as it resolves; a constant ability counts each time the engine asks. A new count
goes here; what was done "this way" is counted by :mod:`engine.library.this_way`.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.registry import template
from engine.library.houses import houses_among
from engine.library.naming import CardTest
from engine.library.playing import plays_this_turn
from engine.library.this_way import done_this_way
from engine.rules.ability import Context
from engine.rules.as_in_play import stat_as_it_was
from engine.rules.bonus_icons import bonus_icons
from engine.rules.gained_text import same_title
from engine.rules.references import candidates


@template(kind="count", value=True)
def unforged_keys(ctx: Context) -> int:
    """ "Each unforged key you have": of the three keys, those not forged."""
    return max(0, 3 - ctx.me.keys)


def opponent_keys(ctx: Context) -> int:
    return ctx.opponent.keys


@template(kind="count", value=True)
def opponent_keys_forged(ctx: Context) -> int:
    return ctx.opponent.keys


@template(kind="count", value=True)
def amber_in_pool(ctx: Context) -> int:
    return ctx.me.amber


@template(kind="count")
def share_of_pool(whose: str, parts: int) -> Callable[[Context], int]:
    """ "One third of your opponent's Æmber (rounded down)": the pool of ``whose`` ("self" or
    "opponent") divided by ``parts``, rounded down, counted as the effect resolves."""

    def amount(ctx: Context) -> int:
        return (ctx.me if whose == "self" else ctx.opponent).amber // parts

    amount.__name__ = f"{whose}_amber_by_{parts}"
    return amount


@template(kind="count", value=True)
def opponent_amber(ctx: Context) -> int:
    """ "All of your opponent's Æmber", "each Æmber your opponent has", counted as the effect
    resolves."""
    return ctx.opponent.amber


def opponent_amber_but(n: int) -> Callable[[Context], int]:
    """ "All but N of <your opponent's Æmber>"."""

    def amount(ctx: Context) -> int:
        return max(0, ctx.opponent.amber - n)

    return amount


@template(kind="count", value=True)
def amber_on_self(ctx: Context) -> int:
    return ctx.source.amber


@template(kind="count", value=True)
def amber_on_this_creature(ctx: Context) -> int:
    """ "Each Æmber on this creature": on the card itself (a creature's own ability, or one it
    gained: "Destroyed: ... gain 1 for each A on this creature"), on the creature an upgrade is
    attached to in the upgrade's own ability."""
    card = ctx.source.attached_to if ctx.source.zone == "upgrade" else ctx.source
    return card.amber if card is not None else 0


@template(kind="count", value=True)
def amber_on_it(ctx: Context) -> int:
    """ "Each Æmber on it": on the card "it" names (in a constant ability, the card it is about)."""
    return sum(c.amber for c in ctx.chosen.get("it", [])[:1])


@template(kind="count", value=True)
def amount_of_the_event(ctx: Context) -> int:
    """ "Each Æmber stolen" in a reaction to a steal ("After your Æmber is stolen, ... for each Æmber
    stolen"): the amount the event moved."""
    return int(ctx.event.get("amount", 0))


@template(kind="count", value=True)
def damage_on_self(ctx: Context) -> int:
    return ctx.source.damage


@template(kind="count", value=True)
def damage_on_it(ctx: Context) -> int:
    return sum(c.damage for c in ctx.chosen.get("it", [])[:1])


@template(kind="count", value=True)
def upgrades_on_self(ctx: Context) -> int:
    """ "Each upgrade on <this creature>"."""
    return len(ctx.source.upgrades) if ctx.source.zone == "battleline" else 0


@template(kind="count", value=True)
def upgrades_on_this_creature(ctx: Context) -> int:
    """ "Each upgrade on this creature": an upgrade's own ability counts those on the creature it is
    attached to, a creature's those on itself."""
    holder = ctx.source.attached_to if ctx.source.zone == "upgrade" else ctx.source
    return len(holder.upgrades) if holder is not None and holder.zone == "battleline" else 0


@template(kind="count")
def upgrades_on_titled(title: str) -> Callable[[Context], int]:
    """ "Each upgrade on Chief Engineer Walls": on the creature of that title an upgrade's own ability
    is attached to, else on each creature of that title in play."""

    def count(ctx: Context) -> int:
        host = ctx.source.attached_to if ctx.source.zone == "upgrade" else None
        if host is not None and same_title(host.name, title):
            return len(host.upgrades)
        return sum(len(c.upgrades) for c in ctx.game.creatures() if same_title(c.name, title))

    return count


@template(kind="count")
def cards_in(zone: str, who: str = "self", excess: int = 0) -> Callable[[Context], int]:
    """ "Each card in your (your opponent's; ``who="each"``: both players') archives / hand /
    discard pile", counted as the effect resolves; ``excess``: "each card in your opponent's hand in
    excess of 5", those beyond N."""

    def count(ctx: Context) -> int:
        players = (ctx.me, ctx.opponent) if who == "each" else (ctx.me if who == "self" else ctx.opponent,)
        return max(0, sum(len(p.zone(zone)) for p in players) - excess)

    return count


@template(kind="count", value=True)
def cards_played_this_turn(ctx: Context) -> int:
    """ "Each card you have played this turn" (the card resolving among them, once played)."""
    return plays_this_turn(ctx.game, ctx.controller)


@template(kind="count", value=True)
def houses_in_play(ctx: Context) -> int:
    """ "Each house represented among cards in play" (a card of all houses represents them all)."""
    return len(houses_among(ctx.eng, ctx.game.in_play()))


@template(kind="count")
def amber_on_creatures(side: str = "friendly") -> Callable[[Context], int]:
    """ "Each Æmber on friendly (enemy) creatures": all of it, summed."""

    def count(ctx: Context) -> int:
        return sum(c.amber for c in (ctx.me if side == "friendly" else ctx.opponent).creatures)

    return count


@template(kind="count", value=True)
def neighbors_of_self(ctx: Context) -> int:
    return len(ctx.game.neighbors(ctx.source)) if ctx.source.zone == "battleline" else 0


@template(kind="count", value=True)
def exhausted_left_of_self(ctx: Context) -> int:
    """ "For each exhausted creature to <this creature>'s left": in its controller's battleline,
    the exhausted creatures before it (the left flank is the start of the line)."""
    line = ctx.game.players[ctx.source.controller].creatures
    if ctx.source not in line:
        return 0
    return sum(1 for c in line[: line.index(ctx.source)] if c.exhausted)


@template(kind="count", value=True)
def amber_on_friendly_of_self_name(ctx: Context) -> int:
    """ "For each A on friendly Hastatus Raptors" (in Hastatus Raptor's own text): the Æmber on the
    friendly creatures of its name, itself included."""
    return sum(c.amber for c in ctx.me.creatures if c.name == ctx.source.name)


@template(kind="count", value=True)
def neighbors_of_it(ctx: Context) -> int:
    return sum(len(ctx.game.neighbors(c)) for c in ctx.chosen.get("it", [])[:1] if c.zone == "battleline")


@template(kind="count")
def creatures_in_excess(who: str, not_self: bool = False) -> Callable[[Context], int]:
    """ "Each creature <you have / your opponent controls> in excess of <your opponent / you>";
    ``not_self``: "..., not counting SELF" (the card whose ability it is, wherever it is, is not
    among either side's creatures)."""

    def count(ctx: Context) -> int:
        mine, theirs = (
            len([c for c in p.creatures if not (not_self and c is ctx.source)]) for p in (ctx.me, ctx.opponent)
        )
        return max(0, mine - theirs) if who == "self" else max(0, theirs - mine)

    return count


def friendly_creatures(ctx: Context) -> int:
    """ "For each friendly creature", counted when the effect resolves."""
    return len(ctx.me.creatures)


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
def copies_in_discard(ctx: Context) -> int:
    """ "Each copy of <this card> in your discard pile": cards of its name there."""
    return sum(1 for c in ctx.me.zone("discard") if c.name == ctx.source.name)


@template(kind="count")
def houses_among_creatures(side: str = "friendly") -> Callable[[Context], int]:
    """ "Each house represented among friendly (enemy) creatures" (a creature of several houses
    represents each of them)."""

    def count(ctx: Context) -> int:
        return len(houses_among(ctx.eng, (ctx.me if side == "friendly" else ctx.opponent).creatures))

    return count


def _last_known(ctx: Context, ref: str):
    cards = ctx.refs(ref)
    return cards[0] if cards else None


@template(kind="count")
def power_of(ref: str) -> Callable[[Context], int]:
    """ "Equal to the archived creature's power", "equal to SELF's power": the power of the card
    named, as it is in play, or as it was if it left play during this ability, else as printed."""

    return _stat_of(ref, "power")


@template(kind="count")
def armor_of(ref: str) -> Callable[[Context], int]:
    """ "Equal to SELF's armor": the armor of the card named, read as :func:`power_of` reads power."""

    return _stat_of(ref, "armor")


def _stat_of(ref: str, stat: str) -> Callable[[Context], int]:
    """The ``stat`` ("power", "armor") of the card ``ref`` names: in play with its modifiers; gone
    from play during this ability, as it was in play (engine.rules.as_in_play); else as printed."""

    def count(ctx: Context) -> int:
        card = _last_known(ctx, ref)
        if card is None:
            return 0
        if card.in_play:
            return getattr(ctx.eng, stat)(card)
        was = stat_as_it_was(ctx, card, stat)
        return was if was is not None else int(getattr(card.printed, stat) or 0)

    return count


def _icons(cards, icon: str | None) -> int:
    return sum(sum(1 for i in bonus_icons(c) if icon is None or i == icon) for c in cards)


@template(kind="count")
def bonus_icons_this_way(verb: str, icon: str | None = None):
    """ "The number of Æmber bonus icons on the cards discarded this way": the bonus icons (of
    ``icon``, or any) on the cards done this way, printed and enhanced (engine.rules.bonus_icons)."""

    def count(ctx: Context) -> int:
        return _icons(done_this_way(ctx, verb), icon)

    return count


@template(kind="count")
def bonus_icons_on(ref: str, icon: str | None = None):
    """ "The number of Æmber bonus icons on that card": on the cards ``ref`` names."""

    def count(ctx: Context) -> int:
        return _icons(ctx.refs(ref), icon)

    return count


@template(kind="count")
def houses_among_named(ref: str = "", verb: str = "", with_self_neighbors: bool = False) -> Callable[[Context], int]:
    """ "Each house represented among the discarded cards" (the cards ``ref`` names), "... among
    creatures exhausted this way" (``verb``: what the ability did this way), "... among SELF and its
    neighbors" (``with_self_neighbors``); a card of several houses represents each of them."""

    def count(ctx: Context) -> int:
        if with_self_neighbors:
            cards = [ctx.source, *ctx.game.neighbors(ctx.source)] if ctx.source.zone == "battleline" else []
        else:
            cards = done_this_way(ctx, verb) if verb else ctx.refs(ref)
        return len(houses_among(ctx.eng, cards))

    return count


@template(kind="count")
def neighbors_sharing_a_house(ref: str) -> Callable[[Context], int]:
    """ "Each of its neighbors that shares a house with it": of the creature ``ref`` names, now."""

    def count(ctx: Context) -> int:
        cards = [c for c in ctx.refs(ref) if c.zone == "battleline"]
        return sum(
            1 for c in cards for n in ctx.game.neighbors(c) if houses_among(ctx.eng, [c]) & houses_among(ctx.eng, [n])
        )

    return count


@template(kind="count")
def neighbors_not_of_house(ref: str, house: str) -> Callable[[Context], int]:
    """ "Each of its non-<house> neighbors": of the creature ``ref`` names, its neighbors now that
    do not belong to that house."""

    def count(ctx: Context) -> int:
        cards = [c for c in ctx.refs(ref) if c.zone == "battleline"]
        return sum(1 for c in cards for n in ctx.game.neighbors(c) if house not in houses_among(ctx.eng, [n]))

    return count


def between_self_and(ctx: Context, name: str) -> list:
    """The creatures strictly between SELF and a card named ``name`` in one battleline (none when
    either is not in it; the nearest copy of that name counts)."""
    me = ctx.source
    if me.zone != "battleline":
        return []
    line = ctx.game.players[me.controller].creatures
    at = line.index(me)
    others = [i for i, c in enumerate(line) if c is not me and c.name == name]
    if not others:
        return []
    there = min(others, key=lambda i: abs(i - at))
    return line[min(at, there) + 1 : max(at, there)]


@template(kind="count")
def creatures_between_self_and(name: str) -> Callable[[Context], int]:
    """ "Each creature between SELF and <a card named so>": how many creatures stand strictly
    between the two (:func:`between_self_and`)."""

    def count(ctx: Context) -> int:
        return len(between_self_and(ctx, name))

    return count
