"""A compiler from KeyForge card text to the effect library, so that templated cards play without a
hand definition.

Card texts are highly regular ("Play: Gain 1A.", "Reap: Deal 2D to a creature.", "Each friendly
creature gets +1 power."). The text is tokenised into abilities by trigger label and into
normalised sentences (:mod:`.lexer`); each sentence is read against the templates of
``templates/*.toml`` - a grammar of the card templates kept as data, tried in order like the rule
chain of a Markdown parser (markdown-it) - each template naming the effect-library constructor it
builds and how its slots map to the arguments (:mod:`.build`). A card compiles only when every
sentence of every ability reads; anything else is refused by name (:class:`Refused`: which sentence,
and which target, condition or word no template covers), never played as if it did less.

No maintained library parses KeyForge card text into an engine's effects; keyteki (the open engine)
writes one definition per card by hand, which is what the hand definitions of :mod:`engine.cards`
do for the irregular cards, so the compiler is our own. Keywords stay with the general rules
(:mod:`engine.rules.keywords`).
"""

from __future__ import annotations

from functools import lru_cache

from engine.cards import Variant
from engine.core.errors import ScenarioError
from engine.compile.abilities import read_card
from engine.compile.grammar import Refusal, template_count
from engine.compile.lexer import LexError, tokenize

__all__ = ["compile_text", "compile_report", "Refused", "Refusal", "template_count"]


class Refused(ScenarioError):
    """A card text the templates do not cover; ``refusals`` says which parts."""

    def __init__(self, name: str, refusals: list[Refusal]):
        self.name, self.refusals = name, refusals
        label = f"{name}: " if name else ""
        super().__init__(f"{label}not compiled from its text: " + "; ".join(r.message for r in refusals))


@lru_cache(maxsize=8192)
def compile_report(text: str, name: str = "", card_type: str = "") -> tuple[Variant | None, tuple[Refusal, ...]]:
    """(the variant, None when any part was refused; every refusal). ``name`` is the card's name
    (its text refers to itself by it), ``card_type`` what "this creature" means (an upgrade's
    host, or the creature itself)."""
    try:
        abilities = tokenize(text, name)
    except LexError as exc:
        return None, (Refusal("trigger", str(exc)),)
    variant, refusals = read_card(abilities, card_type)
    return (None if refusals else variant), tuple(refusals)


def compile_text(text: str, name: str = "", card_type: str = "") -> Variant:
    """The behaviour of a card text, or :class:`Refused` naming what no template covers."""
    variant, refusals = compile_report(text, name, card_type)
    if variant is None:
        raise Refused(name, list(refusals))
    return variant
