"""The "Scrap:" ability (later sets: Æmber Skies, Grim Reminders, Prophetic Visions, ...).

The 16.0 Master Rulebook does not define it (no "Scrap" in its text or glossary); this reading is
from the cards' own reminder text, Lieutenant Halasta: "(Scrap effects resolve after a card is
discarded from your hand during your turn.)" So:

- the ability is the discarded card's own, and resolves only when that card is discarded from its
  owner's hand during its owner's turn ("your hand during your turn"): by the rules' discard of
  step 3 or by an effect ("Discard a card"); not a card of the opponent's hand an effect discards,
  nor one discarded on the opponent's turn, nor a card discarded from a deck, archives or play;
- it resolves "after" the discard: at the timing point of the ``"discarded"`` event, with the other
  abilities that react to that discard (Rock-Hurling Giant's "each time you discard ..."), the
  active player choosing the order as for any reactions that resolve together;
- the card's owner resolves it ("you" is the player who discarded it), the card in the discard
  pile as its source.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.reactions import Reaction

if TYPE_CHECKING:
    from engine.rules.ability import Context
    from engine.rules.game import Engine


def _scrapped(ctx: "Context") -> bool:
    """The source was discarded from its owner's hand by its owner, during its owner's turn."""
    card = ctx.event.get("card")
    return card is ctx.source and ctx.event.get("player") == card.owner == ctx.game.active


def scrap_listeners(eng: "Engine", event: str, details: dict) -> list[tuple]:
    """The discarded card's "Scrap:" ability as a listener of the ``"discarded"`` event (the
    listener tuples of :meth:`engine.rules.game.Engine.listeners`: it does not need the card in
    play)."""
    card = details.get("card")
    if event != "discarded" or card is None:
        return []
    ability = eng.variant(card).scrap
    if not ability:
        return []
    return [(Reaction("discarded", ability, _scrapped), card, card.owner, False)]
