"""Call of the Archons (CotA): Mars cards."""
from __future__ import annotations

from ...effects import Capture, May
from ...effects_cards import Archive, DealDamage, MayUseOtherCardsOfHouse, MoveTo, Purge, Ready, Sacrifice
from ...effects_zones import ChooseForEach, opponent_keys
from ...targets import Choose, all_of, has_trait, of_house
from .. import Variant, card

card("Yxilo Bolter",
     fight=[Choose("creature", "any"), DealDamage(2, if_destroyed=[Purge("destroyed")])],
     reap=[Choose("creature", "any"), DealDamage(2, if_destroyed=[Purge("destroyed")])])

card("Combat Pheromones", omni=[Sacrifice(), MayUseOtherCardsOfHouse(2)])

card("John Smyth",
     fight=[Choose("creature", "any", where=all_of(of_house("mars"), has_trait("agent", present=False))), Ready()],
     reap=[Choose("creature", "any", where=all_of(of_house("mars"), has_trait("agent", present=False))), Ready()])

card("Mindwarper", action=[Choose("creature", "enemy"), Capture(1, on="it", side="own")])

card("Biomatrix Backup",
     # printed: "This creature gains, "Destroyed: You may put this creature into its owner's archives.""
     Variant("you may put this creature",
             gains={"destroyed": [May([MoveTo("archives", "self")],
                                      question="Biomatrix Backup: put the destroyed creature into its owner's archives?")]}),
     # 1.2 erratum: the "may" is gone
     Variant("destroyed: put this creature", gains={"destroyed": [MoveTo("archives", "self")]}))

card("Sample Collection",
     play=[ChooseForEach(opponent_keys, Choose("creature", "enemy")), Archive(owner_hand_on_leaving=True)])


def _mars_creatures_in_play(ctx) -> int:
    return sum(1 for c in ctx.game.creatures() if c.house == "mars")


card("Red Planet Ray Gun",
     gains={"reap": [Choose("creature", "any"), DealDamage(_mars_creatures_in_play)]})
