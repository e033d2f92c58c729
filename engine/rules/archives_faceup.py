"""Archived cards a card's own text makes faceup, or lets be picked up one by one (The Archivist: "If
you archive The Archivist, archive it faceup. While The Archivist is in your archives, instead of
picking up all of your archives, you may choose to pick up any number of cards in your archives.").

Archives are a hidden zone (16.0 "Archives": archived cards are facedown), so an effect cannot follow
a card into them ("Leaves Play"); a card archived faceup is not hidden there: :func:`hidden` tells a
card in a hidden zone from one an effect may still find. "If you archive" it: the card in its own
owner's archives (into an opponent's archives someone else archived it, and it is facedown). Both
abilities are the card's constant abilities read where the card is, in the archives (the constant
abilities in force are those of cards in play): asked only when an effect follows a card, and when
the archives are taken (:func:`archives_to_take`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.state import HIDDEN
from engine.rules.ability import Context
from engine.rules.statics import Static
from engine.rules.targets import choose_or_done

if TYPE_CHECKING:
    from engine.core.state import CardInstance
    from engine.rules.game import Engine


@dataclass
class ArchivedFaceup(Static):
    """ "If you archive <this card>, archive it faceup"."""


@dataclass
class PicksUpAnyNumberOfArchives(Static):
    """ "While <this card> is in your archives, instead of picking up all of your archives, you may
    choose to pick up any number of cards in your archives"."""


def _has(eng: "Engine", card: "CardInstance", kind: type) -> bool:
    return any(isinstance(s, kind) for s in eng.variant(card).statics)


def hidden(eng: "Engine", card: "CardInstance") -> bool:
    """Is ``card`` in a hidden zone (a hand, a deck, archives), where an effect cannot follow it? Not
    when it lies faceup in its owner's archives by its own text."""
    if card.zone not in HIDDEN:
        return False
    if card.zone != "archives" or card not in eng.game.players[card.owner].zone("archives"):
        return True
    return not _has(eng, card, ArchivedFaceup)


def archives_to_take(eng: "Engine", player: str) -> list["CardInstance"]:
    """The archived cards ``player`` picks up as they take their archives: all of them, or, while a
    card there lets them, those they choose one at a time ("done" when finished; none is a choice)."""
    archives = list(eng.game.players[player].zone("archives"))
    if not any(_has(eng, c, PicksUpAnyNumberOfArchives) for c in archives):
        return archives
    ctx = Context(eng, archives[0], player)
    taken: list = []
    left = list(archives)
    while left:
        pick = choose_or_done(ctx, f"{player}: which archived card to pick up", left)
        if pick is None:
            break
        left.remove(pick)
        taken.append(pick)
    return taken
