"""Counts of the cards in the players' purged zones ("each purged card"). A card purged is out of the
game but stays face up by its owner (glossary "Purge"), so a card may count it or name it there: a
choice among purged cards is a :class:`~engine.rules.targets.Choose` of ``what="purged"``
(:func:`engine.rules.references.candidates`). A new effect on purged cards goes here.
"""

from __future__ import annotations

from engine.core.registry import template
from engine.rules.ability import Context


@template(kind="count", value=True)
def purged_cards(ctx: Context) -> int:
    """ "Each purged card": the cards in every player's purged zone."""
    return sum(len(p.zone("purged")) for p in ctx.game.players.values())
