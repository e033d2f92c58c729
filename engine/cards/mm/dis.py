"""Mass Mutation (MM): Dis cards."""
from __future__ import annotations

from ...effects import Steal
from ...effects_cards import DuringOpponentsNextTurn
from ...statics import AlsoTakesNeighborsFightDamage, KeyCostPerCreature
from .. import card

card("Drecker", statics=[AlsoTakesNeighborsFightDamage()], reap=[Steal(1)])

card("Waking Nightmare", play=[DuringOpponentsNextTurn(KeyCostPerCreature("dis"))])
