"""Mass Mutation (MM): Shadows cards."""
from __future__ import annotations

from ...effects import Steal
from ...effects_zones import ShuffleIntoDeck
from .. import card

card("Rad Penny", play=[Steal(1)], destroyed=[ShuffleIntoDeck(("self",))])

# "Enhance DDD." has no effect during gameplay (glossary "Enhance": it acted at deck generation,
# engine.enhance)
card("Mutant Cutpurse")

# --- fight, damage, power (issue 6, 16.0) ---
from ...effects_cards import Draw  # noqa: E402
from ...play_timing import you_played_creature_with_trait  # noqa: E402
from ...power_armor import with_trait  # noqa: E402
from ...reactions import Reaction  # noqa: E402
from ...statics import PowerModifier, friendly  # noqa: E402

card("Dark Æmber Vault", statics=[PowerModifier(2, with_trait("mutant", friendly))],
     reactions=[Reaction("played", [Draw(1)], when=you_played_creature_with_trait("mutant"))])

# --- destroyed, leaves play, tokens (issue 6, 16.0) ---
from ...effects_control import TakeControl  # noqa: E402
from ...targets import Choose  # noqa: E402

card("“Borrow”", play=[Choose("artifact", "enemy"), TakeControl(house="shadows")])
