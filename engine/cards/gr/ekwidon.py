"""Grim Reminders (GR): Ekwidon cards."""

from __future__ import annotations

from engine.library import Draw, EachPlayer, Gain, IfYouDo, May, Reaction, ThePlayerOfTheEvent
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
