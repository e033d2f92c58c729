"""Dark Tidings (DT): Shadows cards."""

from __future__ import annotations

from engine.library import CannotBeUsedTo, DamageReplacedBy, Steal
from engine.cards import card

card("Shoulder Id", statics=[CannotBeUsedTo("fight"), DamageReplacedBy([Steal(1)])])
