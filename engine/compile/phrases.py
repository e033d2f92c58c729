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

from engine.compile.grammar import Refusal, VOCAB
from engine.compile.qualifiers import (
    ADJECTIVES,
    EXTREME,
    extreme_power,
    house_test,
    keyword_test,
    name_at,
    named,
    of_types,
    POST,
    REF_POST,
    self_or_neighbor,
    trait_test,
)

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


@dataclass(frozen=True)
class EitherNoun:
    """ "An enemy creature or a Mutant creature" (the subject of a reaction): a card either phrase
    names, each on its own side ("each time an enemy creature or a Mutant creature is destroyed":
    an enemy creature, or a Mutant creature of either side)."""

    parts: tuple
    quantity: str = "one"

    @property
    def what(self) -> str:
        whats = {p.what for p in self.parts}
        return whats.pop() if len(whats) == 1 else "creature or artifact"

    def admits(self, eng, source, controller, card, card_controller: str | None = None) -> bool:
        return any(p.admits(eng, source, controller, card, card_controller) for p in self.parts)

    __call__ = admits


#: "<a noun phrase> or <a noun phrase>", each with its article
_EITHER = re.compile(r"^((?:a|an) .+?) or ((?:a|an) .+)$")


def either_noun(text: str) -> EitherNoun:
    """ "a <noun phrase> or a <noun phrase>": each read as a noun phrase of one card."""
    m = _EITHER.match(text)
    if not m:
        raise Refusal("target", text)
    parts = tuple(noun(part) for part in m.groups())
    if any(p.quantity != "one" or p.ref_tests for p in parts):
        raise Refusal("target", text, '"or" between phrases that are not of one card each')
    return EitherNoun(parts)


_NOUNS = {
    "creature": "creature",
    "creatures": "creature",
    "artifact": "artifact",
    "artifacts": "artifact",
    "creature or artifact": "creature or artifact",
    "creatures or artifacts": "creature or artifact",
    "creature and artifact": "creature or artifact",
    "creatures and artifacts": "creature or artifact",
    "creatures and/or artifacts": "creature or artifact",
    "creature or an artifact": "creature or artifact",
    "card": "card",
    "cards": "card",
    "action card": "action",
    "action cards": "action",
    "action": "action",  # "if that card is an action"
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
#: "each creature you control", "a creature your opponent controls": the side, said after the noun
_CONTROLLED = re.compile(r"^(you control|your opponent controls)(?= |$)")
_SELF_NEIGHBORS = re.compile(r"^each of SELF's? ((?:[a-z-]+ )+)?neighbors$")
_NEIGHBOR_OF_SELF = re.compile(r"^(a|each) neighbor of SELF$")
#: "your non-Untamed creatures": each friendly one ("your opponent's creatures and artifacts gain
#: omega" is about cards being played, which a group in play would misread: not read)
_YOUR_PLURAL = re.compile(r"^your ((?:[a-z-]+ )*creatures)$")


def _same_name_as_source(eng, source, controller, card) -> bool:
    """A card of the same name as the card whose ability it is (its text names itself: "an Angry Mob")."""
    return source is not None and card.name == source.name


def house_word(word: str) -> str | None:
    """The house a word of the text names ("star alliance" is read as one word)."""
    return VOCAB["houses"].get(word)


def noun(phrase: str, it: str | None = None) -> Noun:
    """Read a noun phrase; a word outside the vocabulary refuses it (:class:`Refusal`). ``it``: the
    reference "that card" names where the phrase is an effect's (its words about the cards named
    before are refused elsewhere)."""
    text = phrase.strip().replace("star alliance", "staralliance")
    if text == "SELF and each of SELF's neighbors":  # "SELF and each of SELF's neighbors get +2 armor"
        return Noun("creature", "any", (self_or_neighbor,), "each")
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
    elif not _DETERMINER.match(text) and name_at(text) == text:
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
        if rest == "SELF" or rest.startswith("SELF "):  # "until you discard an Angry Mob": a copy of this card
            tests.append(_same_name_as_source)
            what, rest = "card", rest[len("SELF") :].strip()
            break
        name = name_at(rest)
        if name is not None:  # "a friendly Bombyx": a card of that name
            tests.append(named(VOCAB["names"][name]))
            what, rest = "card", rest[len(name) :].strip()
            break
        typed = _TYPE_LIST.match(rest) or _NON_TYPE.match(rest) or _TYPE_AND.match(rest)
        if typed and (typed.re is not _TYPE_LIST or " or " in typed[1]):
            kinds = frozenset(re.findall(_TYPES, typed[1]))
            tests.append(of_types(kinds, typed.re is not _NON_TYPE))
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
        elif word in ADJECTIVES:
            tests.append(ADJECTIVES[word])
        elif word in VOCAB["keywords"]:
            tests.append(keyword_test(word))
        elif house_word(word.removeprefix("non-")):
            tests.append(house_test(house_word(word.removeprefix("non-")), not word.startswith("non-")))
        elif (not rest or any(p.match(rest) for p, _ in POST)) and (
            word in VOCAB["traits"] or word.removesuffix("s") in VOCAB["traits"]
        ):
            what = "card"  # "each friendly shard": a card with that trait
            tests.append(trait_test(word if word in VOCAB["traits"] else word.removesuffix("s")))
            break
        elif word.removeprefix("non-") in VOCAB["traits"]:
            tests.append(trait_test(word.removeprefix("non-"), not word.startswith("non-")))
        else:
            raise Refusal("target", phrase, f'the word "{word}"')
    if what is None:
        raise Refusal("target", phrase)
    controlled = _CONTROLLED.match(rest)
    if controlled and side == "any":  # "each creature you control": each friendly creature
        side = "friendly" if controlled[1] == "you control" else "enemy"
        rest = rest[controlled.end() :].strip(" ,")
    ref_tests = []
    while rest:
        extreme = EXTREME.match(rest)
        if extreme:  # lowest among the cards of the side the phrase names, so no other test before it
            if tests or what != "creature":
                raise Refusal("target", phrase, f'"{extreme[0]}" after other words')
            tests.append(extreme_power(extreme[1], side))
            rest = rest[extreme.end() :].strip(" ,")
            continue
        for pattern, make in POST:
            pm = pattern.match(rest)
            if pm:
                test = make(pm)
                if test is not None:
                    tests.append(test)
                rest = rest[pm.end() :].strip(" ,")
                break
        else:
            rm = next((m for m in (p.match(rest) for p, _ in REF_POST) if m), None)
            if rm is None or it in (None, "it"):
                raise Refusal("target", phrase, f'"{rest}"')
            ref_tests.append(next(make for p, make in REF_POST if p is rm.re)(it))
            rest = rest[rm.end() :].strip(" ,")
    return Noun(what, side, tuple(tests), quantity, count, other, tuple(ref_tests))
