"""Mass Mutation (MM): Untamed cards."""
from __future__ import annotations

from ...bonus_icons import NextPlayBonusIconsAgain, ResolveIconsAsIfPlayed
from ...targets import Choose
from .. import card

card("Wild Bounty", play=[NextPlayBonusIconsAgain()])

# --- keys (issue 6, 16.0) ---
from ...effects_keys import ForgeAtCost  # noqa: E402

card("Keyfrog", destroyed=[ForgeAtCost(0)])

card("Reclaimed by Nature", play=[Choose("artifact", "any"), ResolveIconsAsIfPlayed("it", purge=True)])

# --- fight, damage, power (issue 6, 16.0) ---
from ...power_armor import DoublePowerCounters, GivePowerCounters  # noqa: E402
from ...reactions import Reaction, destroyed_fighting_self  # noqa: E402

card("Chonkers", play=[GivePowerCounters(1)],
     reactions=[Reaction("destroyed", [DoublePowerCounters()], when=destroyed_fighting_self)])
