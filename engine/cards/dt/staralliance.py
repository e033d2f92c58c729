"""Dark Tidings (DT): Star Alliance cards."""

from __future__ import annotations

from engine.library import DestroyAllButOnePerPower
from engine.cards import card

# "Play: Choose a creature of each power value. Destroy each creature not chosen."
card("Selective Preservation", play=[DestroyAllButOnePerPower()])
