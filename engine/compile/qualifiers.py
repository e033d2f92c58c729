"""The words that qualify a noun phrase of card text, as tests on a card: adjectives ("damaged",
"flank", "token", a house, a trait, a keyword, a card name), the words after the noun ("with power 3
or higher", "that shares a house with at least 1 of its neighbors", "of the house with the most
creatures in play") and the words about the cards an effect named before ("that shares a house with
the discarded card"). A test is ``test(eng, source, controller, card)``, the engine's
:data:`engine.rules.statics.Applies` form; one about the cards named before is ``test(ctx, card)``.
:mod:`engine.compile.phrases` reads the phrase word by word with them; split from it by subject.
"""

from __future__ import annotations

import re

from engine.library import counters_on, of_chosen_house, RULES_COUNTERS, with_chosen_trait
from engine.rules.bonus_icons import bonus_icons
from engine.rules.fight_timing import neighbors_of
from engine.rules.houses import belongs_to, houses_of
from engine.rules.traits import has_trait, traits
from engine.compile.grammar import Refusal, VOCAB


def _damaged(eng, source, controller, card) -> bool:
    return card.damage > 0


def _undamaged(eng, source, controller, card) -> bool:
    return card.damage == 0


def _flank(eng, source, controller, card) -> bool:
    return eng.is_flank(card)


def _not_flank(eng, source, controller, card) -> bool:
    return card.zone == "battleline" and not eng.is_flank(card)


def _ready(eng, source, controller, card) -> bool:
    return not card.exhausted


def _exhausted(eng, source, controller, card) -> bool:
    return card.exhausted


def _stunned(eng, source, controller, card) -> bool:
    return card.stunned


def _has_amber(eng, source, controller, card) -> bool:
    return card.amber > 0


def _no_amber(eng, source, controller, card) -> bool:
    return card.amber == 0


def _neighbor(eng, source, controller, card) -> bool:
    """Beside the card with the ability; a card that has left play (an event's destroyed creature:
    "after a neighbor of SELF is destroyed"): beside it immediately before it left."""
    return source is not None and source in neighbors_of(eng.game, card)


def self_or_neighbor(eng, source, controller, card) -> bool:
    return card is source or _neighbor(eng, source, controller, card)


def _with_upgrade(eng, source, controller, card) -> bool:
    return bool(card.upgrades)


def _in_center(eng, source, controller, card) -> bool:
    return card.zone == "battleline" and eng.is_center(card)


def _shares_house_with_neighbors(least: int, present: bool = True):
    """ "That shares a house with at least 1 / 2 of its neighbors" (``present=False``: "that does not
    share a house with at least 1 of its neighbors")."""

    def test(eng, source, controller, card) -> bool:
        if card.zone != "battleline":
            return False
        mine = houses_of(eng, card)
        sharing = sum(1 for n in eng.game.neighbors(card) if mine & houses_of(eng, n))
        return (sharing >= least) == present

    return test


def _of_chosen_house(eng, source, controller, card) -> bool:
    return of_chosen_house(eng, source, controller, card)


def _creatures_per_house(eng) -> dict[str, int]:
    """How many creatures in play belong to each house (a creature of several houses counts for each)."""
    counts: dict[str, int] = {}
    for c in eng.game.creatures():
        for h in houses_of(eng, c):
            counts[h] = counts.get(h, 0) + 1
    return counts


def _of_most_numerous_house(eng, source, controller, card) -> bool:
    """ "Of the house with the most creatures in play": a house no other has more creatures of (tied
    houses: each of them)."""
    counts = _creatures_per_house(eng)
    most = max(counts.values(), default=0)
    return bool(houses_of(eng, card) & {h for h, n in counts.items() if n == most})


def _of_house_with_at_least(least: int):
    """ "That belongs to a house that has N or more creatures in play"."""

    def test(eng, source, controller, card) -> bool:
        counts = _creatures_per_house(eng)
        return any(counts.get(h, 0) >= least for h in houses_of(eng, card))

    return test


def _shares_trait_in_line(present: bool):
    """ "That (does not) share(s) a trait with another creature in its controller's battleline"."""

    def test(eng, source, controller, card) -> bool:
        if card.zone != "battleline":
            return False
        mine = traits(eng, card)
        line = eng.game.players[card.controller].creatures
        return any(mine & traits(eng, c) for c in line if c is not card) == present

    return test


