"""Age of Ascension (AoA): Logos cards."""
from __future__ import annotations

from ...effects import Gain, If
from ...effects_cards import Archive, Sacrifice
from ...effects_control import amber_on_self_at_least, ForgeAtNoCost, PlaceAmberOn
from ...effects_zones import ArchiveRandomFromHand, PlayBeneath, PutBeneath
from ...reactions import Reaction, you_chose_house
from ...statics import GrantAbility, neighbor
from ...targets import Choose
from .. import card

card("Eureka!", play=[Gain(2), ArchiveRandomFromHand(2)])

card("Archimedes", statics=[GrantAbility("destroyed", [Archive("self")], applies=neighbor)])


def _your_turn(ctx) -> bool:
    return ctx.game.active == ctx.controller


card("Jargogle", play=[Choose("hand", "friendly"), PutBeneath()],
     destroyed=[If(_your_turn, [PlayBeneath()], otherwise=[Archive("beneath")])])

# one ability: the "forge a key" part resolves only as part of it, after choosing Logos (the
# [REDACTED] FAQ), not whenever 4 Æmber happen to be on it
card("[REDACTED]", reactions=[Reaction("house_chosen", [
    PlaceAmberOn(1), If(amber_on_self_at_least(4), [Sacrifice("self"), ForgeAtNoCost()])],
    when=you_chose_house("logos"))])
