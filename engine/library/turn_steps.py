"""Effects on the steps of a turn for a while: a card kept from readying in a "ready cards" step
("after a creature fights, it doesn't ready during the "ready cards" step this turn", "after an
enemy creature reaps, it does not ready during its controller's next "ready cards" step"), a
player's cards not readied in the step of their next turn ("your opponent cannot ready cards during
the "ready cards" step of their next turn"), and a "ready cards" step skipped ("skip your "ready
cards" step this turn"), and a hand refilled "as if it were your "draw cards" step".

16.0 "Ready Cards" (step 4): "The active player readies all of their exhausted cards"; only the
active player's cards ready in it, so "its controller's next "ready cards" step" is the one of the
turn in progress when that player is active, and else the one of that player's next turn
(:mod:`engine.rules.next_turns`). The rules of the step are :func:`engine.rules.turn.ready_step`,
which asks the constant abilities here (``cannot_ready`` with ``in_step``, ``skips_ready_step``).
A new effect on a step of the turn goes here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.core.state import LastingEffect
from engine.library.creatures import CannotReady
from engine.rules.ability import Context, Effect
from engine.rules.next_turns import during_next_turn_of
from engine.rules.statics import enemy, Static, this_card
from engine.rules.turn import refill_hand


@template()
@dataclass
class NotReadiedInStep(Effect):
    """ "<It> does not ready during the "ready cards" step this turn" (``whose`` "this turn"), "...
    during its controller's next "ready cards" step" (``whose`` "controller's next"): a lasting
    "does not ready during the step" on the card, ending with the turn of that step."""

    on: str = "it"
    whose: str = "this turn"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.in_play]
        for card in cards:
            window = {}
            if self.whose != "this turn" and card.controller != ctx.game.active:
                window = during_next_turn_of(card.controller)
            static = CannotReady(this_card(card), step_only=True)
            ctx.game.lasting.append(
                LastingEffect(
                    "static", ctx.source.name, ctx.controller, {"static": static, "card": ctx.source, **window}
                )
            )
            ctx.log(
                f'{ctx.source.name}: {card.label} does not ready during {card.controller}\'s next "ready cards" step'
            )
        return bool(cards)


@template()
@dataclass
class OpponentCannotReadyNextTurn(Effect):
    """ "Your opponent cannot ready cards during the "ready cards" step of their next turn": their
    cards stay exhausted in that step (effects may still ready them)."""

    def resolve(self, ctx: Context) -> bool:
        static = CannotReady(enemy, step_only=True)
        params = {"static": static, "card": ctx.source, **during_next_turn_of(ctx.opponent_name)}
        ctx.game.lasting.append(LastingEffect("static", ctx.source.name, ctx.controller, params))
        ctx.log(
            f'{ctx.source.name}: {ctx.opponent_name} cannot ready cards in the "ready cards" step of their next turn'
        )
        return True


@dataclass
class SkipsReadyStep(Static):
    """The controller skips their "ready cards" step: no card readies in it, and no ability "at the
    end of your "ready cards" step" resolves (the step does not happen)."""

    def skips_ready_step(self, eng, source, controller, player: str) -> bool:
        return player == controller


@template()
@dataclass
class SkipReadyStepThisTurn(Effect):
    """ "Skip your "ready cards" step this turn"."""

    def resolve(self, ctx: Context) -> bool:
        params = {"static": SkipsReadyStep(), "card": ctx.source}
        ctx.game.lasting.append(LastingEffect("static", ctx.source.name, ctx.controller, params))
        ctx.log(f'{ctx.source.name}: {ctx.controller} skips their "ready cards" step this turn')
        return True


@template()
@dataclass
class RefillAsInDrawStep(Effect):
    """ "Refill your hand as if it were your "draw cards" step" (each player's, read as "you" by
    engine.library.EachPlayer): as the step refills it (engine.rules.turn.refill_hand)."""

    def resolve(self, ctx: Context) -> bool:
        refill_hand(ctx.eng, ctx.controller)
        return True


@template(kind="static")
@dataclass
class CannotTakeArchives(Static):
    """ "Players cannot take their archives into their hands during their "choose a house" step"."""

    def forbids_taking_archives(self, eng, source, controller, player: str) -> bool:
        return True