def _of_active_house(eng, source, controller, card) -> bool:
    """ "Of the active house": the house the active player chose this turn."""
    return eng.game.active_house is not None and belongs_to(eng, card, eng.game.active_house)


def house_test(house: str, present: bool = True):
    def test(eng, source, controller, card) -> bool:
        return belongs_to(eng, card, house) == present

    return test


def trait_test(trait: str, present: bool = True):
    def test(eng, source, controller, card) -> bool:
        return has_trait(eng, card, trait) == present

    return test


def keyword_test(word: str):
    def test(eng, source, controller, card) -> bool:
        return eng.has(card, word) > 0

    return test


def of_types(kinds: frozenset, present: bool = True):
    """ "An upgrade or action card" (``present``), "a non-creature card" (not ``present``)."""

    def test(eng, source, controller, card) -> bool:
        return (card.type in kinds) == present

    return test


def named(printed: str):
    """A card of that name ("a friendly Bombyx"; a token creature by its token's name)."""

    def test(eng, source, controller, card) -> bool:
        return card.name == printed

    return test


def name_at(text: str) -> str | None:
    """The card name of the vocabulary the text starts with (the longest), if any."""
    names = VOCAB.get("names", {})
    return next((n for n in sorted(names, key=len, reverse=True) if text == n or text.startswith(n + " ")), None)


def _power(op: str, n: int):
    def test(eng, source, controller, card) -> bool:
        p = eng.power(card)
        return p >= n if op == "higher" else p <= n if op == "lower" else p == n

    return test


def _token(eng, source, controller, card) -> bool:
    return card.token_of is not None


def _not_token(eng, source, controller, card) -> bool:
    return card.token_of is None


def extreme_power(which: str, side: str):
    """ "Each [friendly / enemy] creature with the lowest / highest power": every creature of that
    side whose power no other creature of that side is below / above (ties: each of them)."""

    def test(eng, source, controller, card) -> bool:
        g = eng.game
        players = {"friendly": [controller], "enemy": [g.other(controller)], "any": [g.active, g.other(g.active)]}
        powers = [eng.power(c) for p in players[side] for c in g.players[p].creatures]
        return bool(powers) and eng.power(card) == (min(powers) if which == "lowest" else max(powers))

    return test


EXTREME = re.compile(r"^with the (lowest|highest) power")


def _shares_house_with_named(ref: str):
    """ "That shares a house with that card / the discarded card / 1 of the discarded cards / the
    destroyed creature": with any of the cards ``ref`` names (where they are now: a discarded card
    in a discard pile, a destroyed creature in its owner's)."""

    def test(ctx, card) -> bool:
        named = set().union(*(houses_of(ctx.eng, c) for c in ctx.refs(ref))) if ctx.refs(ref) else set()
        return bool(houses_of(ctx.eng, card) & named)

    return test


def _shares_trait_with_named(ref: str):
    """ "That shares one or more traits with the purged creature": with any of the cards ``ref`` names."""

    def test(ctx, card) -> bool:
        named = set().union(*(traits(ctx.eng, c) for c in ctx.refs(ref))) if ctx.refs(ref) else set()
        return bool(traits(ctx.eng, card) & named)

    return test


def _power_less_than_named(ref: str):
    """ "With power less than the chosen creature's power": below the power of the card ``ref`` names
    (as it is now; none named: no card qualifies)."""

    def test(ctx, card) -> bool:
        named = [c for c in ctx.refs(ref) if c.zone == "battleline"]
        return bool(named) and ctx.eng.power(card) < ctx.eng.power(named[0])

    return test


#: words after the noun about the cards named before ("it"), as patterns -> test factory of the name
REF_POST = [
    (
        re.compile(
            r"^that shares? a house with (?:that card|the discarded card|it|that creature|"
            r"(?:1|one|at least one) of the discarded cards|the revealed card|the destroyed creature)"
        ),
        _shares_house_with_named,
    ),
    # "each creature of that card's house": of a house the card named before belongs to
    (re.compile(r"^of (?:that card's|the discarded card's|the revealed card's) house"), _shares_house_with_named),
    # "destroy each creature with power less than the chosen creature's power"
    (re.compile(r"^with power less than (?:the chosen creature's|that creature's|its) power"), _power_less_than_named),
    # "deal 2 damage to each creature that shares one or more traits with the purged creature"
    (
        re.compile(r"^that shares? one or more traits with (?:the purged creature|that creature|it)"),
        _shares_trait_with_named,
    ),
]

