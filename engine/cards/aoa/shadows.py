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

# ---- Life for a Life: printed "Play: Sacrifice a creature to deal 6 to a creature."; 16.0 erratum
# "Play: Destroy a friendly creature. If you do, deal 6 to a creature." Sacrificing is destroying
# a creature you control (glossary "Sacrifice"), and "to deal" is paid for by the sacrifice, so
# both texts resolve the same way (the erratum only rewords it).
from ...effects import IfYouDo  # noqa: E402
from ...effects_cards import DealDamage  # noqa: E402
from ...effects_naming import DestroyIfYouDo  # noqa: E402
from .. import Variant  # noqa: E402


def _life_for_a_life() -> list:
    return [Choose("creature", "friendly", name="destroyed"),
            IfYouDo([DestroyIfYouDo("destroyed")], [Choose("creature", "any"), DealDamage(6)])]


card("Life for a Life",
     Variant("sacrifice a creature to deal", play=_life_for_a_life()),
     Variant("destroy a friendly creature. if you do, deal 6", play=_life_for_a_life()))

# --- "as if it were yours" (issue 6, 16.0) ---
from ...effects_zones import GainForEach  # noqa: E402
from ...targets import NameEach, has_trait  # noqa: E402

# "Gain 1 for each friendly Shard": used as if it were yours, it is itself a friendly Shard
card("Shard of Greed", action=[NameEach("card in play", "friendly", where=has_trait("shard"), name="shards"),
                               GainForEach("shards")])

# --- destroyed, leaves play, tokens (issue 6, 16.0) ---
from ...effects_cards import Destroy  # noqa: E402
from ...effects_control import at_end_of_your_turn  # noqa: E402
from ...houses import UsableAsActiveHouse  # noqa: E402
from ...statics import itself  # noqa: E402


def _a_neighbor(ctx, creature) -> bool:
    return creature in ctx.game.neighbors(ctx.source)


# "enters play under your opponent's control and can be used as if it belonged to any house. At
# the end of your turn, destroy one of Scowly Caper's neighbors."
card("Scowly Caper", enters_under_opponent=True, statics=[UsableAsActiveHouse(itself)],
     reactions=[Reaction("end_of_turn", [Choose("creature", "any", where=_a_neighbor), Destroy()], when=at_end_of_your_turn)])
