"""Mass Mutation (MM): Untamed cards."""

from __future__ import annotations

from engine.library import (
    destroyed_fighting_self,
    DoublePowerCounters,
    GivePowerCounters,
    NextPlayBonusIconsAgain,
    Reaction,
)
from engine.cards import card

card("Wild Bounty", play=[NextPlayBonusIconsAgain()])


card(
    "Chonkers",
    play=[GivePowerCounters(1)],
    reactions=[Reaction("destroyed", [DoublePowerCounters()], when=destroyed_fighting_self)],
)
