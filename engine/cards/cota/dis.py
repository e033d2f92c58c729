"""Call of the Archons (CotA): Dis cards."""
from __future__ import annotations

from ...effects import Capture, Gain, GainChains, If, Lose, opponent_has_no_amber
from ...effects_cards import DealDamage, Destroy, Purge, PutIntoPlay, RedirectFightDamage
from ...effects_control import at_end_of_your_turn
from ...effects_zones import OpponentCannotChooseAHouse, UseAsIfYours
from ...forging import opponent_forged_last_turn, UnforgeOpponentsKey
from ...reactions import creature_destroyed, destroyed_fighting_self, Reaction
from ...statics import MustChooseHouse
from ...targets import Choose, ChooseMostPowerful
from .. import card, Variant

card("The Terror", play=[If(opponent_has_no_amber, [Gain(2)])])

card("Stealer of Souls",
     reactions=[Reaction("destroyed", [Purge("event"), Gain(1)], when=destroyed_fighting_self)])

card("Gabos Longarms", before_fight=[Choose("creature", "any"), RedirectFightDamage()])

card("Three Fates", play=[ChooseMostPowerful(3), Destroy()])

card("Charette", play=[Capture(3)])

card("Poltergeist", play=[Choose("artifact", "any"), UseAsIfYours(), Destroy()])

card("Pitlord", statics=[MustChooseHouse("dis")])

card("Restringuntus", play=[OpponentCannotChooseAHouse()])

card("Dust Imp", destroyed=[Gain(2)])

card("Tolas", reactions=[Reaction("destroyed", [Gain(1, who="event_opponent")], when=creature_destroyed)])

card("Gateway to Dis", play=[Destroy("each creature"), GainChains(3)])

card("Overlord Greking", reactions=[Reaction("destroyed", [PutIntoPlay("event")], when=destroyed_fighting_self)])

# ---- Tendrils of Pain: printed "Deal 1 to each creature. Deal an additional 3 to each creature
# if ..." (two instances of damage); 16.0 erratum "Deal 1 to each creature. Deal 4 to each
# creature instead if your opponent forged a key on their previous turn." (one instance of 4)

card("Tendrils of Pain",
     Variant("deal an additional 3",
             play=[DealDamage(1, "each creature"), If(opponent_forged_last_turn, [DealDamage(3, "each creature")])]),
     Variant("deal 4 to each creature instead",
             play=[If(opponent_forged_last_turn, [DealDamage(4, "each creature")],
                      otherwise=[DealDamage(1, "each creature")])]))

card("Key Hammer", play=[If(opponent_forged_last_turn, [UnforgeOpponentsKey()]), Gain(6, who="opponent")])


def _opponent_amber(ctx) -> int:
    return ctx.opponent.amber


card("Drumble", play=[If(lambda ctx: ctx.opponent.amber >= 7, [Capture(_opponent_amber)])])

card("Shaffles", reactions=[Reaction("end_of_turn", [Lose(1)], when=at_end_of_your_turn)])
