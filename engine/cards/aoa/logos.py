"""Age of Ascension (AoA): Logos cards."""
from __future__ import annotations

from ...effects import Gain
from ...effects_zones import ArchiveRandomFromHand
from .. import card

card("Eureka!", play=[Gain(2), ArchiveRandomFromHand(2)])
