"""Extra turns: "Take another turn after this one" (Tachyon Manifold, Ancestral Timekeeper).

The rulebooks have no entry on extra turns; the card text is the rule: once the current turn ends,
the player the effect names ("you": the controller of the ability, so a card used as if it were
yours gives the turn to its user) takes a turn, before the turn order goes on. Each such effect
gives one turn; two resolved in the same turn give two turns in a row. A pending extra turn is
``(player, turn it follows)`` in :attr:`engine.core.state.Game.extra_turns`; the ``PLAYER.extra_turns``
check path counts those of a player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.registry import template
from engine.rules.ability import Context, Effect, player_ref

if TYPE_CHECKING:
    from engine.rules.game import Engine


@template()
@dataclass
class TakeAnotherTurn(Effect):
    """ "Take another turn after this one"."""

    who: str = "self"

    def resolve(self, ctx: Context) -> bool:
        player = player_ref(ctx, self.who)
        ctx.game.extra_turns.append((player, ctx.game.turn))
        ctx.log(f"{ctx.source.name}: {player} will take another turn after this one")
        return True


def pending(game, player: str) -> int:
    return sum(1 for who, _ in game.extra_turns if who == player)


def next_player(eng: "Engine") -> str:
    """Who takes the turn after the one ending now: the player of the first extra turn that
    follows it (the others then follow that extra turn), else the opponent of the active player."""
    g = eng.game
    due = [e for e in g.extra_turns if e[1] == g.turn]
    if not due:
        return g.opponent
    first = due[0]
    g.extra_turns.remove(first)
    g.extra_turns = [(who, g.turn + 1 if after == g.turn else after) for who, after in g.extra_turns]
    g.log(f"{first[0]} takes another turn")
    return first[0]
