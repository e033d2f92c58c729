"""Dark Tidings (DT): Saurian cards."""

from __future__ import annotations

from engine.library.effect import If
from engine.library.control import TakeControl
from engine.library.status import Exalt, tide_low
from engine.rules.reactions import Reaction
from engine.rules.targets import Choose
from engine.cards import card


def _damaged_self(ctx) -> bool:
    return ctx.event.get("card") is ctx.source


card("Venator Altum", reactions=[Reaction("damaged", [If(tide_low, [Exalt("self")])], when=_damaged_self)])

card(
    "Enlist Numeri", play=[Choose("creature", "enemy", where=lambda ctx, c: c.amber > 0), TakeControl(house="saurian")]
)
