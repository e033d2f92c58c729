"""Dark Tidings (DT): Saurian cards."""

from __future__ import annotations

from ...effects import If
from ...effects_control import TakeControl
from ...effects_status import Exalt, tide_low
from ...reactions import Reaction
from ...targets import Choose
from .. import card


def _damaged_self(ctx) -> bool:
    return ctx.event.get("card") is ctx.source


card("Venator Altum", reactions=[Reaction("damaged", [If(tide_low, [Exalt("self")])], when=_damaged_self)])

card(
    "Enlist Numeri", play=[Choose("creature", "enemy", where=lambda ctx, c: c.amber > 0), TakeControl(house="saurian")]
)
