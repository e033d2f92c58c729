"""Control of cards: taking control of a card (for good, or until the card that took it leaves
play), giving it to the opponent ("if you do, they must give you 2 Æmber"), and using an opponent's
card "as if it were yours".

Glossary "Control and Ownership": a card taken control of moves to the new controller's play area (a
creature to a flank); the most recent control effect wins; a card that leaves play goes to its
owner's zones. "<This card> enters play under your opponent's control" (Scowly Caper): whoever puts
it into play or plays it, it enters under the opponent of that player, every time it enters play
(the Scowly Caper and Spangler Box FAQ): :attr:`engine.cards.Variant.enters_under_opponent`. A card
used as if it were yours never changes control (:mod:`engine.rules.as_if_yours`). A new effect on
control goes here; the houses a card belongs to are :mod:`engine.library.houses`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.errors import IllegalAction
from engine.core.registry import template
from engine.core.state import LastingEffect
from engine.rules.ability import Context, Effect
from engine.rules.hooks import cannot_pay, pay_costs, use_costs
from engine.rules.leaves_play import FOREVER
from engine.rules.reactions import Reaction
from engine.rules.references import choose_place
from engine.rules.replacements import add_to_pool


@template()
@dataclass
class TakeControl(Effect):
    """ "Take control of <it>"; ``house``: "While under your control, it belongs to house X." """

    on: str = "it"
    house: str | None = None

    def resolve(self, ctx: Context) -> bool:
        done = False
        for card in ctx.refs(self.on):
            if not card.in_play:
                continue
            ctx.eng.take_control(card, ctx.controller)
            if self.house is not None:
                card.house_changes.append({"house": self.house, "while_controller": ctx.controller})
                ctx.log(f"{card.label} belongs to house {self.house} while {ctx.controller} controls it")
            done = card.controller == ctx.controller
        return done


@dataclass
class TakeControlUntilLeaves(Effect):
    """ "Take control of <it> until <this card> leaves play": when the source leaves play (however,
    whoever controls it then), the creature goes back to the player who controlled it before, if
    it is still in play under this ability's controller."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        source, taken = ctx.source, [c for c in ctx.refs(self.on) if c.in_play]
        if not taken or not source.in_play:
            return False
        for card in taken:
            before = card.controller
            ctx.eng.take_control(card, ctx.controller)
            effect = LastingEffect("reaction", source.name, ctx.controller, {"card": source, "through_turn": FOREVER})
            effect.params["reaction"] = Reaction(
                "left_play", [_GiveBack(card, before, effect)], when=_left(source, effect)
            )
            ctx.game.lasting.append(effect)
        return all(c.controller == ctx.controller for c in taken)


def _left(source, effect) -> Callable[[Context], bool]:
    def when(ctx: Context) -> bool:
        return ctx.event.get("card") is source and effect in ctx.game.lasting

    return when


@dataclass
class TakeControlAnywhere(Effect):
    """ "Take control of <it> and place it anywhere in your battleline": at the place the player
    chooses (a flank, or between two creatures), not only on a flank as taking control alone does."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        taken = [c for c in ctx.refs(self.on) if c.in_play and c.controller != ctx.controller]
        line = ctx.game.players[ctx.controller].creatures
        for card in taken:
            where = (
                choose_place(ctx, f"{ctx.source.name}: place {card.label} where", line)
                if card.type == "creature"
                else 0
            )
            ctx.eng.take_control(card, ctx.controller, flank="right")
            if card in line:
                line.remove(card)
                line.insert(where, card)
                ctx.log(f"{card.label} is placed in {ctx.controller}'s battleline ({', '.join(c.label for c in line)})")
        return bool(taken) and all(c.controller == ctx.controller for c in taken)


@dataclass
class _GiveBack(Effect):
    card: object
    to: str
    effect: LastingEffect

    def resolve(self, ctx: Context) -> bool:
        if self.effect in ctx.game.lasting:
            ctx.game.lasting.remove(self.effect)
        card = self.card
        if not card.in_play or card.controller != ctx.controller:
            return False
        ctx.log(f"{ctx.source.label} left play: control of {card.label} returns to {self.to}")
        ctx.eng.take_control(card, self.to)
        return True


@dataclass
class GiveControlToOpponentThenPaid(Effect):
    """ "Give control of <it> to your opponent. If you do, they must give you N Æmber": the
    opponent pays what they can; fully resolved when control changed."""

    pay: int
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.in_play]
        for c in cards:
            ctx.eng.take_control(c, ctx.opponent_name)
        if not cards or any(c.controller != ctx.opponent_name for c in cards):
            return False

        paid = min(self.pay, ctx.opponent.amber)
        ctx.opponent.amber -= paid
        add_to_pool(ctx.eng, ctx.controller, paid, f"given by {ctx.opponent_name}")
        return True


@template()
@dataclass
class OpponentGainsControl(Effect):
    """ "Your opponent gains control of <card>"; ``flank``: "give control of <the creature on your
    right flank> to your opponent and move it to that player's left flank" (that flank, no choice)."""

    on: str = "self"
    flank: str | None = None

    def resolve(self, ctx: Context) -> bool:
        card = ctx.ref(self.on)
        if card is None or not card.in_play:
            return False
        ctx.eng.take_control(card, ctx.opponent_name, self.flank)
        return card.controller == ctx.opponent_name


