"""Dark Tidings (DT): Shadows cards."""

from __future__ import annotations

from engine.library.effect import Steal
from engine.rules.statics import CannotBeUsedTo, DamageReplacedBy
from engine.cards import card

card("Shoulder Id", statics=[CannotBeUsedTo("fight"), DamageReplacedBy([Steal(1)])])
