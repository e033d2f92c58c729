"""Mass Mutation (MM): Saurian cards."""

from __future__ import annotations

from engine.library import (
    CannotBeUsedTo,
    Destroy,
    Exalt,
    IfYouDo,
    May,
    NextActionCardTo,
    DiscardTopOfDeck,
    GrantAbility,
    MoveAmberToFought,
    MoveAmberToNeighbor,
    neighbor,
    of_house,
    PutDiscardedIntoPlay,
)
from engine.cards import card

# "Each of Optio Gorkus's neighbors gains, "Destroyed: Move each Æmber on this creature to a
# neighboring Optio Gorkus.""
card("Optio Gorkus", statics=[GrantAbility("destroyed", [MoveAmberToNeighbor("Optio Gorkus")], applies=neighbor)])


def _saurian_creature(ctx, card) -> bool:
    return card.type == "creature" and of_house("saurian")(ctx, card)


card(
    "Saurian Egg",
    statics=[CannotBeUsedTo("fight"), CannotBeUsedTo("reap")],
    omni=[
        DiscardTopOfDeck(2),
        PutDiscardedIntoPlay(_saurian_creature, ready=True, power_counters=3, then=[Destroy("self")]),
    ],
)

card("Siren Horn", gains={"before_fight": [MoveAmberToFought(1)]})


# "Reap: You may exalt High Priest Torvus. If you do, after you resolve your next action card this
# turn, return it to your hand instead of placing it in your discard pile." (DT: "After Reap:")
card("High Priest Torvus", reap=[IfYouDo(first=[May([Exalt("self")])], then=[NextActionCardTo("hand")])])
