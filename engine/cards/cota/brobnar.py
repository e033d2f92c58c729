"""Call of the Archons (CotA): Brobnar cards."""
from __future__ import annotations

from ...effects import Gain, Lose, have_amber
from ...effects_cards import DealDamage, ForTheTurn, Heal, Ready, Stun, UseCreature
from ...reactions import Reaction, enemy_creature_destroyed, enemy_creature_entered_play
from ...statics import FightDamageBonus, PowerModifier, both, defender_on_flank, enemy, friendly, of_house
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
