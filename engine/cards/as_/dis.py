"""Æmber Skies (AS): Dis cards."""

from __future__ import annotations

from ...effects import Lose
from ...reactions import Reaction, opponent_played_creature_on_flank
from .. import card

card("Sinestra", reactions=[Reaction("played", [Lose(1)], when=opponent_played_creature_on_flank("left"))])

card("Dexus", reactions=[Reaction("played", [Lose(1)], when=opponent_played_creature_on_flank("right"))])
