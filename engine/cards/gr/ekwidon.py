"""Grim Reminders (GR): Ekwidon cards."""

from __future__ import annotations

from engine.library import (
    Choose,
    Destroy,
    Draw,
    EachPlayer,
    Gain,
    IfYouDo,
    May,
    MoveAmber,
    PowerEqualForTheTurn,
    Reaction,
    ThePlayerOfTheEvent,
)
from engine.cards import card

# "At the end of each player's turn, they may gain 1A. If they do, their opponent draws 2 cards.":
# either player's turn; "they" is the player whose turn ends (the active player, who makes the
# decision anyway: the Biomatrix Backup FAQ), "their opponent" that player's opponent
card(
    "Ekwirrĕ’s Fulcrum",
    reactions=[
        Reaction(
            "end_of_turn",
            [
                ThePlayerOfTheEvent(),
                EachPlayer([IfYouDo([May([Gain(1)])], [Draw(2, who="opponent")])], who="that player"),
            ],
            when=lambda ctx: True,
        )
    ],
)


# "Play: Choose an enemy creature and a friendly creature. Until the end of the turn, the friendly
# creature's power is equal to the enemy creature's power."
card(
    "Hoaxpitality",
    play=[
        Choose("creature", "enemy", name="enemy"),
        Choose("creature", "friendly", name="friendly"),
        PowerEqualForTheTurn(of="enemy", on="friendly"),
    ],
)


# "Play: Choose 9 creatures. Move all A on the chosen creatures to their controllers' pools. Destroy
# the chosen creatures." (with 9 or fewer creatures in play, all of them are chosen)
card(
    "Midyear Festivities",
    play=[
        Choose("creature", "any", name="festive", count=9),
        MoveAmber(each=True, on="festive", to="controller"),
        Destroy("festive"),
    ],
)
