"""Dark Tidings (DT): Saurian cards."""

from __future__ import annotations

from engine.library import Choose, ChooseLeastPowerful, PurgeGivingItsPower, TakeControl, tide_high
from engine.cards import card


card(
    "Enlist Numeri", play=[Choose("creature", "enemy", where=lambda ctx, c: c.amber > 0), TakeControl(house="saurian")]
)


# "Play only if the tide is high. Play: Choose 2 creatures. Purge the chosen creature with the lowest
# power and give +1 power counters equal to its power to the other chosen creature."
card(
    "Swallow Whole",
    play_condition=tide_high,
    play=[
        Choose("creature", "any", name="chosen", count=2),
        ChooseLeastPowerful("lowest", among="chosen"),
        PurgeGivingItsPower("lowest", among="chosen"),
    ],
)
