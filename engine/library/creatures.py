"""Effects the card-text compiler (:mod:`engine.compile`) builds on creatures in play that the
effect library has no form for: using several creatures one at a time ("ready and fight with up to
3 different friendly creatures, one at a time", "fight with those creatures one at a time"), a
lasting constant ability on the creatures an ability chose ("for the remainder of the turn, up to 2
friendly creatures gain skirmish"), moving a creature to a flank.

Kept apart from :mod:`engine.library.groups` (one module, one job: creatures in play).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.rules.ability import Context, Effect
from engine.core.registry import template
from engine.core.state import LastingEffect
from engine.library.on_cards import Ready, UseCreature
from engine.rules.statics import GrantKeyword, PowerModifier


@template()
@dataclass
class ForTheTurnOnChosen(Effect):
    """ "For the remainder of the turn, <the chosen creatures> gain <keyword> / get +N power": a
    lasting constant ability on the cards ``on`` names as it starts (they keep it if they move in
    play; a card that leaves play and comes back is a new card)."""

    on: str
    keyword: str = ""
    power: int = 0

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone == "battleline"]
        if not cards:
            return False
        ids = {id(c) for c in cards}

        def applies(eng, source, controller, creature) -> bool:
            return id(creature) in ids

        static = GrantKeyword(self.keyword, applies) if self.keyword else PowerModifier(self.power, applies)
        ctx.game.lasting.append(
            LastingEffect("static", ctx.source.name, ctx.controller, {"static": static, "card": ctx.source})
        )
        ctx.log(
            f"{ctx.source.name}: for the remainder of the turn, {', '.join(c.label for c in cards)} "
            + (f"gain {self.keyword}" if self.keyword else f"get {self.power:+d} power")
        )
        return True


@template()
@dataclass
class UseOneAtATime(Effect):
    """ "Fight with those creatures one at a time": in the order they were chosen (the player's
    picks), each used as a card effect uses it, the next once the one before has resolved."""

    how: str
    on: str
    #: "ready and fight with ... one at a time": each is readied just before it is used
    ready: bool = False

    def resolve(self, ctx: Context) -> bool:
        cards = list(ctx.refs(self.on))
        ok = bool(cards)
        for card in cards:
            if not card.in_play:
                ok = False
                continue
            ctx.chosen["one at a time"] = [card]
            if self.ready:
                Ready("one at a time").resolve(ctx)
            ok = UseCreature(self.how, "one at a time").resolve(ctx) and ok
            if ctx.game.winner:
                break
        return ok


@dataclass
class ChooseOneAtATime(Effect):
    """ "[Ready and] fight with up to 3 different friendly creatures, one at a time": a creature is
    chosen, [readied and] used, then the next is chosen (never one chosen before), up to
    ``times`` (None: every card the choice admits); an "up to" choice may stop early ("done")."""

    how: str
    choose: object  # an engine.rules.targets.Choose of one card, named "one at a time"
    times: int | None = None
    ready: bool = False

    def resolve(self, ctx: Context) -> bool:
        base = self.choose.where
        picked: list = []

        def fresh(c, card) -> bool:
            return card not in picked and (base is None or base(c, card))

        choose = replace(self.choose, where=fresh)
        ok = False
        for _ in range(self.times if self.times is not None else len(self.choose.options(ctx))):
            choose.resolve(ctx)
            got = ctx.chosen.get(choose.name, [])
            if not got:
                break
            picked += got
            if self.ready:
                Ready(choose.name).resolve(ctx)
            ok = UseCreature(self.how, choose.name).resolve(ctx) or ok
            if ctx.game.winner:
                break
        return ok


@template()
@dataclass
class MoveToFlank(Effect):
    """ "Move <it> to either flank of its controller's battleline": the player chooses the flank
    (one option when it is alone or already the only way to be on a flank is its place). The
    creature does not leave play."""

    on: str

    def resolve(self, ctx: Context) -> bool:
        done = False
        for card in [c for c in ctx.refs(self.on) if c.zone == "battleline"]:
            line = ctx.game.players[card.controller].creatures
            others = [c for c in line if c is not card]
            flank = ctx.eng.chooser.choose(
                f"{ctx.eng.decider(ctx)}: {ctx.source.name}: move {card.label} to which flank",
                ["left", "right"] if others else ["right"],
            )
            line.remove(card)
            line.insert(0 if flank == "left" else len(line), card)
            ctx.log(
                f"{card.label} moves to the {flank} flank of {card.controller}'s battleline "
                f"({', '.join(c.label for c in line)})"
            )
            done = True
        return done
