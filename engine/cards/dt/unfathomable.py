"""Dark Tidings (DT): Unfathomable cards."""
from __future__ import annotations

from ...effects_cards import DealDamage
from ...statics import OpponentReadiesInstead
from .. import card


def _your_exhausted_creatures(ctx) -> int:
    return sum(1 for c in ctx.me.creatures if c.exhausted)


# the damage for each exhausted creature is one instance, dealt at once (The Chosen One FAQ)
card("The Chosen One", statics=[OpponentReadiesInstead([DealDamage(_your_exhausted_creatures, "self")])])

# --- destroyed, leaves play, tokens (issue 6, 16.0) ---
from ...effects_control import ReturnPurgedCreatures  # noqa: E402
from ...effects_zones import PurgeRemembered  # noqa: E402
from ...leaves_play import IfThisLeavesPlay  # noqa: E402
from ...statics import DealsNoFightDamage  # noqa: E402

card("General Sherman", statics=[DealsNoFightDamage()],
     play=[PurgeRemembered("each other creature"), IfThisLeavesPlay([ReturnPurgedCreatures()])])
