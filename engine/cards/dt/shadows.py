"""Dark Tidings (DT): Shadows cards."""

from __future__ import annotations

from ...effects import Steal
from ...statics import CannotBeUsedTo, DamageReplacedBy
from .. import card

card("Shoulder Id", statics=[CannotBeUsedTo("fight"), DamageReplacedBy([Steal(1)])])
