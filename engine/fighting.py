"""Card abilities about fights: "<This creature> only deals N when fighting" and "the creature
<this creature> fights".

"Only deals N when fighting" is a restriction on the damage the creature deals in fights,
attacking or defending. When two such restrictions apply to the same creature (Tantadlin gaining
Terrordactyl's text box through Creed of Nurture), the more restrictive one is followed (the 16.0
Tantadlin FAQ: 2, not 4 nor 6): each restriction caps the amount, so the lowest cap wins.
"""
from __future__ import annotations

from dataclasses import dataclass

from .effects import Context, Effect
from .statics import Applies, Static, itself


@dataclass
class OnlyDealsWhenFighting(Static):
    """"<This creature> only deals N when fighting"."""
    amount: int
    applies: Applies = itself

    def fight_damage(self, eng, source, controller, attacker, defender, amount) -> int:
        if self.applies(eng, source, controller, attacker):
            return min(amount, self.amount)
        return amount


@dataclass
class NameFought(Effect):
    """Name the creature the fighting creature fights ("each neighbor of the creature
    <this creature> fights"), from the fight being resolved, as ``name``."""
    name: str = "fought"

    def resolve(self, ctx: Context) -> bool:
        fight = ctx.event.get("fight") or {}
        defender = fight.get("defender")
        ctx.chosen[self.name] = [defender] if defender is not None else []
        return defender is not None


@dataclass
class NameNeighborsOf(Effect):
    """Name the neighbors the card ``of`` names has now as ``name``."""
    of: str
    name: str = "its neighbors"

    def resolve(self, ctx: Context) -> bool:
        card = ctx.ref(self.of)
        found = ctx.game.neighbors(card) if card is not None else []
        ctx.chosen[self.name] = found
        return bool(found)
