"""The definition of any card: its hand definition (:mod:`engine.cards`), none for a card of keywords
only, else compiled from the text in force (:mod:`engine.compile`); and the variant of a card in
play for the text in force under a rule set, which is what the general rules ask
(:meth:`engine.rules.game.Engine.variant`).
"""

from __future__ import annotations

# the compiler as a module, not its names: it loads every module of the general rules (their
# templates), engine.rules.game included, which imports this module
import tomllib
from functools import cache
from pathlib import Path

import engine.compile
from engine.cards import REGISTRY, VARIANTS, CardDefinition, Variant, _key, _load_all
from engine.core.errors import ScenarioError
from engine.rules.keywords import only_keywords


VANILLA = Variant()


@cache
def refused_on_purpose() -> dict[str, str]:
    """Card name -> why the engine refuses it although no template is what it lacks (defective card
    data, game setup, an undecided reading): ``engine/cards/refused.toml``, data, not code."""
    data = tomllib.loads((Path(__file__).parent / "refused.toml").read_text(encoding="utf-8"))
    return {_key(name): entry["why"] for name, entry in data.items()}


def definition(name: str, text: str = "", card_type: str = "") -> CardDefinition:
    """The definition of a card: its hand definition first (the irregular cards, and every card
    defined before the compiler: hand definitions win); a card whose text is only keywords or
    "(Vanilla)" needs none; any other card is compiled from ``text``, the text in force asked for
    (so an erratum that changes the text changes the behaviour), by :mod:`engine.compile`. A text
    the templates do not cover is refused with what is missing, never played as if it had fewer
    abilities. ``card_type`` tells the compiler what "this creature" is (an upgrade's host)."""
    if not REGISTRY:
        _load_all()
    why = refused_on_purpose().get(_key(name))
    if why is not None:
        raise ScenarioError(f"{name}: card not implemented in the engine yet ({why})")
    found = REGISTRY.get(_key(name))
    if found is not None:
        return found

    if only_keywords(text):
        return CardDefinition(name, [VANILLA])
    return _compiled(name, text, card_type)


def _compiled(name: str, text: str, card_type: str) -> CardDefinition:
    variant, refusals = engine.compile.compile_report(text, name, card_type)
    if variant is None:
        reasons = "; ".join(r.message for r in refusals)
        raise ScenarioError(f"{name}: card not implemented in the engine yet ({reasons}; text: {text!r})")
    return CardDefinition(name, [variant])


def how_defined(name: str, text: str, card_type: str = "") -> tuple[str, list[str]]:
    """How the engine plays a card with this text in force: ("hand", []), ("keywords", []),
    ("compiled", []) or ("refused", [what is missing, one per part no template covers])."""
    if not REGISTRY:
        _load_all()
    why = refused_on_purpose().get(_key(name))
    if why is not None:
        return "refused", [why]
    if _key(name) in REGISTRY:
        return "hand", []

    if only_keywords(text):
        return "keywords", []
    variant, refusals = engine.compile.compile_report(text, name, card_type)
    return ("compiled", []) if variant is not None else ("refused", [r.message for r in refusals])


def variant(card, rules) -> Variant:
    """The variant of ``card`` for the text in force under ``rules``."""
    text = rules.card_text(card.name, card.printed.text)
    found = VARIANTS.get((card.name, text))
    if found is None:
        found = VARIANTS[card.name, text] = definition(card.name, text, card.printed.type).variant_for(text)
    return found
