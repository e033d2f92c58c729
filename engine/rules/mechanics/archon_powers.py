"""Archon power cards (Crucible Clash: Artificer, Divine Spark, Schemer, Tinkerer, ...).

The 16.0 Master Rulebook does not define them, and they print no reminder text; this reading is from
the cards' own texts, every one of which is a standing ability of its owner, for the whole game:
"Friendly Human creatures enter play ready.", "After a player chooses Sanctum as their active house,
gain 2.", "Each friendly flank creature gains elusive, skirmish, and taunt.", "Your keys cost -2."
So a player's archon power card is in force from the start of the game: its constant abilities
apply and its reactions trigger, for its owner ("you", "friendly" are its owner's), as a card in
play's do. It is not a card in play, nor in any zone a card effect names: no effect can choose,
destroy, exhaust, return or count it ("destroy each artifact" leaves it). A player has at most one,
given in a scenario as ``archon_power: <name>`` beside the player's zones; a card of that type given
in a zone is refused, and a card of another type as an archon power too.

Texts that act before the game ("During game setup, ...", "Before drawing starting hands, ...")
take effect before any scenario's board: the compiler refuses them by name like any sentence it has
no template for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

if TYPE_CHECKING:
    from engine.core.state import CardInstance, Game

#: the card type of an archon power card in the card data
ARCHON_POWER_TYPE = "archon power"
#: the pseudo-zone an archon power card sits in (no card effect names it)
ZONE = "archon power"


def archon_powers(game: "Game") -> Iterator["CardInstance"]:
    """Each player's archon power card, if any (controlled by its owner)."""
    for player in game.players.values():
        if player.archon_power is not None:
            yield player.archon_power
