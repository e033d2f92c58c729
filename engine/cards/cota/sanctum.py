"""Call of the Archons (CotA): Sanctum cards."""
from __future__ import annotations

from ...effects import Capture, Gain
from ...effects_cards import DealDamage, Draw, Heal, SwapWith, UseCreature
from ...reactions import Reaction, you_chose_house
from ...targets import Choose, NameNeighbors, RememberLine, among
from .. import card


def _non_sanctum(ctx, c) -> bool:
    return c.house != "sanctum"


card("Raiding Knight", play=[Capture(1)])

card("Sanctum Guardian", fight=[SwapWith()], reap=[SwapWith()])

card("Sequis", reap=[Capture(1)])

card("Duma the Martyr", destroyed=[Heal(None, "each other friendly creature"), Draw(2)])

card("Jehu the Bureaucrat", reactions=[Reaction("house_chosen", [Gain(2)], when=you_chose_house("sanctum"))])

card("Commander Remiel", reap=[Choose("creature", "friendly", where=_non_sanctum), UseCreature("use")])

# "Deal 3 to a creature and 3 to a neighbor of that creature": one simultaneous instance of damage
card("Mighty Lance", play=[Choose("creature", "any", name="first"), RememberLine("first"),
                           NameNeighbors("first", "its neighbors"),
                           Choose("creature", "any", name="neighbor", where=among("its neighbors")),
                           DealDamage(3, "first", also=((3, "neighbor"),))])
