"""Grim Reminders (GR): Geistoid cards."""

from __future__ import annotations

from engine.library import Gain, HostToFlankAsCreature
from engine.cards import card

# "This upgrade enters play attached to an artifact instead of a creature. Play: Take control of this
# artifact and put it on a flank of your battleline as a creature with 4 power and versatile. Scrap:
# Gain 1." (the artifact stays a creature until it leaves play, the upgrade gone or not:
# engine.library.becoming_creatures)
card("Animating Force", attaches_to="artifact", play=[HostToFlankAsCreature(4, ("versatile",))], scrap=[Gain(1)])
