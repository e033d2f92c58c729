""" "End your turn" (Book of leQ): a card effect that ends the active player's turn.

The rulebooks have no entry on a turn ended by a card; the card text is the rule. The engine's
reading: the player's action (the card played or used) that resolved the effect finishes first (an
action, with every ability it triggers, is not cut in two), then no further action is taken in that
turn: its steps 4 and 5 follow ("ready cards", "draw cards") and the next turn begins, as when the
player ends their turn. A player's actions nest (an action card that uses an artifact): the turn
ends once the outermost of them has finished.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.registry import template
from engine.core.state import LastingEffect
from engine.rules.ability import Context, Effect
from engine.rules.turn import end_turn

if TYPE_CHECKING:
    from engine.rules.game import Engine

#: the lasting effect of :class:`EndYourTurn`, waiting for the player's action to finish
TURN_ENDS = "turn_ends"


@template()
@dataclass
class EndYourTurn(Effect):
    """ "End your turn": once the action resolving it has finished (the turn of the controller of
    the ability, who is the active player)."""

    def resolve(self, ctx: Context) -> bool:
        g = ctx.game
        if ctx.controller != g.active:
            return False
        g.lasting.append(LastingEffect(TURN_ENDS, ctx.source.name, ctx.controller))
        g.step3_closed = True
        ctx.log(f"{ctx.source.name}: {ctx.controller}'s turn ends once this action has finished")
        return True


class players_action:  # noqa: N801 - used as a function: ``with players_action(eng):``
    """One action of the active player (playing, using a card), nested ones included; when the
    outermost ends and an effect ended the turn, the turn ends. A class, not a generator-based
    context manager: every play and use goes through it, and a generator's ``with`` costs twice."""

    __slots__ = ("eng",)

    def __init__(self, eng: "Engine") -> None:
        self.eng = eng

    def __enter__(self) -> None:
        self.eng.acting += 1

    def __exit__(self, *exc) -> None:
        eng = self.eng
        eng.acting -= 1
        if exc[0] is not None:
            return
        g = eng.game
        if not eng.acting and g.lasting and g.winner is None and any(e.kind == TURN_ENDS for e in g.lasting):
            g.lasting = [e for e in g.lasting if e.kind != TURN_ENDS]
            g.log(f"{g.active}'s turn ends (a card effect ended it)")
            end_turn(eng)
