"""Call of the Archons (CotA): Untamed cards."""
from __future__ import annotations

from ...effects import Gain
from ...effects_cards import ReturnToHand
from ...copies import CopyOf
from ...effects_zones import ShuffleIntoDeck
from ...targets import Choose
from .. import card

card("Grasping Vines", play=[Choose("artifact", "any", count=3, up_to=True), ReturnToHand()])

card("Lost in the Woods",
     play=[Choose("creature", "friendly", name="friendly", count=2),
           Choose("creature", "enemy", name="enemy", count=2),
           ShuffleIntoDeck(("friendly", "enemy"))])

card("Mimicry", becomes=CopyOf("action"))

card("Fertility Chant", play=[Gain(2, who="opponent")])
