"""Æmber Skies (AS): Mars cards."""

from __future__ import annotations

from engine.library import (
    belongs_to,
    Choose,
    DealDamage,
    Destroy,
    DiscardCards,
    IfYouDo,
    RandomCardsFrom,
    Reaction,
    Reveal,
)
from engine.cards import card


def _non_mars_creature_or_artifact_used(ctx) -> bool:
    used = ctx.event.get("card")
    return used is not None and used.type in ("creature", "artifact") and not belongs_to(ctx.eng, used, "mars")


# "Each non-Mars creature and artifact gains, "After this card is used, destroy it."": the ability
# given reacts to its own card's use (whoever used it) and destroys that card, which is what this
# reaction to any such card's use does (one card prints a reaction given to a group of cards in play)
card("Bartos the Ruiner", reactions=[Reaction("used", [Destroy("event")], when=_non_mars_creature_or_artifact_used)])

# "Play: Deal 2 to a creature. Reveal a random card from a player's archives. If you do, deal an
# additional 3 to the same creature. Discard the revealed card.": "the same creature" is the one
# dealt 2 (a reference across a sentence about another card, printed by this card alone); a further
# instance of damage, dealt only when a card was revealed (glossary "If You Do")
card(
    "Harmonic Pack",
    play=[
        Choose("creature", "any", name="target"),
        DealDamage(2, on="target"),
        IfYouDo([RandomCardsFrom("archives", "chosen", "revealed"), Reveal("revealed")], [DealDamage(3, on="target")]),
        DiscardCards("revealed"),
    ],
)
