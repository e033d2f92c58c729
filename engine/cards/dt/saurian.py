"""Dark Tidings (DT): Saurian cards."""

from __future__ import annotations

from engine.library import Choose, TakeControl
from engine.cards import card


card(
    "Enlist Numeri", play=[Choose("creature", "enemy", where=lambda ctx, c: c.amber > 0), TakeControl(house="saurian")]
)
