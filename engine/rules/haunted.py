"""Haunted (Grim Reminders on): a player is haunted while they have 10 or more cards in their discard
pile. The 16.0 Master Rulebook does not define it; this is the cards' reminder text (The Grim Reaper:
"You are haunted if there are 10 or more cards in your discard pile."). A constant ability may make a player haunted
on other terms ("While there is a combined total of 10 or more cards between your purged cards and
discard pile, you are haunted": Junkyard Cemetery, :class:`HauntedWhileCardsGone`): one such
ability in force is enough. Abilities about each haunted player: they skip their "forge a key"
step (:class:`HauntedSkipForgeStep`), they refill their hand to more cards
(:class:`HauntedHandSize`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.registry import template
from engine.rules.forging import ForgeStatic
from engine.rules.statics import Static
from engine.rules.turn import HandSize

if TYPE_CHECKING:
    from engine.rules.game import Engine

#: cards in the discard pile that make a player haunted
HAUNTED_AT = 10


def is_haunted(eng: "Engine", player: str) -> bool:
    """Is ``player`` haunted now?"""
    if len(eng.game.players[player].zone("discard")) >= HAUNTED_AT:
        return True
    return eng.any_static("makes_haunted", player)


@template(kind="static")
@dataclass
class HauntedWhileCardsGone(Static):
    """ "While there is a combined total of 10 or more cards between your purged cards and discard
    pile, you are haunted": the ability's controller."""

    total: int = HAUNTED_AT

    def makes_haunted(self, eng, source, controller, player: str) -> bool:
        p = eng.game.players[controller]
        return player == controller and len(p.zone("purged")) + len(p.zone("discard")) >= self.total


@template(kind="static")
@dataclass
class HauntedSkipForgeStep(ForgeStatic):
    """ "Each haunted player skips their "forge a key" step": step 1 only (a key an effect forges
    later in the turn is no step)."""

    def stops_forge(self, eng, source, controller, player: str) -> bool:
        if eng.game.step != 1 or not is_haunted(eng, player):
            return False
        eng.game.log(f'{source.name}: {player} is haunted and skips the "forge a key" step')
        return True


@template(kind="static")
@dataclass
class HauntedHandSize(HandSize):
    """ "Each haunted player refills their hand to N additional card(s) during their "draw cards"
    step"."""

    def hand_size(self, eng, source, controller, player: str) -> int:
        return self.delta if is_haunted(eng, player) else 0
