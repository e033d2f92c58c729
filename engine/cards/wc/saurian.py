"""Worlds Collide (WC): Saurian cards."""
from __future__ import annotations

from ...effects import CaptureFromAny, If, May
from ...effects_cards import DealDamage, Purge
from ...effects_status import Exalt, friendly_creatures, has_friendly_creature
from ...targets import Choose
from .. import card

card("Crassosaurus",
     play=[CaptureFromAny(10), If(lambda ctx: ctx.source.amber < 10, [Purge("self")])])

# "You may exalt a friendly creature to repeat the preceding effect": the damage again, to the
# same creature, as a second instance (a ward the first removed does not stop it)
card("Phalanx Strike",
     play=[Choose("creature", "any", name="target"), DealDamage(friendly_creatures, on="target"),
           If(has_friendly_creature,
              [May([Choose("creature", "friendly", name="exalted"), Exalt("exalted"),
                    DealDamage(friendly_creatures, on="target")],
                   question="exalt a friendly creature to repeat the damage?")])])
