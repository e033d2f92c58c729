"""Haunted (Grim Reminders on): a player is haunted while they have 10 or more cards in their discard
pile. The 16.0 Master Rulebook does not define it; this is the cards' reminder text (The Grim Reaper:
"You are haunted if there are 10 or more cards in your discard pile."). A constant ability may make a player haunted
on other terms ("While there is a combined total of 10 or more cards between your purged cards and
discard pile, you are haunted": Junkyard Cemetery, :class:`HauntedWhileCardsGone`): one such
ability in force is enough.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.registry import template
from engine.rules.statics import Static

if TYPE_CHECKING:
    from engine.rules.game import Engine

#: cards in the discard pile that make a player haunted
HAUNTED_AT = 10


def is_haunted(eng: "Engine", player: str) -> bool:
    """Is ``player`` haunted now?"""
    if len(eng.game.players[player].zone("discard")) >= HAUNTED_AT:
        return True
    return any(s.makes_haunted(eng, src, ctl, player) for s, src, ctl in eng.statics())


@template(kind="static")
@dataclass
class HauntedWhileCardsGone(Static):
    """ "While there is a combined total of 10 or more cards between your purged cards and discard
    pile, you are haunted": the ability's controller."""

    total: int = HAUNTED_AT

    def makes_haunted(self, eng, source, controller, player: str) -> bool:
        p = eng.game.players[controller]
        return player == controller and len(p.zone("purged")) + len(p.zone("discard")) >= self.total
