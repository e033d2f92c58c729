"""Age of Ascension (AoA): Logos cards."""
from __future__ import annotations

from ...effects import Gain
from ...effects import If
from ...effects_cards import Archive
from ...effects_zones import ArchiveRandomFromHand, PlayBeneath, PutBeneath
from ...statics import GrantAbility, neighbor
from ...targets import Choose
from .. import card

card("Eureka!", play=[Gain(2), ArchiveRandomFromHand(2)])

card("Archimedes", statics=[GrantAbility("destroyed", [Archive("self")], applies=neighbor)])


def _your_turn(ctx) -> bool:
    return ctx.game.active == ctx.controller


card("Jargogle", play=[Choose("hand", "friendly"), PutBeneath()],
     destroyed=[If(_your_turn, [PlayBeneath()], otherwise=[Archive("beneath")])])
