"""Mass Mutation (MM): Untamed cards."""

from __future__ import annotations

from engine.library import Choose, NextPlayBonusIconsAgain, ResolveIconsAsIfPlayed
from engine.cards import card

card("Wild Bounty", play=[NextPlayBonusIconsAgain()])


card("Reclaimed by Nature", play=[Choose("artifact", "any"), ResolveIconsAsIfPlayed("it", purge=True)])
