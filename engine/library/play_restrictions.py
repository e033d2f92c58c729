"""Constant abilities and conditions about playing and using cards, read through the engine's
play-restriction hook (:meth:`engine.rules.statics.Static.forbids_play`), its record of the cards played
(:attr:`engine.core.state.Game.plays`) and its ``"used"`` event: "you cannot play creatures", "your
opponent cannot play more than 2 cards each turn", "if you have played 7 or more Sanctum cards this
turn", "after this creature is used".
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules.ability import Context
from engine.rules.statics import Static


def plays_this_turn(game, player: str, house: str | None = None, kind: str | None = None) -> int:
    """How many cards ``player`` has played this turn (of ``house`` / of type ``kind``)."""
    return sum(
        1
        for turn, who, h, t in game.plays
        if turn == game.turn and who == player and (house is None or h == house) and (kind is None or t == kind)
    )


def played_on_previous_turn(game, player: str, kind: str | None = None) -> int:
    """How many cards (of type ``kind``) ``player`` played on their previous turn: the latest
    earlier turn of theirs that the record shows, else the turn before this one."""
    theirs = [turn for turn, who, _, _ in game.plays if who == player and turn < game.turn]
    turn = game.turn - 1 if not theirs else max(theirs)
    return sum(1 for t, who, _, k in game.plays if t == turn and who == player and (kind is None or k == kind))


@dataclass
class CannotPlay(Static):
    """ "<You / your opponent> cannot play <creatures / action cards / cards>": ``who`` is the
    player relative to the ability's controller; ``kind`` a card type, or None for any card."""

    kind: str | None = None
    who: str = "self"

    def forbids_play(self, eng, source, controller, card) -> str | None:
        g = eng.game
        player = controller if self.who == "self" else g.other(controller)
        if g.active == player and (self.kind is None or card.type == self.kind):
            what = f"{self.kind} cards" if self.kind else "cards"
            return f"{player} cannot play {what} ({source.name if source else 'a lasting effect'})"
        return None


@dataclass
class OpponentPlaysAtMost(Static):
    """ "Your opponent cannot play more than N cards each turn"."""

    limit: int

    def forbids_play(self, eng, source, controller, card) -> str | None:
        g = eng.game
        if g.active != controller and plays_this_turn(g, g.active) >= self.limit:
            return f"{g.active} cannot play more than {self.limit} cards this turn ({source.name})"
        return None


def you_used_an_artifact(ctx: Context) -> bool:
    used = ctx.event.get("card")
    return ctx.event.get("player") == ctx.controller and used is not None and used.type == "artifact"


def host_was_used(ctx: Context) -> bool:
    """ "After this creature is used" (an upgrade's: the creature it is attached to)."""
    return ctx.source.attached_to is not None and ctx.event.get("card") is ctx.source.attached_to
