"""Grim Reminders (GR): Geistoid cards."""

from __future__ import annotations

from engine.library import card_has_trait, Choose, Gain, GrantAbility, HostToFlankAsCreature, MoveCounters
from engine.cards import card

# "This upgrade enters play attached to an artifact instead of a creature. Play: Take control of this
# artifact and put it on a flank of your battleline as a creature with 4 power and versatile. Scrap:
# Gain 1." (the artifact stays a creature until it leaves play, the upgrade gone or not:
# engine.library.becoming_creatures)
card("Animating Force", attaches_to="artifact", play=[HostToFlankAsCreature(4, ("versatile",))], scrap=[Gain(1)])


def _friendly_clock(eng, source, controller, creature) -> bool:
    return creature.controller == controller and card_has_trait(eng, creature, "clock")


def _clock(ctx, creature) -> bool:
    return card_has_trait(ctx.eng, creature, "clock")


# "Each friendly Clock creature gains, "Destroyed: Move half the time counters (rounding up) from this
# creature to Synchronizer." Omni: Move all time counters on Synchronizer to a friendly Clock
# creature." (the destroyed creature still holds its counters as its "Destroyed:" ability resolves)
card(
    "Synchronizer",
    statics=[GrantAbility("destroyed", [MoveCounters("time", "self", "giver", share="half up")], _friendly_clock)],
    omni=[
        Choose("creature", "friendly", name="synchronized", where=_clock),
        MoveCounters("time", "self", "synchronized"),
    ],
)
