"""Mass Mutation (MM): Shadows cards."""

from __future__ import annotations

from engine.library.effect import Steal
from engine.library.on_cards import Draw
from engine.library.control import TakeControl
from engine.library.groups import ShuffleIntoDeck
from engine.rules.play_timing import you_played_creature_with_trait
from engine.rules.power_armor import with_trait
from engine.rules.reactions import Reaction
from engine.rules.statics import friendly, PowerModifier
from engine.rules.targets import Choose
from engine.cards import card

card("Rad Penny", play=[Steal(1)], destroyed=[ShuffleIntoDeck("self", from_zones=())])

# "Enhance DDD." has no effect during gameplay (glossary "Enhance": it acted at deck generation,
# engine.rules.mechanics.enhance)
card("Mutant Cutpurse")

card(
    "Dark Æmber Vault",
    statics=[PowerModifier(2, with_trait("mutant", friendly))],
    reactions=[Reaction("played", [Draw(1)], when=you_played_creature_with_trait("mutant"))],
)

card("“Borrow”", play=[Choose("artifact", "enemy"), TakeControl(house="shadows")])