#: adjectives with no value: word -> test
ADJECTIVES = {
    "damaged": _damaged,
    "undamaged": _undamaged,
    "flank": _flank,
    "non-flank": _not_flank,
    "ready": _ready,
    "exhausted": _exhausted,
    "stunned": _stunned,
    "neighboring": _neighbor,
    "token": _token,
    "non-token": _not_token,
}


def _power_equal_to_counters(kind: str):
    """ "With power equal to the number of depth counters on SELF": counted as the test is asked (a
    counter the rules define is read by its own words, never here)."""
    if kind in RULES_COUNTERS:
        raise Refusal("counter", kind, f'"{kind}" (a counter the rules define)')

    def test(eng, source, controller, card) -> bool:
        return source is not None and eng.power(card) == counters_on(eng.context(source, controller), source, kind)

    return test


#: words after the noun, as patterns -> test factory
POST = [
    (re.compile(r"^with power (\d+) or (higher|lower)"), lambda m: _power(m[2], int(m[1]))),
    (
        re.compile(r"^with (\d+) or (more|less) power"),
        lambda m: _power("higher" if m[2] == "more" else "lower", int(m[1])),
    ),
    (re.compile(r"^with (\d+) power"), lambda m: _power("equal", int(m[1]))),
    (re.compile(r"^(?:that is )?not on a flank"), lambda m: _not_flank),
    (re.compile(r"^on a flank"), lambda m: _flank),
    (re.compile(r"^with (?:any )?amber on (?:it|them)"), lambda m: _has_amber),
    (re.compile(r"^with no amber on (?:it|them)"), lambda m: _no_amber),
    (re.compile(r"^(?:in play|controlled by any player|from play)"), lambda m: None),
    (re.compile(r"^(?:of|that belongs? to) (?:that|the chosen) house"), lambda m: _of_chosen_house),
    (re.compile(r"^with (?:that|the chosen) trait"), lambda m: with_chosen_trait),
    (re.compile(r"^of the house with the most creatures in play"), lambda m: _of_most_numerous_house),
    (
        re.compile(r"^that belongs to a house that has (\d+) or more creatures in play"),
        lambda m: _of_house_with_at_least(int(m[1])),
    ),
    (
        re.compile(r"^that (does not share|shares) a trait with another creature in its controller's battleline"),
        lambda m: _shares_trait_in_line(m[1] == "shares"),
    ),
    (re.compile(r"^with an upgrade"), lambda m: _with_upgrade),
    (
        re.compile(r"^with the same power as SELF"),
        lambda m: lambda eng, source, controller, card: source is not None and eng.power(card) == eng.power(source),
    ),
    (
        re.compile(r"^that is not (?:already )?stunned"),
        lambda m: lambda eng, source, controller, card: not card.stunned,
    ),
    (re.compile(r"^of the active house"), lambda m: _of_active_house),
    (re.compile(r"^with no bonus icons"), lambda m: lambda eng, source, controller, card: not bonus_icons(card)),
    (
        re.compile(
            r"^that (shares|does not share) a house with (?:at least )?(1|2|both|one or more|one) of its neighbors"
        ),
        lambda m: _shares_house_with_neighbors(2 if m[2] in ("2", "both") else 1, m[1] == "shares"),
    ),
    (re.compile(r"^in the center of its controller's battleline"), lambda m: _in_center),
    (
        re.compile(r"^with power equal to the number of ([a-z-]+) counters on SELF"),
        lambda m: _power_equal_to_counters(m[1]),
    ),
    # "destroy a creature with armor": armor now, printed plus gained (engine.rules.power_armor)
    (re.compile(r"^with armor"), lambda m: lambda eng, source, controller, card: eng.armor(card) > 0),
    # "give each creature with a +1 power counter another +1 power counter"
    (
        re.compile(r"^with (?:a|any) \+1 power counters?"),
        lambda m: lambda eng, source, controller, card: card.power_counters > 0,
    ),
    (
        re.compile(r"^with lower power than SELF"),
        lambda m: lambda eng, source, controller, card: source is not None and eng.power(card) < eng.power(source),
    ),
]
