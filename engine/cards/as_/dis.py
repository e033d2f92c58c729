"""Æmber Skies (AS): Dis cards."""

from __future__ import annotations

from engine.library import Lose, opponent_played_creature_on_flank, Reaction
from engine.cards import card

card("Sinestra", reactions=[Reaction("played", [Lose(1)], when=opponent_played_creature_on_flank("left"))])

card("Dexus", reactions=[Reaction("played", [Lose(1)], when=opponent_played_creature_on_flank("right"))])
