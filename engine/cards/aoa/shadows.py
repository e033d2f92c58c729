"""Age of Ascension (AoA): Shadows cards."""
from __future__ import annotations

from ...effects import If, Steal
from ...effects_cards import DealDamageForEach, ForTheTurn
from ...reactions import Reaction, neighbor_fought
from ...statics import ExtraDamageTaken, this_card
from ...targets import Choose
from .. import card


def _amber_in_your_pool(ctx) -> int:
    return ctx.me.amber


card("Sack of Coins", play=[DealDamageForEach(_amber_in_your_pool)])

card("Ronnie Wristclocks",
     play=[If(lambda ctx: ctx.opponent.amber >= 7, [Steal(2)], otherwise=[Steal(1)])])

card("Little Niff", reactions=[Reaction("fought", [Steal(1)], when=neighbor_fought)])

card("Lethal Distraction",
     play=[Choose("creature", "any"),
           ForTheTurn(static=lambda target: ExtraDamageTaken(2, this_card(target)), on="it")])

card("Umbra", fight=[Steal(1)])
