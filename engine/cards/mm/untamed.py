"""Mass Mutation (MM): Untamed cards."""

from __future__ import annotations

from engine.rules.bonus_icons import NextPlayBonusIconsAgain, ResolveIconsAsIfPlayed
from engine.rules.power_armor import DoublePowerCounters, GivePowerCounters
from engine.rules.reactions import destroyed_fighting_self, Reaction
from engine.rules.targets import Choose
from engine.cards import card

card("Wild Bounty", play=[NextPlayBonusIconsAgain()])


card("Reclaimed by Nature", play=[Choose("artifact", "any"), ResolveIconsAsIfPlayed("it", purge=True)])

card(
    "Chonkers",
    play=[GivePowerCounters(1)],
    reactions=[Reaction("destroyed", [DoublePowerCounters()], when=destroyed_fighting_self)],
)
