"""Grim Reminders (GR): Ekwidon cards."""

from __future__ import annotations

from engine.library import Draw, Purge, TakeAnotherTurn
from engine.cards import card

# "Action: Take another turn after this one. Your opponent draws 10 cards. Purge Tachyon Manifold."
card("Tachyon Manifold", action=[TakeAnotherTurn(), Draw(10, who="opponent"), Purge("self")])
