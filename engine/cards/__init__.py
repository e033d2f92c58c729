"""Card definitions, one small declarative definition per card, grouped by set.

A definition lists the card's abilities by trigger ("Play:", "Reap:", "Destroyed:", ...) as
effects from the effect library, its constant abilities as statics, and its "After ..." abilities
as reactions. Keywords (elusive, taunt, assault 2, ...) are read from the text in force by the
general rules, not repeated here. Where an erratum changes behaviour, the definition has one
variant per text, each recognised by a phrase of that text; the rule set's text picks the variant.

This package holds the hand definitions and their form (:class:`Variant`, which the compiler builds
too); the definition of any card, hand-defined or compiled from its text, is asked of
:mod:`engine.cards.definitions`.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from dataclasses import dataclass, field, fields

from engine.core.errors import ScenarioError

#: the triggers a definition can give abilities for, in the words of the card text
TRIGGERS = ("play", "reap", "fight", "before_fight", "action", "omni", "destroyed", "leaves_play", "scrap", "fate")


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
    #: "Scrap:": resolves after the card is discarded from its owner's hand during their turn
    #: (engine.rules.mechanics.scrap)
    scrap: list = field(default_factory=list)
    #: "Fate:": resolves when the prophecy this card is facedown under is fulfilled, by the player
    #: whose turn it is (engine.rules.mechanics.prophecies)
    fate: list = field(default_factory=list)
    #: "Destroyed: ... instead": a destruction replacement, resolved when the card would be put
    #: into the discard pile (engine.rules.destroyed_instead.replace_destruction)
    destroyed_instead: list = field(default_factory=list)
    #: "While <this card> is in your discard pile, if you would draw a card during your turn, you
    #: may <effects> instead" (engine.rules.draws_instead)
    draw_instead: list = field(default_factory=list)
    #: constant abilities, active while the card is in play (engine.rules.statics)
    statics: list = field(default_factory=list)
    #: "After ..." / "each time ..." abilities, active while the card is in play (engine.rules.reactions)
    reactions: list = field(default_factory=list)
    #: an upgrade's "This creature gains, ...": trigger -> ability given to the creature
    gains: dict = field(default_factory=dict)
    #: an upgrade's "This creature gains, "<constant ability>"" / "..., "At the end of your turn,
    #: ..."": constant abilities and reactions its creature has while it is attached, as the
    #: creature's own (engine.rules.game: their card is the creature, their controller its controller)
    gained_statics: list = field(default_factory=list)
    gained_reactions: list = field(default_factory=list)
    #: "cannot be played unless ...": a condition on the playing Context
    play_condition: object = None
    #: the forms the card may take and when: "When you play this card, treat it as a copy of ..."
    #: (Mimicry), "enters play as a copy of ..." (Mimic Gel), "may be played as an upgrade instead"
    #: (Explo-rover): an :mod:`engine.rules.copies` CopyOf or a PlayAs
    #: (:mod:`engine.rules.mechanics.played_as_upgrade`)
    becomes: object = None
    #: "<This card> enters play under your opponent's control" (engine.library.control)
    enters_under_opponent: bool = False
    #: an upgrade's "Attach only to <a creature>": the creatures it may be attached to, as
    #: ``test(eng, upgrade, controller, creature)`` (engine.rules.play.PlayRules.hosts)
    attach_only: object = None
    #: "In order to use <this card>, you must <do something>": the effects done first, the first a
    #: choice that must have an option for the use to be legal (engine.rules.use; glossary "If You
    #: Do" and "In Order To")
    to_use: list = field(default_factory=list)
    #: what an upgrade attaches to as it enters play: "creature", or "artifact" ("This upgrade enters
    #: play attached to an artifact instead of a creature": engine.rules.play)
    attaches_to: str = "creature"
    #: "<This card> cannot be discarded from your hand except through card abilities": the
    #: "discard a card" of step 3 refuses it (engine.rules.use)
    hand_discard_forbidden: bool = False

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
    VARIANTS.clear()
    return definition


def _key(name: str) -> str:
    return name.replace("“", "").replace("”", "").replace('"', "").strip().lower()


def _load_all() -> None:
    """Import every set package and its house modules (each registers its cards)."""
    for module in pkgutil.walk_packages(__path__, prefix=f"{__name__}."):
        if module.ispkg or module.name.count(".") > 2:  # engine.cards.<set>[.<house>], not definitions
            importlib.import_module(module.name)


#: (name, text in force) -> variant: the engine asks for a card's variant for every power, keyword
#: and ability it computes, so :func:`engine.cards.definitions.variant` remembers the lookup here
#: (cleared when a card is registered)
VARIANTS: dict[tuple[str, str], Variant] = {}


def implemented() -> list[str]:
    if not REGISTRY:
        _load_all()
    return sorted(d.name for d in REGISTRY.values())
