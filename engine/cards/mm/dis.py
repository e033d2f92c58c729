"""Mass Mutation (MM): Dis cards."""

from __future__ import annotations

from engine.library import (
    AlsoTakesNeighborsFightDamage,
    DealDamage,
    enemy_creature_event,
    PowerIsNeighborsPower,
    Reaction,
    Steal,
)
from engine.cards import card

card("Drecker", statics=[AlsoTakesNeighborsFightDamage()], reap=[Steal(1)])


card("Maleficorn", reactions=[Reaction("bonus_icon_damage", [DealDamage(1, on="event")], when=enemy_creature_event)])


# deploy is a keyword; its power is X
card("Picaroon", statics=[PowerIsNeighborsPower(except_trait="changeling")])
