"""A card's traits: those it prints and those constant abilities give it while it is in play
("Each of Fallen Sovereign's neighbors gains the Mutant trait.", "Until the start of your next turn,
a creature gains elusive and the Mutant trait.": :class:`engine.rules.gained_and_lost.GrantTrait`),
less those a constant ability takes away ("Each creature loses each of its traits":
:class:`engine.rules.gained_and_lost.LoseTraits`).
Every rule and effect that asks whether a card has a trait asks here, so a gained trait counts
wherever a printed one does ("each Mutant creature", "a non-Mutant creature", "for each trait").

This module imports no other rule: :mod:`engine.rules.statics` asks it too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core.state import CardInstance
    from engine.rules.game import Engine


def printed_traits(card: "CardInstance") -> set[str]:
    """The traits the card (or the card it is a copy of) prints, lowercase."""
    return {t.strip().lower() for t in card.printed.traits if t.strip()}


def traits(eng: "Engine", card: "CardInstance") -> set[str]:
    """The traits ``card`` has now: printed, and gained by constant abilities in force while it is
    in play."""
    found = printed_traits(card)
    if card.in_play:
        for s, src, ctl in eng.statics():
            found |= s.traits(eng, src, ctl, card)
        # "loses each of its traits": printed and gained alike (a loss is a restriction on having them)
        if eng.any_static("loses_traits", card):
            return set()
    return found


def has_trait(eng: "Engine", card: "CardInstance", trait: str) -> bool:
    return trait.strip().lower() in traits(eng, card)
