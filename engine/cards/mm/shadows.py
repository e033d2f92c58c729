"""Mass Mutation (MM): Shadows cards."""
from __future__ import annotations

from ...effects import Steal
from ...effects_zones import ShuffleIntoDeck
from .. import card

card("Rad Penny", play=[Steal(1)], destroyed=[ShuffleIntoDeck(("self",))])
