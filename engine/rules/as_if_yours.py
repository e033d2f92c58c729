"""Using another player's card "as if it were yours" / "as if you controlled it" (glossary entry
"As If It Were Yours"): the card is used by you even though you do not control it. You never gain
control of it, but its ability resolves as if you controlled it:

- "you" and "your" in the ability are the player using it (the controller of the context);
- "friendly" and "enemy" are relative to that player, and the card itself counts as friendly to
  them, not to its controller (the Nexus and Shard of Greed FAQ: Shard of Greed counts itself as
  a friendly Shard);
- "sacrifice <this card>" still sacrifices it (destroys it), as if you controlled it;
- "put <this card> on a flank of your battleline" (Auto-Legionary) does nothing: the battleline is
  the line of creatures a player controls (glossary "Battleline"), and a card moves from one
  player's battleline to the other's only by an effect that explicitly changes its control (the
  Sanctum Guardian FAQ), which using it as if it were yours never does (:func:`cannot_join`).

An effect that uses a card this way resolves its ability through ``Engine.trigger(card, how,
controller=<user>, as_if_yours=True)``, which marks the context; :func:`adjust_sides` applies the
friendly/enemy reading to the groups and choices of that ability (``engine.rules.targets``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.rules.ability import Context
    from engine.core.state import CardInstance


def _kind_matches(card: "CardInstance", what: str) -> bool:
    if what == "creature":
        return card.zone == "battleline"
    if what == "artifact":
        return card.zone == "artifacts"
    if what == "card in play":
        return card.in_play
    return card.zone == what


def adjust_sides(ctx: "Context", what: str, side: str, cards: list) -> list:
    """The cards of ``what`` on ``side`` (computed by control), corrected for a card used as if it
    were the ability's controller's: it joins "friendly" and leaves "enemy"."""
    if not ctx.as_if_yours or ctx.source.controller == ctx.controller:
        return cards
    source = ctx.source
    if side == "friendly" and source not in cards and _kind_matches(source, what):
        return cards + [source]
    if side == "enemy" and source in cards:
        return [c for c in cards if c is not source]
    return cards


def cannot_join(ctx: "Context", card: "CardInstance", player: str) -> str | None:
    """Why ``card`` cannot be put in ``player``'s battleline or play area by this ability (None:
    it can): only its controller's, unless the ability changes its control."""
    if card.controller == player:
        return None
    how = " (used as if it were theirs, which never changes control)" if ctx.as_if_yours else ""
    return f"{card.label} is controlled by {card.controller}: it cannot be put in {player}'s battleline{how}"
