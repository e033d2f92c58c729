"""Call of the Archons (CotA): Mars cards."""
from __future__ import annotations

from ...effects import Capture, IfYouDo, May
from ...effects_cards import Archive, DealDamage, Destroy, MoveTo, Purge, Ready, Sacrifice
from ...effects_lasting import MayUseOtherCardsOfHouse
from ...effects_naming import MayChoose, NameSharingTrait, of_type, Reveal
from ...effects_zones import ChooseForEach, opponent_keys
from ...targets import all_of, Choose, has_trait, of_house
from .. import card, Variant

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

# ---- Custom Virus and Incubation Chamber: the 16.0 errata make the purge / the reveal optional


def _split(effects: list) -> tuple:
    """(the choice, the effects after it)."""
    return effects[0], effects[1:]


def _purge_a_creature_from_hand() -> list:
    return [Choose("hand", "friendly", name="purged", where=of_type("creature")),
            MoveTo("purged", "purged", from_hidden=True)]


card("Custom Virus",
     # printed: "Omni: Sacrifice Custom Virus. Purge a creature from your hand. Destroy each
     # creature that shares a trait with the purged creature."
     Variant("sacrifice custom virus. purge a creature",
             omni=[Sacrifice(), *_purge_a_creature_from_hand(), NameSharingTrait("purged", "sharing"),
                   Destroy("sharing")]),
     # 16.0 erratum: "Omni: Destroy Custom Virus. You may purge a creature from your hand. If you
     # do, destroy each creature that shares a trait with the purged creature."
     Variant("you may purge a creature from your hand",
             omni=[Destroy("self"),
                   IfYouDo([MayChoose(*_split(_purge_a_creature_from_hand()),
                                      question="Custom Virus: purge a creature from your hand?")],
                           [NameSharingTrait("purged", "sharing"), Destroy("sharing")])]))


def _reveal_a_mars_creature() -> list:
    return [Choose("hand", "friendly", name="revealed", where=all_of(of_type("creature"), of_house("mars"))),
            Reveal("revealed")]


card("Incubation Chamber",
     # printed: "Omni: Reveal a Mars creature from your hand. If you do, archive it."
     Variant("omni: reveal a mars creature",
             omni=[IfYouDo(_reveal_a_mars_creature(), [Archive("revealed")])]),
     # 16.0 erratum: "Omni: You may reveal a Mars creature from your hand. If you do, archive it."
     Variant("you may reveal a mars creature",
             omni=[IfYouDo([MayChoose(*_split(_reveal_a_mars_creature()),
                                      question="Incubation Chamber: reveal a Mars creature from your hand?")],
                           [Archive("revealed")])]))
