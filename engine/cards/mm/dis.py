"""Mass Mutation (MM): Dis cards."""

from __future__ import annotations

from engine.library import (
    AlsoTakesNeighborsFightDamage,
    DealDamage,
    Destroy,
    enemy_creature_event,
    MoveTo,
    NameHost,
    PowerIsNeighborsPower,
    Reaction,
    Steal,
)
from engine.cards import card

card("Drecker", statics=[AlsoTakesNeighborsFightDamage()], reap=[Steal(1)])


card("Maleficorn", reactions=[Reaction("bonus_icon_damage", [DealDamage(1, on="event")], when=enemy_creature_event)])


# deploy is a keyword; its power is X
card("Picaroon", statics=[PowerIsNeighborsPower(except_trait="changeling")])


# "This creature gains, "After any player chooses Dis as their active house, put Painmail into its
# owner's archives and destroy this creature."": the upgrade's creature keeps the ability as long as
# the upgrade is on it, so the upgrade listens; the creature is named before the upgrade leaves it
# (one card gives a reaction that names its giver)
card(
    "Painmail",
    reactions=[
        Reaction(
            "house_chosen",
            [NameHost("this creature"), MoveTo("archives", on="self"), Destroy("this creature")],
            when=lambda ctx: ctx.event.get("house") == "dis" and ctx.source.zone == "upgrade",
        )
    ],
)
