"""Call of the Archons (CotA): Sanctum cards."""
from __future__ import annotations

from ...effects import Capture, Gain
from ...effects_cards import DealDamage, Destroy, Draw, Heal, SwapWith, UseCreature
from ...effects_lasting import ForTheTurn
from ...reactions import Reaction, you_chose_house
from ...statics import attached_host, CannotBeDealtDamage, friendly, GrantKeyword
from ...targets import among, Choose, NameNeighbors, RememberLine
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

# ---- Shield of Justice: "Play: For the remainder of the turn, each friendly creature cannot be
# dealt damage." (a lasting static; "friendly" is relative to the player who played it)

card("Shield of Justice", play=[ForTheTurn(static=CannotBeDealtDamage(friendly))])

# "This creature gains hazardous 2 and, "Destroyed: Fully heal this creature and destroy Armageddon
# Cloak instead."": a destruction replacement (engine.replacements.replace_destruction)
card("Armageddon Cloak", statics=[GrantKeyword("hazardous", applies=attached_host, value=2)],
     gains={"destroyed_instead": [Heal(None, "self"), Destroy("giver")]})
