"""Call of the Archons (CotA): Shadows cards."""
from __future__ import annotations

from ...effects import If, RepeatCardEffectIf, RepeatPrecedingIf, Steal, opponent_has_more_amber
from ...effects_cards import DealDamage, ReturnToHand, Sacrifice
from ...effects_zones import PlayBeneath, PutBeneath
from ...statics import DealsNoFightDamage, TakesNeighborsDamage
from ...targets import Choose, named
from .. import Variant, card

card("Bait and Switch",
     # printed: "Repeat this card's effect if your opponent still has more A than you."
     Variant("repeat this card's effect",
             play=[If(opponent_has_more_amber, [Steal(1)]), RepeatCardEffectIf(opponent_has_more_amber)]),
     # 1.3 erratum: "Repeat the preceding effect if your opponent still has more A than you."
     Variant("repeat the preceding effect",
             play=[If(opponent_has_more_amber, [Steal(1)]), RepeatPrecedingIf(opponent_has_more_amber)]))

card("Shadow Self", statics=[DealsNoFightDamage(), TakesNeighborsDamage("specter")])

card("Bad Penny", destroyed=[ReturnToHand("self")])

card("Faygin", reap=[Choose("creature", "any", where=named("Urchin"), also=(("discard", "friendly"),)),
                     ReturnToHand()])

card("Urchin", play=[Steal(1)])

card("Masterplan", play=[Choose("hand", "friendly"), PutBeneath()], omni=[PlayBeneath(), Sacrifice("self")])

card("Mooncurser", fight=[Steal(1)])

card("Poison Wave", play=[DealDamage(2, "each creature")])
