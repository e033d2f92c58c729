"""Mass Mutation (MM): Untamed cards."""
from __future__ import annotations

from ...bonus_icons import NextPlayBonusIconsAgain
from .. import card

card("Wild Bounty", play=[NextPlayBonusIconsAgain()])
