"""Lasting effects that name a player's next turn: "during your opponent's next turn", "on their
next turn", "until your next turn", "until the start of your next turn", "until the end of your
next turn".

Why a module of its own: those words name whose turn, not which turn number. With an extra turn
between (:mod:`engine.rules.extra_turns`), the next turn is the same player's, and an effect "for your
opponent's next turn" must wait for the opponent's turn, whatever its number, while one "until
your next turn" ends as the extra turn starts. So an effect records the player, and is bound or
ended when a turn starts (:func:`start_turn`), rather than given the current turn number + 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.state import LastingEffect
from engine.rules.ability import Effect

#: a turn number no turn has: an effect for a turn that has not started yet
UNBOUND = -1
#: kept past the end of every turn until bound or ended
FOREVER = 10**9


def during_next_turn_of(player: str) -> dict:
    """Params of a lasting effect for ``player``'s next turn: waiting until it starts, ended with it
    (``during_turn`` and ``through_turn`` are that turn's number once it starts)."""
    return {"next_turn_of": player, "during_turn": UNBOUND, "through_turn": FOREVER}


def until_next_turn_of(player: str) -> dict:
    """Params of a lasting effect from now until ``player``'s next turn starts."""
    return {"until_turn_of": player, "through_turn": FOREVER}


def through_next_turn_of(player: str) -> dict:
    """Params of a lasting effect from now through the end of ``player``'s next turn ("until the
    end of your next turn"): bound to that turn's number when it starts."""
    return {"through_next_turn_of": player, "through_turn": FOREVER}


def start_turn(game) -> None:
    """A turn of ``game.active`` starts: the effects waiting for it begin, those lasting until it end."""
    kept = []
    for effect in game.lasting:
        if effect.params.get("until_turn_of") == game.active:
            continue
        if effect.params.get("next_turn_of") == game.active and effect.params.get("during_turn") == UNBOUND:
            effect.params["during_turn"] = effect.params["through_turn"] = game.turn
        if effect.params.get("through_next_turn_of") == game.active and effect.params["through_turn"] == FOREVER:
            effect.params["through_turn"] = game.turn
        kept.append(effect)
    game.lasting = kept


@dataclass
class ReactDuringNextTurnOf(Effect):
    """ "During your opponent's next turn, each time they play a card, ...": a lasting reaction that
    waits for that turn and ends with it."""

    reaction: object
    whose: str = "opponent"

    def resolve(self, ctx) -> bool:
        player = ctx.opponent_name if self.whose == "opponent" else ctx.controller
        params = {"reaction": self.reaction, "card": ctx.source, **during_next_turn_of(player)}
        ctx.game.lasting.append(LastingEffect("reaction", ctx.source.name, ctx.controller, params))
        ctx.log(f"{ctx.source.name}: a lasting effect for {player}'s next turn")
        return True
