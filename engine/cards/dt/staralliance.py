"""Dark Tidings (DT): Star Alliance cards."""

from __future__ import annotations

from engine.library import Choose, DestroyAllButOnePerPower, If, UseCreature, tide_high
from engine.cards import card

# "Play: Choose a creature of each power value. Destroy each creature not chosen."
card("Selective Preservation", play=[DestroyAllButOnePerPower()])


def _neighbor_not_used(ctx, creature) -> bool:
    near = ctx.game.neighbors(ctx.source) if ctx.source.zone == "battleline" else []
    return creature in near and creature not in ctx.chosen.get("used", [])


def _use_neighbors() -> list:
    """ "Use 1 of SELF's neighbors. If the tide is high, also use SELF's other neighbor." """
    return [
        Choose("creature", "any", name="used", where=_neighbor_not_used),
        UseCreature("use", "used"),
        If(tide_high, [Choose("creature", "any", name="other", where=_neighbor_not_used), UseCreature("use", "other")]),
    ]


card("Prof. Emeritus Kering", play=_use_neighbors(), fight=_use_neighbors(), reap=_use_neighbors())
