"""Mass Mutation (MM): Shadows cards."""

from __future__ import annotations

from ...effects import Steal
from ...effects_cards import Draw
from ...effects_control import TakeControl
from ...effects_compiled import ShuffleIntoDeck
from ...play_timing import you_played_creature_with_trait
from ...power_armor import with_trait
from ...reactions import Reaction
from ...statics import friendly, PowerModifier
from ...targets import Choose
from .. import card

card("Rad Penny", play=[Steal(1)], destroyed=[ShuffleIntoDeck("self", from_zones=())])

# "Enhance DDD." has no effect during gameplay (glossary "Enhance": it acted at deck generation,
# engine.enhance)
card("Mutant Cutpurse")

card(
    "Dark Æmber Vault",
    statics=[PowerModifier(2, with_trait("mutant", friendly))],
    reactions=[Reaction("played", [Draw(1)], when=you_played_creature_with_trait("mutant"))],
)

card("“Borrow”", play=[Choose("artifact", "enemy"), TakeControl(house="shadows")])
