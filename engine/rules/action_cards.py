"""Where a resolved action card goes, and the effects that send it elsewhere.

16.0 "Action Cards": "After an action card is played and its effects resolve, it is placed in its
owner's discard pile." An effect may change that for a card to come ("after you resolve your next
action card this turn, return it to your hand instead of placing it in your discard pile": a
lasting effect for the turn, used up by the first action card its player resolves afterwards,
whether or not that card would have gone to the discard pile; an action card resolving as the
effect begins is not "your next" one). The lasting effects are read only
when an action card finishes resolving, so no other step of the game pays for them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.registry import template
from engine.core.state import LastingEffect
from engine.rules.ability import Context, Effect

if TYPE_CHECKING:
    from engine.core.state import CardInstance
    from engine.rules.game import Engine

#: the lasting effect of :class:`NextActionCardTo`
NEXT_ACTION_CARD = "next_action_card_to"


@template()
@dataclass
class NextActionCardTo(Effect):
    """ "After you resolve your next action card this turn, return it to your hand instead of
    placing it in your discard pile" (``zone``: where it goes instead)."""

    zone: str = "hand"

    def resolve(self, ctx: Context) -> bool:
        params = {"zone": self.zone, "after": _action_cards_played(ctx.game, ctx.controller)}
        ctx.game.lasting.append(LastingEffect(NEXT_ACTION_CARD, ctx.source.name, ctx.controller, params))
        ctx.log(f"{ctx.source.name}: {ctx.controller}'s next action card this turn goes to {self.zone} once resolved")
        return True


def resolved_action_goes(eng: "Engine", card: "CardInstance") -> str | None:
    """Where ``card``, an action card its player has just resolved, goes instead of the discard
    pile (None: nowhere else); the first lasting effect of that player that says so is used up
    by it, wherever the card now is."""
    g = eng.game
    for effect in g.lasting:
        if (
            effect.kind == NEXT_ACTION_CARD
            and effect.controller == card.controller
            and _action_cards_played(g, card.controller) > effect.params["after"]
        ):
            g.lasting.remove(effect)
            g.log(f"{card.name} is the next action card {effect.source} named")
            return effect.params["zone"] if card.zone == "resolving" else None
    return None


def _action_cards_played(game, player: str) -> int:
    """How many action cards ``player`` has played this turn (each counted as it is played)."""
    return sum(1 for turn, who, _, kind in game.plays if turn == game.turn and who == player and kind == "action")
