"""Mass Mutation (MM): Untamed cards."""

from __future__ import annotations

from ...bonus_icons import NextPlayBonusIconsAgain, ResolveIconsAsIfPlayed
from ...effects_keys import ForgeAtCost
from ...power_armor import DoublePowerCounters, GivePowerCounters
from ...reactions import destroyed_fighting_self, Reaction
from ...targets import Choose
from .. import card

card("Wild Bounty", play=[NextPlayBonusIconsAgain()])

card("Keyfrog", destroyed=[ForgeAtCost(0)])

card("Reclaimed by Nature", play=[Choose("artifact", "any"), ResolveIconsAsIfPlayed("it", purge=True)])

card(
    "Chonkers",
    play=[GivePowerCounters(1)],
    reactions=[Reaction("destroyed", [DoublePowerCounters()], when=destroyed_fighting_self)],
)
