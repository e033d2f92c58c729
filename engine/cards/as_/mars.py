"""Æmber Skies (AS): Mars cards."""

from __future__ import annotations

from engine.library import Destroy, Reaction, belongs_to
from engine.cards import card


def _non_mars_creature_or_artifact_used(ctx) -> bool:
    used = ctx.event.get("card")
    return used is not None and used.type in ("creature", "artifact") and not belongs_to(ctx.eng, used, "mars")


# "Each non-Mars creature and artifact gains, "After this card is used, destroy it."": the ability
# given reacts to its own card's use (whoever used it) and destroys that card, which is what this
# reaction to any such card's use does (one card prints a reaction given to a group of cards in play)
card("Bartos the Ruiner", reactions=[Reaction("used", [Destroy("event")], when=_non_mars_creature_or_artifact_used)])
