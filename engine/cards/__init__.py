"""Card definitions, one small declarative definition per card, grouped by set.

A definition lists the card's abilities by trigger ("Play:", "Reap:", "Destroyed:", ...) as
effects from the effect library, its constant abilities as statics, and its "After ..." abilities
as reactions. Keywords (elusive, taunt, assault 2, ...) are read from the text in force by the
general rules, not repeated here. Where an erratum changes behaviour, the definition has one
variant per text, each recognised by a phrase of that text; the rule set's text picks the variant.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from dataclasses import dataclass, field, fields

from engine.core.errors import ScenarioError
from engine.rules.keywords import only_keywords

#: the triggers a definition can give abilities for, in the words of the card text
TRIGGERS = ("play", "reap", "fight", "before_fight", "action", "omni", "destroyed", "leaves_play")


@dataclass
class Variant:
    #: a phrase (lowercase, straight quotes) found in the card text this variant implements
    phrase: str = ""
    play: list = field(default_factory=list)
    reap: list = field(default_factory=list)
    fight: list = field(default_factory=list)
    before_fight: list = field(default_factory=list)
    action: list = field(default_factory=list)
    omni: list = field(default_factory=list)
    destroyed: list = field(default_factory=list)
    leaves_play: list = field(default_factory=list)
    #: "Destroyed: ... instead": a destruction replacement, resolved when the card would be put
    #: into the discard pile (engine.rules.replacements.replace_destruction)
    destroyed_instead: list = field(default_factory=list)
    #: constant abilities, active while the card is in play (engine.rules.statics)
    statics: list = field(default_factory=list)
    #: "After ..." / "each time ..." abilities, active while the card is in play (engine.rules.reactions)
    reactions: list = field(default_factory=list)
    #: an upgrade's "This creature gains, ...": trigger -> ability given to the creature
    gains: dict = field(default_factory=dict)
    #: "cannot be played unless ...": a condition on the playing Context
    play_condition: object = None
    #: the forms the card may take and when: "When you play this card, treat it as a copy of ..."
    #: (Mimicry), "enters play as a copy of ..." (Mimic Gel), "may be played as an upgrade instead"
    #: (Explo-rover): an :mod:`engine.rules.copies` CopyOf or PlayAs
    becomes: object = None
    #: "<This card> enters play under your opponent's control" (engine.library.control)
    enters_under_opponent: bool = False

    def ability(self, trigger: str) -> list:
        return getattr(self, trigger)


@dataclass
class CardDefinition:
    name: str
    variants: list[Variant]
    #: why a card whose text the compiler reads is defined by hand all the same: what the compiled
    #: reading gets wrong (a card is compiled or hand-defined, never both without a reason)
    why: str = ""

    def variant_for(self, text: str) -> Variant:
        plain = _plain(text)
        for v in self.variants:
            if v.phrase and v.phrase in plain:
                return v
        unphrased = [v for v in self.variants if not v.phrase]
        if len(unphrased) == 1:
            return unphrased[0]
        raise ScenarioError(f"{self.name}: no implementation for the text in force: {text!r}")


#: an icon after an amount, in any notation a text in force may use: the card data's "<D>"/"6D",
#: an erratum whose PDF extraction lost the icon ("deal 6 to"), or an edition that prints it as a
#: word or an emoji shortcode the ingester read as one ("deal 6 damage to", "steal 1 Æmber"):
#: compared as the amount alone, so a variant's phrase matches whichever the text in force uses
_AMOUNT_ICON = re.compile(r"(\d+)\s*(?:<[ad]>|\{[ad]\}|(?<=\d)[ad]\b|\s(?:damage|æmber|aember|amber)\b)")


def _plain(text: str) -> str:
    text = " ".join(text.lower().replace("’", "'").replace("“", '"').replace("”", '"').split())
    return _AMOUNT_ICON.sub(r"\1", text)


REGISTRY: dict[str, CardDefinition] = {}
_ABILITY_FIELDS = {f.name for f in fields(Variant)} - {"phrase"}


def card(name: str, *variants: Variant, why: str = "", **abilities) -> CardDefinition:
    """Register a card: either one behaviour (keyword arguments named like :class:`Variant`'s
    fields: ``play=[...]``, ``reap=[...]``, ``statics=[...]``) or one :class:`Variant` per text.
    ``why``: for a card whose text also compiles, what the compiled reading gets wrong."""
    bad = set(abilities) - _ABILITY_FIELDS
    if bad:
        raise TypeError(f"{name}: unknown ability fields {sorted(bad)}")
    if variants and abilities:
        raise TypeError(f"{name}: give variants or abilities, not both")
    if _key(name) in REGISTRY:  # a second definition would silently replace the first
        raise TypeError(f"{name}: defined twice")
    definition = CardDefinition(name, list(variants) or [Variant(**abilities)], why)
    REGISTRY[_key(name)] = definition
    _VARIANTS.clear()
    return definition


def _key(name: str) -> str:
    return name.replace("“", "").replace("”", "").replace('"', "").strip().lower()


def _load_all() -> None:
    """Import every set package and its house modules (each registers its cards)."""
    for module in pkgutil.walk_packages(__path__, prefix=f"{__name__}."):
        importlib.import_module(module.name)


VANILLA = Variant()


def definition(name: str, text: str = "", card_type: str = "") -> CardDefinition:
    """The definition of a card: its hand definition first (the irregular cards, and every card
    defined before the compiler: hand definitions win); a card whose text is only keywords or
    "(Vanilla)" needs none; any other card is compiled from ``text``, the text in force asked for
    (so an erratum that changes the text changes the behaviour), by :mod:`engine.compile`. A text
    the templates do not cover is refused with what is missing, never played as if it had fewer
    abilities. ``card_type`` tells the compiler what "this creature" is (an upgrade's host)."""
    if not REGISTRY:
        _load_all()
    found = REGISTRY.get(_key(name))
    if found is not None:
        return found

    if only_keywords(text):
        return CardDefinition(name, [VANILLA])
    return _compiled(name, text, card_type)


def _compiled(name: str, text: str, card_type: str) -> CardDefinition:
    from engine.compile import compile_report  # engine.compile imports this module

    variant, refusals = compile_report(text, name, card_type)
    if variant is None:
        reasons = "; ".join(r.message for r in refusals)
        raise ScenarioError(f"{name}: card not implemented in the engine yet ({reasons}; text: {text!r})")
    return CardDefinition(name, [variant])


def how_defined(name: str, text: str, card_type: str = "") -> tuple[str, list[str]]:
    """How the engine plays a card with this text in force: ("hand", []), ("keywords", []),
    ("compiled", []) or ("refused", [what is missing, one per part no template covers])."""
    if not REGISTRY:
        _load_all()
    if _key(name) in REGISTRY:
        return "hand", []

    if only_keywords(text):
        return "keywords", []
    from engine.compile import compile_report  # engine.compile imports this module

    variant, refusals = compile_report(text, name, card_type)
    return ("compiled", []) if variant is not None else ("refused", [r.message for r in refusals])


#: (name, text in force) -> variant: the engine asks for a card's variant for every power, keyword
#: and ability it computes, so the lookup is remembered (cleared when a card is registered)
_VARIANTS: dict[tuple[str, str], Variant] = {}


def variant(card, rules) -> Variant:
    """The variant of ``card`` for the text in force under ``rules``."""
    text = rules.card_text(card.name, card.printed.text)
    found = _VARIANTS.get((card.name, text))
    if found is None:
        found = _VARIANTS[card.name, text] = definition(card.name, text, card.printed.type).variant_for(text)
    return found


def implemented() -> list[str]:
    if not REGISTRY:
        _load_all()
    return sorted(d.name for d in REGISTRY.values())
