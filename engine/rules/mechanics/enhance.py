"""Enhance (the 16.0 glossary "Enhance").

"Each card with the Enhance keyword has added the indicated bonus icons to random cards in your
deck. (This has already happened during the deck generation process.) The enhance keyword has no
effect during gameplay." So Enhance never does anything in a game: the engine only reproduces deck
generation, when a scenario asks for it (setup ``enhance: true`` for a player): each icon of each
of the player's cards with Enhance goes to a card chosen at random among every card the player owns
(the whole deck, the enhancing card itself included), with the game's seeded generator, so a
replay is deterministic. An icon is added below those already on the card (``enhancements``).

The icons are read from the card's text: in the card data, "A" is Æmber, "PT" capture, "D" damage
and "R" draw (Mass Mutation), or the icon font's glyphs (More Mutation), among them Grim Reminders'
discard icon, which deck generation adds like the others though no bundled rulebook says what it
does when resolved (:data:`engine.rules.bonus_icons.UNDEFINED_ICONS`).
"""

from __future__ import annotations

import re

from engine.core.errors import ScenarioError
from engine.core.state import PROPHECIES, CardInstance, Game

_ENHANCE = re.compile(r"\benhance\s+([^\s.]*)\s*\.", re.I)
#: the icon spellings of the card data, longest first
_ICONS = (
    ("PT", "capture"),
    ("\uf36f\uf560", "capture"),
    ("A", "amber"),
    ("\uf360", "amber"),
    ("D", "damage"),
    ("\uf361", "damage"),
    ("R", "draw"),
    ("\uf36e", "draw"),
    ("\uf372", "discard"),  # added like any icon; resolving it stops (bonus_icons.UNDEFINED_ICONS)
)


def enhance_icons(card: CardInstance) -> list[str]:
    """The bonus icons the card's Enhance keyword adds (empty without Enhance)."""
    m = _ENHANCE.search(card.data.text or "")
    if not m:
        return []
    spelled, icons = m.group(1), []
    while spelled:
        for text, icon in _ICONS:
            if spelled.startswith(text):
                icons.append(icon)
                spelled = spelled[len(text) :]
                break
        else:
            raise ScenarioError(f"{card.name}: cannot read the icons of its Enhance keyword ({m.group(0)!r})")
    if not icons:
        raise ScenarioError(
            f"{card.name}: the icons of its Enhance keyword are missing from its text in the "
            f"card data ({m.group(0)!r}); pin a printing that has them"
        )
    return icons


def owned_cards(game: Game, player: str) -> list[CardInstance]:
    return [c for c in game.cards() if c.owner == player and c.zone != PROPHECIES]  # prophecies are not of the deck


def enhance_deck(game: Game, player: str) -> None:
    """Deck generation: add the icons of every Enhance among ``player``'s cards to random cards
    of theirs."""
    deck = owned_cards(game, player)
    for card in deck:
        for icon in enhance_icons(card):
            lucky = game.rng.choice(deck)
            lucky.enhancements.append(icon)
            game.log(f"deck generation: {card.label}'s Enhance adds a {icon} bonus icon to {lucky.label}")
