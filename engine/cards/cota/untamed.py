"""Call of the Archons (CotA): Untamed cards."""
from __future__ import annotations

from ...effects import Gain
from ...effects_cards import ReturnToHand
from ...copies import CopyOf
from ...effects_zones import ShuffleIntoDeck
from ...targets import Choose
from ...effects import If, Steal
from ...effects_cards import Exhaust, MoveTo, Stun
from ...effects_more import (creatures_used_this_turn, NameEachIn, OnlyFightsStunned,
                             ShuffleZonesIntoDeck)
from ...effects_naming import of_type
from ...targets import all_of, has_trait, NameEach, Together
from ...effects_cards import Heal
from ...effects_more import DamageByAmberThenTake, SearchDeckAndDiscard
from ...effects import IfYouDo
from ...targets import named
from .. import card

card("Grasping Vines", play=[Choose("artifact", "any", count=3, up_to=True), ReturnToHand()])

card("Lost in the Woods",
     play=[Choose("creature", "friendly", name="friendly", count=2),
           Choose("creature", "enemy", name="enemy", count=2),
           ShuffleIntoDeck(("friendly", "enemy"))])

card("Mimicry", becomes=CopyOf("action"))

card("Fertility Chant", play=[Gain(2, who="opponent")])


# ---- irregular texts (engine.effects_more)

card("World Tree", action=[Choose("discard", "friendly", where=of_type("creature")), MoveTo("deck")])

card("Screaming Cave", action=[ShuffleZonesIntoDeck(("hand", "discard"))])

_NIFFLE = all_of(of_type("creature"), has_trait("niffle"))

card("Troop Call", play=[NameEachIn("discard", "friendly", where=_NIFFLE, name="discarded"),
                         NameEach("creature", "friendly", where=has_trait("niffle"), name="in play"),
                         Together(("discarded", "in play")), ReturnToHand()])

card("Bigtwig", statics=[OnlyFightsStunned()], reap=[Choose("creature", "any"), Stun(), Exhaust()])

card("Stampede", play=[If(lambda ctx: creatures_used_this_turn(ctx) >= 3, [Steal(2)])])

card("Word of Returning", play=[DamageByAmberThenTake("enemy")])


def _no_ancient_bear_in_play(ctx) -> bool:
    return not any(c.name == "Ancient Bear" for c in ctx.game.creatures())


card("Bear Flute",
     action=[Choose("creature", "any", where=named("Ancient Bear")), Heal(None, "it"),
             If(_no_ancient_bear_in_play,
                [IfYouDo([SearchDeckAndDiscard(named("Ancient Bear"), each=True)], [ShuffleZonesIntoDeck(("discard",))])])])
