"""Conditions built here from a noun phrase's tests on the card an earlier sentence named: "if it
was already exhausted", "if that creature has Æmber on it", "if it is a Dinosaur creature or has
Æmber on it" (registered with ``@template`` as the library's own conditions are). The state words
are the noun phrases' own ("exhausted", "stunned", "damaged", "with Æmber on it": the vocabulary of
:mod:`engine.compile.phrases`), so a word no phrase knows is refused, never guessed at.
"""

from __future__ import annotations

from engine.core.registry import template
from engine.library import EachPlayer, houses_among, If, it_test, refs_named, self_test
from engine.rules import key_colors
from engine.rules.fight_timing import neighbors_of
from engine.rules.houses import belongs_to, houses_of
from engine.rules.common_statics import PowerModifier
from engine.compile.composites import _noun_test
from engine.compile.grammar import Refusal
from engine.compile.phrases import noun


def _state_test(word: str):
    """The test of one state word ("exhausted") or phrase after the noun ("with amber on it")."""
    found = noun(f"a card {word}" if word.startswith("with ") else f"a {word} card")
    if not found.tests:
        raise Refusal("condition", word, f'"{word}"')
    return _noun_test(found)


@template("it_state", kind="condition")
def _it_state(ref: str, word: str):
    """ "If it was already exhausted", "if that creature is stunned": the card named before is in
    that state now."""
    return it_test(ref, _state_test(word))


@template("it_is_or_state", kind="condition")
def _it_is_or_state(ref: str, noun, word: str):
    """ "If it is a Dinosaur creature or has Æmber on it": either holds of the card named before."""
    if noun.quantity != "one" or noun.count != 1:
        raise Refusal("condition", noun.what, "one card")
    first, second = _noun_test(noun), _state_test(word)
    return it_test(ref, lambda *args: first(*args) or second(*args))


@template("houses_among_noun", kind="count")
def _houses_among_noun(words: str):
    """ "Each house represented among friendly flank creatures": the houses of the cards in play
    the noun phrase names (a card of several houses represents each of them)."""
    found = noun("each " + words)

    def count(ctx) -> int:
        named = [c for c in ctx.game.in_play() if found.admits(ctx.eng, ctx.source, ctx.controller, c)]
        return len(houses_among(ctx.eng, named))

    return count


@template("ThatPlayerIf")
def _that_player_if(cond, then: list) -> EachPlayer:
    """ "If the tide is high for that player, they gain 1": the condition asked of that player (the
    player of the event), and the effect theirs, both as "you" (engine.library.each_player)."""
    return EachPlayer([If(cond, then)], who="that player")


@template("self_neighbors_of_house", kind="condition")
def _self_neighbors_of_house(house: str, none: bool = True):
    """ "If <this creature> has no Star Alliance neighbors" (``none``), "if <this creature> has a
    non-Star Alliance neighbor" (``none`` False): its neighbors now, by the houses they belong to."""

    def test(eng, source, controller, card) -> bool:
        of_house = [n for n in neighbors_of(eng.game, card) if belongs_to(eng, n, house)]
        others = [n for n in neighbors_of(eng.game, card) if not belongs_to(eng, n, house)]
        return not of_house if none else bool(others)

    return self_test(test)


def _color(word: str) -> str:
    if word not in key_colors.COLORS:
        raise Refusal("condition", word, f'"{word}" (a key colour)')
    return word


@template("key_forged", kind="condition")
def _key_forged(color: str, whose: str = "self"):
    """ "If your red key is forged", "while your opponent's blue key is forged", "if a yellow key is
    forged" (``whose`` "any": either player's), by the colours engine.rules.key_colors keeps."""
    color = _color(color)

    def condition(ctx) -> bool:
        players = {"self": [ctx.controller], "opponent": [ctx.opponent_name]}.get(whose, list(ctx.game.players))
        return any(key_colors.is_forged(ctx.eng, p, color) for p in players)

    condition.__name__ = f"{whose}_{color}_key_forged"
    return condition


@template("same_color_forged", kind="condition", value=True)
def _same_color_forged(ctx) -> bool:
    """ "If two keys of the same color are forged": a colour both players have forged."""
    return key_colors.same_color_forged(ctx.eng)


@template("it_contains_none", kind="condition")
def _it_contains_none(ref: str, noun):
    """ "Reveal your hand. If it contains no cards of the active house, ...": none of the cards an
    earlier effect named is what the noun phrase says."""
    test = _noun_test(noun)

    def condition(ctx) -> bool:
        return not any(test(ctx.eng, ctx.source, ctx.controller, c) for c in refs_named(ctx, ref))

    return condition


@template("it_of_either_house", kind="condition")
def _it_of_either_house(ref: str, house: str, house2: str):
    """ "If it is a Dis or Shadows card": the card named before belongs to either house."""
    return it_test(
        ref, lambda eng, source, controller, card: belongs_to(eng, card, house) or belongs_to(eng, card, house2)
    )


@template("this_creature_state", kind="condition")
def _this_creature_state(word: str):
    """ "While this creature is ready": the creature itself, or the creature an upgrade is attached
    to (what "this creature" names on each: engine.compile.scope.Scope.this_creature)."""
    test = _state_test(word)

    def condition(ctx) -> bool:
        card = ctx.source.attached_to if ctx.source.zone == "upgrade" else ctx.source
        return card is not None and card.in_play and bool(test(ctx.eng, ctx.source, ctx.controller, card))

    return condition


@template("same_house_at_least", kind="condition")
def _same_house_at_least(ref: str, n: int):
    """ "If you discard 5 or more cards of the same house this way": N or more of the cards an
    earlier effect named belong to one house."""

    def condition(ctx) -> bool:
        counts: dict[str, int] = {}
        for card in refs_named(ctx, ref):
            for house in houses_of(ctx.eng, card):
                counts[house] = counts.get(house, 0) + 1
        return any(count >= n for count in counts.values())

    return condition


@template("PowerModifierOfEach", kind="static")
def _power_modifier_of_each(amount: int, words: str) -> PowerModifier:
    """A power modifier on the group a template names in the noun phrase's own words, where the
    card prints them otherwise ("While a player is haunted, their creatures get -2 power": each
    creature controlled by a haunted player)."""
    found = noun("each " + words)
    return PowerModifier(amount, applies=found.admits)