@dataclass
class UseAsIfYours(Effect):
    """ "Use an artifact ... as if it were yours": its "Action:" or "Omni:" ability resolves for the
    controller of this ability, with the requirements of using it (ready, the Rule of Six, what
    must be paid in order to use it: 16.0 "Using cards via other card abilities"). An
    artifact without such an ability cannot be used; the rest of the card still resolves ("resolve
    as much as you can": the Poltergeist FAQ)."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        card = ctx.ref(self.on)
        eng = ctx.eng
        if card is None or not card.in_play:
            return False
        kinds = [k for k in ("action", "omni") if eng.abilities(card, k)]
        why = 'it has no "Action:" or "Omni:" ability' if not kinds else "it is exhausted" if card.exhausted else None
        if why is None:
            try:
                eng.check_rule_of_six(card.name)
            except IllegalAction as exc:
                why = str(exc)
        if why:
            ctx.log(f"{card.label} cannot be used: {why}")
            return False
        how = eng.chooser.choose(f"{ctx.source.name}: use {card.label} how", kinds)

        costs = use_costs(eng, card, how)  # "must pay you 1 in order to use an artifact" (Tentacus)
        why = cannot_pay(eng, costs, f"use {card.label}")
        if why:
            ctx.log(f"{card.label} cannot be used: {why}")
            return False
        eng._start_use(card, None)  # exhausts it and counts the use (Rule of Six)
        pay_costs(eng, costs, f"to use {card.label}")
        ctx.log(f"{ctx.controller} uses {card.label} as if it were theirs ({how})")
        try:
            eng.trigger(card, how, controller=ctx.controller, as_if_yours=True, one=how in ("action", "omni"))
        finally:  # "each time you use an artifact" (Veylan Analyst): the player using it used it
            eng.emit("used", card=card, player=ctx.controller, how=how)
        return True


@template()
@dataclass
class ActivePlayerTakesControl(Effect):
    """ "The active player takes control of <this creature>" (at the start of each turn): whoever's
    turn it is, whoever controls the ability."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        active, done = ctx.game.active, False
        for card in ctx.refs(self.on):
            if card.in_play and card.controller != active:
                ctx.eng.take_control(card, active)
                done = card.controller == active
        return done


@template()
@dataclass
class FewestCreaturesTakesControl(Effect):
    """ "The player with the fewest creatures in play takes control of <this card>": the player
    who controls fewer creatures than the other; with as many creatures each, no player is the one
    with the fewest, and control does not change."""

    on: str = "self"

    def resolve(self, ctx: Context) -> bool:
        g = ctx.game
        counts = {p: len(g.players[p].creatures) for p in (g.active, g.other(g.active))}
        first, second = counts
        if counts[first] == counts[second]:
            ctx.log(f"{ctx.source.name}: both players have {counts[first]} creatures; no player has the fewest")
            return False
        fewest = first if counts[first] < counts[second] else second
        done = False
        for card in ctx.refs(self.on):
            if card.in_play:
                ctx.eng.take_control(card, fewest)
                done = card.controller == fewest
        return done


@template()
@dataclass
class SwapControl(Effect):
    """ "Swap control of <those creatures>" (a friendly one and an enemy one, two artifacts, this
    creature and the creature it fights): each of the two cards ``on`` names, in play under
    different players, is taken control of by the other's controller; fewer than two cards in play,
    or both under one player: nothing is swapped. Two creatures take each other's places (16.0
    glossary "Swap Control": "When two creatures in different battlelines swap control, they each
    move to occupy the space of the other in the oposing batteline")."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.in_play]
        if len(cards) != 2 or cards[0].controller == cards[1].controller:
            ctx.log(f"{ctx.source.name}: no two cards under different players to swap control of")
            return False
        first, second = cards
        to_first, to_second = second.controller, first.controller
        if first.zone == second.zone == "battleline":
            lines = ctx.game.players[to_second].creatures, ctx.game.players[to_first].creatures
            i, j = lines[0].index(first), lines[1].index(second)
            lines[0][i], lines[1][j] = second, first
            first.controller, second.controller = to_first, to_second
            ctx.log(f"{first.label} and {second.label} swap control, each taking the other's place")
            return True
        ctx.eng.take_control(first, to_first)
        ctx.eng.take_control(second, to_second)
        return first.controller == to_first and second.controller == to_second


@dataclass
class TakeControlOfUpgradesOnto(Effect):
    """ "Take control of each upgrade in play and move it to <that creature>": each upgrade on any
    creature (the creature named ``to`` included) comes under this ability's controller and is
    attached to that creature (an upgrade moved is not played: no "Play:" effect)."""

    to: str = "it"

    def resolve(self, ctx: Context) -> bool:
        host = ctx.ref(self.to)
        if host is None or host.zone != "battleline":
            return False
        upgrades = [u for creature in ctx.game.creatures() for u in list(creature.upgrades)]
        for upgrade in upgrades:
            ctx.eng.take_control(upgrade, ctx.controller)
            if upgrade.attached_to is not host and ctx.eng.may_attach(upgrade, host, ctx.controller):
                ctx.eng.attach(upgrade, host, ctx.controller)
        return bool(upgrades)
