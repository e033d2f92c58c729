"""Conditions built here from a noun phrase's tests on the card an earlier sentence named: "if it
was already exhausted", "if that creature has Æmber on it", "if it is a Dinosaur creature or has
Æmber on it" (registered with ``@template`` as the library's own conditions are). The state words
are the noun phrases' own ("exhausted", "stunned", "damaged", "with Æmber on it": the vocabulary of
:mod:`engine.compile.phrases`), so a word no phrase knows is refused, never guessed at.
"""

from __future__ import annotations

from engine.core.registry import template
from engine.library import it_test
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
