"""Dark Tidings (DT): the Tide reference card."""

from __future__ import annotations

from engine.library import GainChains, RaiseTide
from engine.cards import card

# "High Tide (The tide is high for you.) Low Tide (The tide is low for you.) Omni: Raise the tide.
# Gain 3 chains.": its sides show the tide (the game's state); its "Omni:" is granted by the game
# rules to the active player, in no zone and exhausting no card (engine.rules.tide)
card("The Tide", omni=[RaiseTide(), GainChains(3)])
