"""Call of the Archons (CotA): Dis cards."""
from __future__ import annotations

from ...effects import Capture, Gain, GainChains, If, opponent_has_no_amber
from ...effects_cards import Destroy, Purge, PutIntoPlay, RedirectFightDamage
from ...effects_zones import OpponentCannotChooseAHouse, UseAsIfYours
from ...reactions import Reaction, creature_destroyed, destroyed_fighting_self
from ...statics import MustChooseHouse
from ...targets import Choose, ChooseMostPowerful
from .. import card

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
