"""Mass Mutation (MM): Untamed cards."""

from __future__ import annotations

from engine.library import (
    among,
    Choose,
    ExceptRef,
    GivePowerCounters,
    NeighborsOf,
    NextPlayBonusIconsAgain,
    on_flank,
    ResolveIconsAsIfPlayed,
)
from engine.cards import card

card("Wild Bounty", play=[NextPlayBonusIconsAgain()])


card("Reclaimed by Nature", play=[Choose("artifact", "any"), ResolveIconsAsIfPlayed("it", purge=True)])


# "Give a flank creature three +1 power counters. Give its neighbor two +1 power counters. Give the
# second creature's other neighbor a +1 power counter.": a chain along the battleline from a flank
# (a creature considered on a flank with two neighbors: its controller picks which is "its neighbor")
card(
    "Growth Surge",
    play=[
        Choose("creature", "any", name="first", where=on_flank),
        GivePowerCounters(3, "first"),
        NeighborsOf("first", "beside first"),
        Choose("creature", "any", name="second", where=among("beside first")),
        GivePowerCounters(2, "second"),
        NeighborsOf("second", "beside second"),
        ExceptRef("beside second", "first", "others"),
        Choose("creature", "any", name="third", where=among("others")),
        GivePowerCounters(1, "third"),
    ],
)
