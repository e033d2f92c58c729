"""Card definitions, one small declarative definition per card, grouped by set.

A definition lists the card's abilities as effects from :mod:`engine.effects`. Where an erratum
changes behaviour, the definition has one variant per text, each recognised by a phrase of that
text; the rule set's text in force picks the variant.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..effects import Ability
from ..errors import ScenarioError


@dataclass
class Variant:
    #: a phrase (lowercase, straight quotes) found in the card text this variant implements
    phrase: str
    play: Ability = field(default_factory=list)


@dataclass
class CardDefinition:
    name: str
    variants: list[Variant]

    def variant_for(self, text: str) -> Variant:
        plain = text.lower().replace("’", "'")
        for v in self.variants:
            if v.phrase in plain:
                return v
        if len(self.variants) == 1 and not self.variants[0].phrase:
            return self.variants[0]
        raise ScenarioError(f"{self.name}: no implementation for the text in force: {text!r}")


REGISTRY: dict[str, CardDefinition] = {}


def card(name: str, *variants: Variant, play: Ability | None = None) -> CardDefinition:
    """Register a card: either one behaviour (``play=``) or one :class:`Variant` per text."""
    definition = CardDefinition(name, list(variants) or [Variant("", play or [])])
    REGISTRY[name] = definition
    return definition


def definition(name: str, text: str = "") -> CardDefinition:
    """The definition of a card. A card with no ability text ("(Vanilla)") needs none; any other
    card without a definition is refused, never played as if it had no abilities."""
    if not REGISTRY:
        from . import cota  # noqa: F401  (registers the cards)
    if name in REGISTRY:
        return REGISTRY[name]
    if text.strip() in ("", "(Vanilla)"):
        return CardDefinition(name, [Variant("")])
    raise ScenarioError(f"{name}: card not implemented in the engine yet (text: {text!r})")
