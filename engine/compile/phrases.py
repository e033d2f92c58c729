"""Noun phrases of card text: "a friendly creature", "each enemy flank creature", "up to 2 damaged
Mars creatures", "each creature with power 3 or higher", "SELF's neighbors", "that creature".

A phrase is read word by word against the vocabulary of ``templates/vocabulary.toml`` (determiners, adjectives,
nouns, the words after the noun), into a :class:`Noun`: what it names, on which side, how many, and
tests on each card. The same :class:`Noun` serves an effect (a choice, or a group named at once),
a constant ability ("each friendly creature gets ...": which creatures it applies to) and a reaction
("after an enemy creature reaps": which event it reacts to); a test is written once, as
``test(eng, source, controller, card)``, in the engine's :data:`engine.rules.statics.Applies` form.
A phrase with a word outside the vocabulary is not guessed at: it is refused by name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.library import of_chosen_house
from engine.rules.bonus_icons import bonus_icons
from engine.rules.fight_timing import neighbors_of
from engine.rules.houses import belongs_to, houses_of
from engine.compile.grammar import Refusal, VOCAB

Test = object  # Callable[[Engine, CardInstance | None, str, CardInstance], bool]


@dataclass(frozen=True)
class Noun:
    #: "creature", "artifact", or "creature or artifact"
    what: str
    #: "any", "friendly" or "enemy", relative to the controller of the ability
    side: str = "any"
    tests: tuple = ()
    #: "one" (a/an), "each", "count" (exactly N), "up_to" (up to N)
    quantity: str = "one"
    count: int = 1
    #: "another", "each other": never the card with the ability
    other: bool = False
    #: tests that need the cards an effect named before ("that shares a house with the discarded
    #: card"), as ``test(ctx, card)``: read only where "it" names cards (:func:`noun`'s ``it``)
    ref_tests: tuple = ()

    def admits(self, eng, source, controller, card, card_controller: str | None = None) -> bool:
        """Is ``card`` one the phrase names, for the ability of ``source`` controlled by
        ``controller``? (``card_controller``: its controller as an event saw it, for a card that
        has left play since.)"""
        if self.other and card is source:
            return False
        if self.what not in ("creature or artifact", "card") and card.type != self.what:
            return False
        side_of = card_controller or card.controller
        if self.side == "friendly" and side_of != controller:
            return False
        if self.side == "enemy" and side_of == controller:
            return False
        return all(t(eng, source, controller, card) for t in self.tests)

    __call__ = admits

    def where(self, ctx, card) -> bool:
        """As a :class:`~engine.rules.targets.Choose` filter: the tests, the side being the choice's."""
        return (
            not (self.other and card is ctx.source)
            and all(t(ctx.eng, ctx.source, ctx.controller, card) for t in self.tests)
            and all(t(ctx, card) for t in self.ref_tests)
        )


@dataclass(frozen=True)
class Fixed:
    """A group named without a noun phrase ("SELF", "SELF's neighbors", an upgrade's "this
    creature"): an :data:`engine.rules.statics.Applies` test."""

    test: object
    what: str = "creature"

    def admits(self, eng, source, controller, card, card_controller: str | None = None) -> bool:
        return self.test(eng, source, controller, card)

    __call__ = admits


# ------------------------------------------------------------------------------ tests


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


def _self_or_neighbor(eng, source, controller, card) -> bool:
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


def _traits(card) -> set[str]:
    return {t.strip().lower() for t in card.printed.traits if t.strip()}


def _shares_trait_in_line(present: bool):
    """ "That (does not) share(s) a trait with another creature in its controller's battleline"."""

    def test(eng, source, controller, card) -> bool:
        if card.zone != "battleline":
            return False
        mine = _traits(card)
        line = eng.game.players[card.controller].creatures
        return any(mine & _traits(c) for c in line if c is not card) == present

    return test


def _of_active_house(eng, source, controller, card) -> bool:
    """ "Of the active house": the house the active player chose this turn."""
    return eng.game.active_house is not None and belongs_to(eng, card, eng.game.active_house)


def _house(house: str, present: bool = True):
    def test(eng, source, controller, card) -> bool:
        return belongs_to(eng, card, house) == present

    return test


def _trait(trait: str, present: bool = True):
    def test(eng, source, controller, card) -> bool:
        return (trait in (t.strip().lower() for t in card.printed.traits)) == present

    return test


def _keyword(word: str):
    def test(eng, source, controller, card) -> bool:
        return eng.has(card, word) > 0

    return test


def _of_types(kinds: frozenset, present: bool = True):
    """ "An upgrade or action card" (``present``), "a non-creature card" (not ``present``)."""

    def test(eng, source, controller, card) -> bool:
        return (card.type in kinds) == present

    return test


