"""Prophetic Visions (PV): Redemption cards."""

from __future__ import annotations

from engine.library import card_has_trait, ItsControllerGains, Reaction
from engine.cards import card


def _first_mutant_destroyed_this_turn(ctx) -> bool:
    """The destroyed creature is the first Mutant creature destroyed this turn (wherever Rack of
    Redemption was then); its traits read as the event reads it, out of play."""
    destroyed = ctx.event.get("card")
    if destroyed is None or not ctx.event.get("creature"):
        return False
    mutants = [c for c in ctx.game.creatures_destroyed_this_turn if card_has_trait(ctx.eng, c, "mutant")]
    return bool(mutants) and mutants[0] is destroyed


# "Each turn, after the first Mutant creature is destroyed, its owner gains 1." (out of play, a card's
# controller is its owner: the player who gains)
card(
    "Rack of Redemption",
    reactions=[Reaction("destroyed", [ItsControllerGains(1, on="event")], when=_first_mutant_destroyed_this_turn)],
)
