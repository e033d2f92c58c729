"""Mass Mutation (MM): Dis cards."""

from __future__ import annotations

from engine.library import (
    AlsoTakesNeighborsFightDamage,
    Choose,
    counted,
    DealDamage,
    Destroy,
    DestroyCounting,
    enemy_creature_event,
    ForgeAtCost,
    MayForgeAtCost,
    PowerIsNeighborsPower,
    Reaction,
    Steal,
)
from engine.cards import card

card("Drecker", statics=[AlsoTakesNeighborsFightDamage()], reap=[Steal(1)])


card("Maleficorn", reactions=[Reaction("bonus_icon_damage", [DealDamage(1, on="event")], when=enemy_creature_event)])


# WC's "Sacrifice any number of friendly creatures" is the same: to sacrifice is to destroy
card(
    "Obsidian Forge",
    action=[
        Choose("creature", "friendly", count=100, up_to=True),
        DestroyCounting("it"),
        MayForgeAtCost(ForgeAtCost(6, counted()), then=[Destroy("self")]),
    ],
)

# deploy is a keyword; its power is X
card("Picaroon", statics=[PowerIsNeighborsPower(except_trait="changeling")])