def _named(printed: str):
    """A card of that name ("a friendly Bombyx"; a token creature by its token's name)."""

    def test(eng, source, controller, card) -> bool:
        return card.name == printed

    return test


def _name_at(text: str) -> str | None:
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


def _extreme_power(which: str, side: str):
    """ "Each [friendly / enemy] creature with the lowest / highest power": every creature of that
    side whose power no other creature of that side is below / above (ties: each of them)."""

    def test(eng, source, controller, card) -> bool:
        g = eng.game
        players = {"friendly": [controller], "enemy": [g.other(controller)], "any": [g.active, g.other(g.active)]}
        powers = [eng.power(c) for p in players[side] for c in g.players[p].creatures]
        return bool(powers) and eng.power(card) == (min(powers) if which == "lowest" else max(powers))

    return test


_EXTREME = re.compile(r"^with the (lowest|highest) power")


def _shares_house_with_named(ref: str):
    """ "That shares a house with that card / the discarded card / 1 of the discarded cards": with
    any of the cards ``ref`` names (where they are now: a discarded card in a discard pile)."""

    def test(ctx, card) -> bool:
        named = set().union(*(houses_of(ctx.eng, c) for c in ctx.refs(ref))) if ctx.refs(ref) else set()
        return bool(houses_of(ctx.eng, card) & named)

    return test


def _shares_trait_with_named(ref: str):
    """ "That shares one or more traits with the purged creature": with any of the cards ``ref`` names."""

    def test(ctx, card) -> bool:
        named = set().union(*(_traits(c) for c in ctx.refs(ref))) if ctx.refs(ref) else set()
        return bool(_traits(card) & named)

    return test


#: words after the noun about the cards named before ("it"), as patterns -> test factory of the name
_REF_POST = [
    (
        re.compile(
            r"^that shares? a house with (?:that card|the discarded card|it|that creature|"
            r"(?:1|one|at least one) of the discarded cards|the revealed card)"
        ),
        _shares_house_with_named,
    )
]

