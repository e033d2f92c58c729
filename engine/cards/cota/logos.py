"""Call of the Archons (CotA): Logos cards."""
from __future__ import annotations

from ...effects_cards import MayPlayOneOffHouse
from .. import card

card("Phase Shift", play=[MayPlayOneOffHouse()])
