"""Call of the Archons (CotA): Brobnar cards."""
from __future__ import annotations

from ...effects_cards import Heal, Ready, UseCreature
from ...targets import Choose
from .. import card

card("Anger", play=[Choose("creature", "friendly"), Ready(), UseCreature("fight")])

card("Troll", reap=[Heal(3)])
