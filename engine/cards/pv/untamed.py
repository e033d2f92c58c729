"""Prophetic Visions (PV): Untamed cards."""

from __future__ import annotations

from engine.library import (
    belongs_to,
    DiscardFromHand,
    DiscardTopOfDeck,
    EachPlayer,
    NameEach,
    RefillAsInDrawStep,
    Reveal,
)
from engine.cards import card


def _of_their_discarded_cards_house(ctx, card) -> bool:
    return any(belongs_to(ctx.eng, card, c.house) for c in ctx.refs("discarded"))


# "Play: Each player discards the top card of their deck and reveals their hand. Discard each card that
# belongs to their discarded card's house. Each player refills their hand as if it were their "draw
# cards" step.": the middle sentence is each player's too ("their"), each card one of their revealed hand
card(
    "Cladogenesis",
    play=[
        EachPlayer(
            [
                DiscardTopOfDeck(1, "discarded"),
                NameEach("hand", "friendly", name="hand"),
                Reveal("hand"),
                NameEach("hand", "friendly", _of_their_discarded_cards_house, "same house"),
                DiscardFromHand("same house"),
            ]
        ),
        EachPlayer([RefillAsInDrawStep()]),
    ],
)