#: adjectives with no value: word -> test
_ADJECTIVES = {
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
#: words after the noun, as patterns -> test factory
_POST = [
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
]
_NOUNS = {
    "creature": "creature",
    "creatures": "creature",
    "artifact": "artifact",
    "artifacts": "artifact",
    "creature or artifact": "creature or artifact",
    "creatures or artifacts": "creature or artifact",
    "creature and artifact": "creature or artifact",
    "creatures and artifacts": "creature or artifact",
    "creature or an artifact": "creature or artifact",
    "card": "card",
    "cards": "card",
    "action card": "action",
    "action cards": "action",
    "artifact card": "artifact",
    "upgrade": "upgrade",
    "upgrade card": "upgrade",
}
_PLURALS = ("creatures", "artifacts", "cards")
_TYPES = "creature|artifact|action|upgrade"
#: "an upgrade or action card", "artifact, upgrade, or action cards": a card of any of those types
_TYPE_LIST = re.compile(rf"^((?:{_TYPES})(?:,? (?:or )?(?:{_TYPES}))*) cards?(?= |$)")
#: "each artifact and upgrade": the cards in play of those types (creatures and artifacts: _NOUNS)
_TYPE_AND = re.compile(r"^((?:artifact|upgrade)s? and (?:artifact|upgrade)s?)(?= |$)")
#: "a non-creature card": a card of any other type
_NON_TYPE = re.compile(rf"^non-({_TYPES}) cards?(?= |$)")
_DETERMINER = re.compile(r"^(?:(a|an|one|another|each other|each|all|any)|up to (\d+)|(\d+)|(two|three))\s+")
_NUMBER_WORDS = {"two": 2, "three": 3}
_SELF_NEIGHBORS = re.compile(r"^each of SELF's? ((?:[a-z-]+ )+)?neighbors$")
_NEIGHBOR_OF_SELF = re.compile(r"^(a|each) neighbor of SELF$")
#: "your non-Untamed creatures": each friendly one ("your opponent's creatures and artifacts gain
#: omega" is about cards being played, which a group in play would misread: not read)
_YOUR_PLURAL = re.compile(r"^your ((?:[a-z-]+ )*creatures)$")


def house_word(word: str) -> str | None:
    """The house a word of the text names ("star alliance" is read as one word)."""
    return VOCAB["houses"].get(word)


def noun(phrase: str, it: str | None = None) -> Noun:
    """Read a noun phrase; a word outside the vocabulary refuses it (:class:`Refusal`). ``it``: the
    reference "that card" names where the phrase is an effect's (its words about the cards named
    before are refused elsewhere)."""
    text = phrase.strip().replace("star alliance", "staralliance")
    if text == "SELF and each of SELF's neighbors":  # "SELF and each of SELF's neighbors get +2 armor"
        return Noun("creature", "any", (_self_or_neighbor,), "each")
    if _YOUR_PLURAL.match(text):
        yours = _YOUR_PLURAL.match(text)
        text = f"each friendly {yours[1]}"
    if text.startswith("each of your "):  # "each of your artifacts": each friendly artifact
        text = "each friendly " + text[len("each of your ") :]
    elif _SELF_NEIGHBORS.match(text):  # "each of SELF's mars neighbors": each mars neighboring creature
        text = f"each {_SELF_NEIGHBORS.match(text)[1] or ''}neighboring creature"
    elif _NEIGHBOR_OF_SELF.match(text):  # "after a neighbor of SELF is destroyed": a neighboring creature
        text = f"{_NEIGHBOR_OF_SELF.match(text)[1]} neighboring creature"
    elif not _DETERMINER.match(text) and any(w in _PLURALS for w in text.split()):
        text = "each " + text  # "enemy creatures cannot reap": a bare plural is every one of them
    elif not _DETERMINER.match(text) and _name_at(text) == text:
        text = "a " + text  # "after you play Subtle Chain": a card of that name
    m = _DETERMINER.match(text)
    if not m:
        raise Refusal("target", phrase)
    det = m[1]
    quantity, count, other = "one", 1, det in ("another", "each other")
    if det in ("each", "all", "each other"):
        quantity = "each"
    elif det == "any":
        raise Refusal("target", phrase)
    elif m[2]:
        quantity, count = "up_to", int(m[2])
    elif m[3] or m[4]:
        quantity, count = "count", int(m[3]) if m[3] else _NUMBER_WORDS[m[4]]
    rest = text[m.end() :]
    side, tests = "any", []
    what = None
    while rest:
        name = _name_at(rest)
        if name is not None:  # "a friendly Bombyx": a card of that name
            tests.append(_named(VOCAB["names"][name]))
            what, rest = "card", rest[len(name) :].strip()
            break
        typed = _TYPE_LIST.match(rest) or _NON_TYPE.match(rest) or _TYPE_AND.match(rest)
        if typed and (typed.re is not _TYPE_LIST or " or " in typed[1]):
            kinds = frozenset(re.findall(_TYPES, typed[1]))
            tests.append(_of_types(kinds, typed.re is not _NON_TYPE))
            what, rest = "card", rest[typed.end() :].strip()
            break
        for n in sorted(_NOUNS, key=len, reverse=True):
            if rest == n or rest.startswith(n + " "):
                what, rest = _NOUNS[n], rest[len(n) :].strip()
                break
        if what:
            break
        word, _, rest = rest.partition(" ")
        if word in ("friendly", "enemy", "opponent's"):
            side = "enemy" if word == "opponent's" else word
        elif word == "other":
            other = True
        elif word == "different":  # "up to 3 different friendly creatures": a choice never repeats a card
            if quantity == "one":  # "a different creature": other than one named before, which no test here knows
                raise Refusal("target", phrase, 'the word "different" (a card other than one named before)')
        elif word in _ADJECTIVES:
            tests.append(_ADJECTIVES[word])
        elif word in VOCAB["keywords"]:
            tests.append(_keyword(word))
        elif house_word(word.removeprefix("non-")):
            tests.append(_house(house_word(word.removeprefix("non-")), not word.startswith("non-")))
        elif (not rest or any(p.match(rest) for p, _ in _POST)) and (
            word in VOCAB["traits"] or word.removesuffix("s") in VOCAB["traits"]
        ):
            what = "card"  # "each friendly shard": a card with that trait
            tests.append(_trait(word if word in VOCAB["traits"] else word.removesuffix("s")))
            break
        elif word.removeprefix("non-") in VOCAB["traits"]:
            tests.append(_trait(word.removeprefix("non-"), not word.startswith("non-")))
        else:
            raise Refusal("target", phrase, f'the word "{word}"')
    if what is None:
        raise Refusal("target", phrase)
    ref_tests = []
    while rest:
        extreme = _EXTREME.match(rest)
        if extreme:  # lowest among the cards of the side the phrase names, so no other test before it
            if tests or what != "creature":
                raise Refusal("target", phrase, f'"{extreme[0]}" after other words')
            tests.append(_extreme_power(extreme[1], side))
            rest = rest[extreme.end() :].strip(" ,")
            continue
        for pattern, make in _POST:
            pm = pattern.match(rest)
            if pm:
                test = make(pm)
                if test is not None:
                    tests.append(test)
                rest = rest[pm.end() :].strip(" ,")
                break
        else:
            rm = next((m for m in (p.match(rest) for p, _ in _REF_POST) if m), None)
            if rm is None or it in (None, "it"):
                raise Refusal("target", phrase, f'"{rest}"')
            ref_tests.append(next(make for p, make in _REF_POST if p is rm.re)(it))
            rest = rest[rm.end() :].strip(" ,")
    return Noun(what, side, tuple(tests), quantity, count, other, tuple(ref_tests))
