"""Call of the Archons (CotA): Sanctum cards."""
from __future__ import annotations

from ...effects import Capture
from .. import card

card("Raiding Knight", play=[Capture(1)])
