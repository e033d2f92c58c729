"""Dark Tidings (DT): Saurian cards."""

from __future__ import annotations

from engine.library import Choose, Exalt, If, Reaction, TakeControl, tide_low
from engine.cards import card


def _damaged_self(ctx) -> bool:
    return ctx.event.get("card") is ctx.source


card("Venator Altum", reactions=[Reaction("damaged", [If(tide_low, [Exalt("self")])], when=_damaged_self)])

card(
    "Enlist Numeri", play=[Choose("creature", "enemy", where=lambda ctx, c: c.amber > 0), TakeControl(house="saurian")]
)
