"""Moving Æmber between cards and the supply (glossary "Move": moving Æmber is not capturing,
stealing or losing it)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules.ability import Context, Effect
from engine.rules.references import card_label


@dataclass
class MoveAmberToFought(Effect):
    """ "Move N Æmber from this creature to the creature it fights" (a "Before Fight:" ability:
    the fight is in the event); nothing moves if either creature has left play (the 16.0 Siren
    Horn FAQ: assault resolved first may have destroyed it)."""

    amount: int = 1

    def resolve(self, ctx: Context) -> bool:
        fight = ctx.event.get("fight")
        source = ctx.source
        other = fight.get("defender") if isinstance(fight, dict) else None
        if other is None or other.zone != "battleline" or source.zone != "battleline":
            ctx.log(f"{source.label}: the creature it fights is not in play, no Æmber moves")
            return False
        moved = min(self.amount, source.amber)
        source.amber -= moved
        other.amber += moved
        ctx.log(f"{moved} Æmber moves from {source.label} to {other.label} ({other.amber} on it)")
        return moved == self.amount


@dataclass
class AmberToSupply(Effect):
    """ "Move each Æmber on <this creature> to the common supply" (so it does not go to the
    opponent when the creature leaves play)."""

    on: str = "self"

    def resolve(self, ctx: Context) -> bool:
        done = False
        for c in ctx.refs(self.on):
            if c.amber:
                ctx.log(f"the {c.amber} Æmber on {c.label} goes to the common supply")
                c.amber, done = 0, True
        return done


@dataclass
class MoveAmberToNeighbor(Effect):
    """ "Move each Æmber on this creature to a neighboring <name>" (the ability Optio Gorkus gives
    its neighbors; the active player picks the Gorkus when there are two)."""

    name: str

    def resolve(self, ctx: Context) -> bool:
        src = ctx.source
        options = [n for n in ctx.game.neighbors(src) if n.name == self.name]
        if not options or not src.amber:
            return False
        to = ctx.eng.chooser.choose(
            f"{src.label}: move its Æmber to which {self.name}", options, label=card_label(options)
        )
        to.amber += src.amber
        ctx.log(f"the {src.amber} Æmber on {src.label} moves to {to.label} ({to.amber} on it)")
        src.amber = 0
        return True
