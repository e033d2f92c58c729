"""Counters and statuses on creatures, and the tide (16.0 glossary): exalt ("take 1 Æmber from the
common supply and place it on that creature"), enrage (an enrage counter; a creature that has one
cannot be enraged again), ward (a ward counter; one already warded cannot be warded again), power
counters lost, doom counters, and the tide ("raise the tide": high for that player, low for the
other; a player the tide is already high for cannot raise it, so nothing happens and nothing
reacts: the Hydrocataloguer FAQ; raising it emits ``"tide_raised"`` {player}).

The ward and enrage counters' effects are general rules (:mod:`engine.rules.damage`,
:mod:`engine.rules.use`); power counters are :mod:`engine.rules.power_armor`. A doom counter is a
counter with no official component (glossary "Counters"): it is kept as a lasting effect on the
creature that ends when the creature leaves play, as every counter does. A new counter or status
goes here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.core.state import CardInstance, LastingEffect
from engine.library.amber_on_cards import place_amber
from engine.library.this_way import record_this_way
from engine.rules.ability import Context, Effect


@template()
@dataclass
class Exalt(Effect):
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        before = [(c, c.amber) for c in ctx.refs(self.on) if c.zone == "battleline"]
        for c in ctx.refs(self.on):
            if c.in_play:  # remembered for "if you exalted a friendly creature this turn"
                ctx.game.exalts.append((ctx.game.turn, ctx.controller, c.controller))
        done = place_amber(
            ctx, self.on, 1, "{label} is exalted: 1 Æmber from the supply is placed on it ({total} on it)"
        )
        reached = [creature for creature, amber in before if creature.zone == "battleline" and creature.amber > amber]
        record_this_way(ctx, "exalted", reached)  # "ready and fight with the friendly creature exalted in this way"
        for creature in reached:  # "each time you exalt a friendly creature, ...": those it reached
            ctx.eng.emit("exalted", card=creature, player=ctx.controller, controller=creature.controller)
        return done


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


@template()
@dataclass
class Ward(Effect):
    """ "Ward <creatures>": a ward counter on each; one already warded cannot be warded again
    (glossary "Ward")."""

    on: str

    def resolve(self, ctx: Context) -> bool:
        done = False
        for c in ctx.refs(self.on):
            if c.zone != "battleline" or c.ward:
                continue
            c.ward = done = True
            ctx.log(f"{c.label} is warded")
        return done


@dataclass
class LosePowerCounter(Effect):
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone == "battleline" and c.power_counters]
        for c in cards:
            c.power_counters -= 1
            ctx.log(f"{c.label} loses a +1 power counter ({c.power_counters})")
        ctx.eng.check_state()
        return bool(cards)


DOOM = "doom_counter"


def doom_counters(game) -> list[LastingEffect]:
    return [e for e in game.lasting if e.kind == DOOM and e.params["target"].in_play]


def has_doom(ctx: Context, card: CardInstance) -> bool:
    return any(e.params["target"] is card for e in doom_counters(ctx.game))


def doom_in_play(ctx: Context) -> bool:
    return bool(doom_counters(ctx.game))


@dataclass
class PutDoomCounter(Effect):
    """ "Put a doom counter on <it>"; it stays until the creature leaves play."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone == "battleline"]
        for c in cards:
            ctx.game.lasting.append(LastingEffect(DOOM, ctx.source.name, ctx.controller, {"target": c}, until_leaves=c))
            ctx.log(f"{ctx.source.name}: a doom counter is put on {c.label}")
        return bool(cards)


@template()
@dataclass
class RaiseTide(Effect):
    """ "Raise the tide" (you), "your opponent raises the tide" (``who="opponent"``)."""

    who: str = "you"

    def resolve(self, ctx: Context) -> bool:
        g = ctx.game
        player = ctx.controller if self.who == "you" else g.other(ctx.controller)
        if g.tide_high == player:
            ctx.log(f"{ctx.source.name}: the tide is already high for {player}; it cannot be raised")
            return False
        g.tide_high = player
        ctx.log(f"{player} raises the tide: high for {player}, low for {g.other(player)}")
        ctx.eng.emit("tide_raised", player=player)
        return True


@template(kind="condition", value=True)
def tide_high(ctx: Context) -> bool:
    """ "If (while) the tide is high": high for the controller of the card (low for their opponent)."""
    return ctx.game.tide_high == ctx.controller


@template(kind="condition", value=True)
def tide_low(ctx: Context) -> bool:
    """ "If the tide is low": low for the controller of the card (high for their opponent)."""
    return ctx.game.tide_high not in (None, ctx.controller)
