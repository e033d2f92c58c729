"""Fights a card effect makes against a creature it names ("For each enemy creature, make a token
creature, ready it, and have it fight that enemy creature, ignoring taunt. Resolve these fights one
at a time."): the creature fights as a card effect uses it (no house restriction: 16.0 "Using Cards
via Other Card Abilities"), against that creature alone; "ignoring taunt" lasts for that fight only.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import IllegalAction
from engine.core.state import LastingEffect
from engine.rules.ability import Context, Effect
from engine.rules.hooks import IgnoreWhileAttacking
from engine.rules.mechanics.tokens import MakeTokens
from engine.library.creatures import Ready


def fight_named(ctx: Context, creature, target, ignoring: tuple[str, ...] = ()) -> bool:
    """``creature`` fights ``target`` (both still in play, on opposite sides), ignoring the keywords
    ``ignoring`` while it attacks; False when the fight cannot happen."""
    if creature.zone != "battleline" or target.zone != "battleline" or target.controller == creature.controller:
        return False
    ignore = None
    if ignoring:
        ignore = LastingEffect(
            "static", ctx.source.name, ctx.controller, {"static": IgnoreWhileAttacking(ignoring), "card": creature}
        )
        ctx.game.lasting.append(ignore)
    try:
        ctx.eng.use(creature, "fight", target=target, ignore_house=True, imposed=True)
    except IllegalAction as exc:
        ctx.log(f"{creature.label} cannot fight {target.label}: {exc}")
        return False
    finally:
        if ignore is not None and ignore in ctx.game.lasting:
            ctx.game.lasting.remove(ignore)
    ctx.eng.check_state()
    return True


@dataclass
class TokenFightsEachEnemy(Effect):
    """ "For each enemy creature, make a token creature, ready it, and have it fight that enemy
    creature, ignoring taunt. Resolve these fights one at a time.": the enemy creatures as the
    effect begins, each in turn (battleline order) met by a token made for it; a creature gone
    before its turn is skipped."""

    ignoring: tuple[str, ...] = ("taunt",)

    def resolve(self, ctx: Context) -> bool:
        enemies = list(ctx.game.players[ctx.opponent_name].creatures)
        fought = 0
        for enemy in enemies:
            if enemy.zone != "battleline" or enemy.controller == ctx.controller:
                continue
            if not MakeTokens(1, name="horde token").resolve(ctx):
                break
            token = ctx.ref("horde token")
            Ready("horde token").resolve(ctx)
            fought += fight_named(ctx, token, enemy, self.ignoring)
            if ctx.game.winner:
                break
        return fought == len(enemies) and fought > 0
