"""Grim Reminders (GR): Ekwidon cards."""

from __future__ import annotations

from engine.library import Choose, Draw, PowerEqualForTheTurn, Purge, TakeAnotherTurn
from engine.cards import card

# "Action: Take another turn after this one. Your opponent draws 10 cards. Purge Tachyon Manifold."
card("Tachyon Manifold", action=[TakeAnotherTurn(), Draw(10, who="opponent"), Purge("self")])


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
