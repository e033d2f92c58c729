"""Status effects (16.0 glossary): exalt ("take 1 Æmber from the common supply and place it on
that creature"), enrage (an enrage counter; a creature that has one cannot be enraged again) and
the tide ("raise the tide": high for that player, low for the other; a player the tide is already
high for cannot raise it, so nothing happens and nothing reacts: the Hydrocataloguer FAQ). The
ward and enrage counters' effects are general rules (:mod:`engine.rules.damage`,
:mod:`engine.rules.use`). Raising the tide emits ``"tide_raised"`` {player}.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules.ability import Context, Effect
from engine.core.registry import template


def place_amber(ctx: Context, on: str, amount: int, how: str) -> bool:
    """Put ``amount`` Æmber from the common supply on each card in play ``on`` names (a creature,
    or an artifact: "place 1 on this card"); ``how`` is the trace line ({label}, {amount}, {total}
    filled in)."""
    done = False
    for c in ctx.refs(on):
        if not c.in_play:
            continue
        c.amber += amount
        done = True
        ctx.log(how.format(label=c.label, amount=amount, total=c.amber))
    return done


@template()
@dataclass
class Exalt(Effect):
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        return place_amber(
            ctx, self.on, 1, "{label} is exalted: 1 Æmber from the supply is placed on it ({total} on it)"
        )


@template()
@dataclass
class Enrage(Effect):
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        done = False
        for c in ctx.refs(self.on):
            if c.zone == "battleline" and not c.enraged:
                c.enraged = done = True
                ctx.log(f"{c.label} is enraged")
        return done


@dataclass
class RaiseTide(Effect):
    def resolve(self, ctx: Context) -> bool:
        g, player = ctx.game, ctx.controller
        if g.tide_high == player:
            ctx.log(f"{ctx.source.name}: the tide is already high for {player}; it cannot be raised")
            return False
        g.tide_high = player
        ctx.log(f"{player} raises the tide: high for {player}, low for {g.other(player)}")
        ctx.eng.emit("tide_raised", player=player)
        return True


@template()
@dataclass
class ArchiveTopOfDeck(Effect):
    """ "<The player> archives the top card of their deck": ``who`` is ``"self"`` or ``"event"``
    (the player the event is about)."""

    who: str = "self"

    def resolve(self, ctx: Context) -> bool:
        player = ctx.event["player"] if self.who == "event" else ctx.controller
        deck = ctx.game.players[player].zone("deck")
        if not deck:
            return False
        top = deck[0]
        ctx.game.move(top, "archives", player)
        ctx.log(f"{player} archives the top card of their deck")
        return True


def has_friendly_creature(ctx: Context) -> bool:
    return bool(ctx.me.creatures)


def friendly_creatures(ctx: Context) -> int:
    """ "For each friendly creature", counted when the effect resolves."""
    return len(ctx.me.creatures)


def tide_low(ctx: Context) -> bool:
    """ "If the tide is low": low for the controller of the card (high for their opponent)."""
    return ctx.game.tide_high not in (None, ctx.controller)
