"""Call of the Archons (CotA): Brobnar cards."""
from __future__ import annotations

from ...effects import Gain, have_amber, Lose, May
from ...effects_cards import DealDamage, Heal, Ready, ReturnToHand, Stun, UseCreature
from ...effects_lasting import ForTheTurn
from ...play_timing import you_discarded_during_your_turn
from ...reactions import enemy_creature_destroyed, enemy_creature_entered_play, Reaction
from ...statics import (both, defender_on_flank, enemy, FightDamageBonus, friendly, of_house,
                        PowerModifier)
from ...targets import Choose
from .. import card

card("Anger", play=[Choose("creature", "friendly"), Ready(), UseCreature("fight")])

card("Troll", reap=[Heal(3)])

card("Bumpsy", play=[Lose(1)])

card("Smaaash", play=[Choose("creature", "any"), Stun()])

card("King of the Crag", statics=[PowerModifier(-2, both(enemy, of_house("brobnar")))])

card("Looter Goblin",
     reap=[ForTheTurn(reaction=Reaction("destroyed", [Gain(1)], when=enemy_creature_destroyed))])

card("Valdr", statics=[FightDamageBonus(2, when=defender_on_flank)])

card("Kelifi Dragon", play_condition=have_amber(7),
     fight=[Gain(1), Choose("creature", "any"), DealDamage(5)],
     reap=[Gain(1), Choose("creature", "any"), DealDamage(5)])

card("Banner of Battle", statics=[PowerModifier(1, friendly)])

card("Pingle Who Annoys", reactions=[Reaction("entered_play", [DealDamage(1, "event")], when=enemy_creature_entered_play)])

# CotA "During your turn, each time you discard ..."; GR "After you discard ... during your turn":
# the same ability. Its damage is dealt by Rock-Hurling Giant (engine.damage_sources).
card("Rock-Hurling Giant",
     reactions=[Reaction("discarded", [May([Choose("creature", "any"), DealDamage(4)],
                                           question="deal 4 damage to a creature (Rock-Hurling Giant)?")],
                         when=you_discarded_during_your_turn("brobnar"))])

card("Firespitter", before_fight=[DealDamage(1, "each enemy creature")])

# the creature's gained "Destroyed:" ability: it names the creature itself ("this creature")
card("Phoenix Heart", gains={"destroyed": [ReturnToHand("self"), DealDamage(3, "each creature")]})
