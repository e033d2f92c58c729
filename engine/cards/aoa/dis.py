"""Age of Ascension (AoA): Dis cards."""
from __future__ import annotations

from ...effects_cards import Destroy, Stun
from ...reactions import Reaction
from .. import card

card("Unlocked Gateway", play=[Destroy("each creature")])

card("Æmber Imp", reactions=[Reaction("reaped", [Stun("event")])])
