"""Call of the Archons (CotA): Shadows cards."""
from __future__ import annotations

from ...effects import If, RepeatCardEffectIf, RepeatPrecedingIf, Steal, opponent_has_more_amber
from .. import Variant, card

card("Bait and Switch",
     # printed: "Repeat this card's effect if your opponent still has more A than you."
     Variant("repeat this card's effect",
             play=[If(opponent_has_more_amber, [Steal(1)]), RepeatCardEffectIf(opponent_has_more_amber)]),
     # 1.3 erratum: "Repeat the preceding effect if your opponent still has more A than you."
     Variant("repeat the preceding effect",
             play=[If(opponent_has_more_amber, [Steal(1)]), RepeatPrecedingIf(opponent_has_more_amber)]))
