"""Grim Reminders (GR): Mars cards."""

from __future__ import annotations

from engine.library import (
    Capture,
    Choose,
    ChooseAnyNumber,
    count_this_way,
    MoveTo,
    of_house,
    TakeControlOfUpgradesOnto,
    ThisWay,
)
from engine.cards import card


def _not_mars(ctx, creature) -> bool:
    return not of_house("mars")(ctx, creature)


# "Play: A non-Mars creature captures 1A from its own side. You may purge any number of cards from
# your archives. The same creature captures an additional 1A from its own side for each card purged
# in this way." ("the same creature" names the creature of the first sentence across the purge,
# which no template's "it" reaches)
card(
    "Crop Circles",
    play=[
        Choose("creature", "any", name="crop circles creature", where=_not_mars),
        Capture(1, "crop circles creature", side="own"),
        # "you may purge any number": none is one of the numbers, so the choice alone (no card
        # archived, nothing to choose and nothing asked)
        ChooseAnyNumber("archives", "friendly", name="archived"),
        ThisWay(MoveTo("purged", "archived", from_hidden=True), "archived", "purged"),
        Capture(count_this_way("purged"), "crop circles creature", side="own"),
    ],
)


# "Play: Choose a friendly creature. Take control of each upgrade in play and move it to that creature."
card("Big Magnet", play=[Choose("creature", "friendly", name="magnetized"), TakeControlOfUpgradesOnto("magnetized")])
