"""Effects about keys and "this way" counts: forging a key during the turn at a changed cost
("forge a key at +6 current cost, reduced by 1 for each creature destroyed this way"), and
destroying cards while remembering which were destroyed this way (a warded creature is not: its
ward is discarded instead, the Obsidian Forge FAQ).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.rules.ability import Context, Effect
from engine.library.effect import May
from engine.rules.ability import resolve_all
from engine.rules.forging import can_forge
from engine.rules.forging import forge_key
from engine.rules.turn import key_cost


@dataclass
class DestroyCounting(Effect):
    """Destroy the cards ``on`` names; those that were destroyed are remembered as ``name``."""

    on: str = "it"
    name: str = "this way"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.in_play]
        gone = ctx.eng.destroy(cards) if cards else []
        ctx.chosen[self.name] = gone
        return bool(cards) and len(gone) == len(cards)


def counted(name: str = "this way") -> Callable[[Context], int]:
    """ "For each card ... this way": how many cards an earlier effect remembered."""

    def count(ctx: Context) -> int:
        return len(ctx.chosen.get(name, []))

    return count


@dataclass
class ForgeAtCost(Effect):
    """ "Forge a key at +N current cost, reduced by ...": the current cost (every modifier in force)
    plus ``extra`` minus ``reduction``, never below 0. Fully resolved only if a key is forged."""

    extra: int
    reduction: Callable[[Context], int] = field(default=lambda ctx: 0)

    def cost(self, ctx: Context) -> int:
        return max(0, key_cost(ctx.eng, ctx.controller) + self.extra - self.reduction(ctx))

    def possible(self, ctx: Context) -> bool:
        return can_forge(ctx.eng, ctx.controller, self.cost(ctx))

    def resolve(self, ctx: Context) -> bool:
        cost, p = self.cost(ctx), ctx.me
        if not self.possible(ctx):
            ctx.log(f"{ctx.source.name}: {ctx.controller} cannot forge a key at {cost} Æmber ({p.amber})")
            return False
        return forge_key(ctx.eng, ctx.controller, cost, ctx.source.name)


@dataclass
class MayForgeAtCost(Effect):
    """ "You may forge a key at ... If you do, <then>": asked only when the key can be forged."""

    forge: ForgeAtCost
    then: list = field(default_factory=list)

    def resolve(self, ctx: Context) -> bool:
        if not self.forge.possible(ctx):
            ctx.log(f"{ctx.source.name}: {ctx.controller} cannot forge a key at {self.forge.cost(ctx)} Æmber")
            return False
        ok = May([self.forge], question=f"forge a key at {self.forge.cost(ctx)} Æmber?").resolve(ctx)
        return resolve_all(self.then, ctx) if ok else False
