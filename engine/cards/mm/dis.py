"""Mass Mutation (MM): Dis cards."""
from __future__ import annotations

from ...effects import Steal
from ...effects_cards import DuringOpponentsNextTurn
from ...statics import AlsoTakesNeighborsFightDamage, KeyCostPerCreature, PowerIsNeighborsPower
from ...bonus_icons import enemy_creature_event, friendly_creature_destroyed_this_turn
from ...effects_cards import DealDamage, Destroy
from ...effects_keys import DestroyCounting, ForgeAtCost, MayForgeAtCost, counted
from ...targets import Choose
from ...reactions import Reaction
from .. import card

card("Drecker", statics=[AlsoTakesNeighborsFightDamage()], reap=[Steal(1)])

card("Waking Nightmare", play=[DuringOpponentsNextTurn(KeyCostPerCreature("dis"))])

card("Maleficorn", reactions=[Reaction("bonus_icon_damage", [DealDamage(1, on="event")], when=enemy_creature_event)])

card("Bonesaw", enters_ready=friendly_creature_destroyed_this_turn)

# WC's "Sacrifice any number of friendly creatures" is the same: to sacrifice is to destroy
card("Obsidian Forge",
     action=[Choose("creature", "friendly", count=100, up_to=True), DestroyCounting("it"),
             MayForgeAtCost(ForgeAtCost(6, counted()), then=[Destroy("self")])])

# deploy is a keyword; its power is X
card("Picaroon", statics=[PowerIsNeighborsPower(except_trait="changeling")])

# --- fight, damage, power (issue 6, 16.0) ---
from ...effects_cards import ForTheTurn  # noqa: E402
from ...power_armor import ConsideredToHave  # noqa: E402

card("The Pale Star", omni=[Destroy("self"), ForTheTurn(static=ConsideredToHave(1, 0))])
