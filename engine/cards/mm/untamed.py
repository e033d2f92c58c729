"""Mass Mutation (MM): Untamed cards."""

from __future__ import annotations

from engine.library import (
    Choose,
    destroyed_fighting_self,
    DoublePowerCounters,
    GivePowerCounters,
    NextPlayBonusIconsAgain,
    Reaction,
    ResolveIconsAsIfPlayed,
)
from engine.cards import card

card("Wild Bounty", play=[NextPlayBonusIconsAgain()])


card("Reclaimed by Nature", play=[Choose("artifact", "any"), ResolveIconsAsIfPlayed("it", purge=True)])

card(
    "Chonkers",
    play=[GivePowerCounters(1)],
    reactions=[Reaction("destroyed", [DoublePowerCounters()], when=destroyed_fighting_self)],
)
