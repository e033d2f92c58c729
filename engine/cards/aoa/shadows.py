"""Age of Ascension (AoA): Shadows cards."""
from __future__ import annotations

from ...effects import If, IfYouDo, Steal
from ...effects_cards import DealDamage, DealDamageForEach, Destroy
from ...effects_lasting import ForTheTurn
from ...effects_control import at_end_of_your_turn
from ...effects_naming import DestroyIfYouDo
from ...effects_zones import GainForEach
from ...houses import UsableAsActiveHouse
from ...reactions import neighbor_fought, Reaction
from ...statics import ExtraDamageTaken, itself, this_card
from ...targets import Choose, has_trait, NameEach
from .. import card, Variant

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

# ---- Life for a Life: printed "Play: Sacrifice a creature to deal 6 to a creature."; 16.0 erratum
# "Play: Destroy a friendly creature. If you do, deal 6 to a creature." Sacrificing is destroying
# a creature you control (glossary "Sacrifice"), and "to deal" is paid for by the sacrifice, so
# both texts resolve the same way (the erratum only rewords it).


def _life_for_a_life() -> list:
    return [Choose("creature", "friendly", name="destroyed"),
            IfYouDo([DestroyIfYouDo("destroyed")], [Choose("creature", "any"), DealDamage(6)])]


card("Life for a Life",
     Variant("sacrifice a creature to deal", play=_life_for_a_life()),
     Variant("destroy a friendly creature. if you do, deal 6", play=_life_for_a_life()))

# "Gain 1 for each friendly Shard": used as if it were yours, it is itself a friendly Shard
card("Shard of Greed", action=[NameEach("card in play", "friendly", where=has_trait("shard"), name="shards"),
                               GainForEach("shards")])


def _a_neighbor(ctx, creature) -> bool:
    return creature in ctx.game.neighbors(ctx.source)


# "enters play under your opponent's control and can be used as if it belonged to any house. At
# the end of your turn, destroy one of Scowly Caper's neighbors."
card("Scowly Caper", enters_under_opponent=True, statics=[UsableAsActiveHouse(itself)],
     reactions=[Reaction("end_of_turn", [Choose("creature", "any", where=_a_neighbor), Destroy()], when=at_end_of_your_turn)])
