"""Æmber Skies (AS): Ekwidon cards."""

from __future__ import annotations

from engine.library import ChooseHouse, DiscardRandomUntil, EachPlayer, of_chosen_house, RefillAsInDrawStep
from engine.cards import card

# "Play: Choose a house on your opponent's identity card. Your opponent discards a random card from
# their hand until they discard a card of the chosen house or run out of cards. They refill their
# hand as if it were their "draw cards" step."
card(
    "High Street Churn",
    play=[
        ChooseHouse(identity="opponent"),
        DiscardRandomUntil(of_chosen_house, who="opponent"),
        EachPlayer([RefillAsInDrawStep()], who="opponent"),
    ],
)
