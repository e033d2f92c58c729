"""Æmber Skies (AS): Dis cards."""

from __future__ import annotations

from engine.library.effect import Lose
from engine.rules.reactions import Reaction, opponent_played_creature_on_flank
from engine.cards import card

card("Sinestra", reactions=[Reaction("played", [Lose(1)], when=opponent_played_creature_on_flank("left"))])

card("Dexus", reactions=[Reaction("played", [Lose(1)], when=opponent_played_creature_on_flank("right"))])
