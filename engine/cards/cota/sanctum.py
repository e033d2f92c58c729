"""Call of the Archons (CotA): Sanctum cards."""
from __future__ import annotations

from ...effects import Capture
from ...effects_cards import SwapWith
from .. import card

card("Raiding Knight", play=[Capture(1)])

card("Sanctum Guardian", fight=[SwapWith()], reap=[SwapWith()])

card("Sequis", reap=[Capture(1)])
