"""Lasting effects and permissions an ability starts: "for the remainder of the turn, ...",
"during your opponent's next turn, ...", "you may play one non-<house> card this turn", "you may use
up to N other <house> cards this turn". Each adds a :class:`~engine.core.state.LastingEffect` the engine
reads while it lasts (statics, reactions, play and use permissions).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules.ability import Context, Effect
from engine.rules.next_turns import during_next_turn_of
from engine.core.state import LastingEffect
from engine.core.registry import template


@template()
@dataclass
class ForTheTurn(Effect):
    """ "For the remainder of the turn, ...": a lasting static or reaction (``until_leaves``:
    instead, until the source leaves play)."""

    static: object = None
    reaction: object = None
    #: "that creature": the static applies to the card chosen under this name
    on: str | None = None
    until_leaves: bool = False

    def resolve(self, ctx: Context) -> bool:
        params = {"card": ctx.source}
        if self.on is not None:
            target = ctx.ref(self.on)
            if target is None:
                return False
            params["target"] = target
        kind = "static" if self.static is not None else "reaction"
        obj = self.static if self.static is not None else self.reaction
        if callable(obj) and not hasattr(obj, "event") and kind == "static" and self.on is not None:
            obj = obj(params["target"])
        params[kind] = obj
        ctx.game.lasting.append(
            LastingEffect(
                kind, ctx.source.name, ctx.controller, params, until_leaves=ctx.source if self.until_leaves else None
            )
        )
        ctx.log(
            f"{ctx.source.name}: a lasting effect begins"
            + (" until it leaves play" if self.until_leaves else " for the remainder of the turn")
        )
        return True


@dataclass
class MayPlayOneOffHouse(Effect):
    """ "You may play one non-<house> card this turn": a lasting permission, used up by one play."""

    def resolve(self, ctx: Context) -> bool:
        ctx.game.lasting.append(
            LastingEffect("play_off_house", ctx.source.name, ctx.controller, {"not_house": ctx.source.house, "uses": 1})
        )
        ctx.log(f"{ctx.source.name}: {ctx.controller} may play one non-{ctx.source.house.title()} card this turn")
        return True


@dataclass
class MayUseOtherCardsOfHouse(Effect):
    """ "You may use up to N other <house> cards this turn": a permission for up to N cards; a card
    used under it may be used again this turn if it is readied (Combat Pheromones FAQ)."""

    max_cards: int

    def resolve(self, ctx: Context) -> bool:
        ctx.game.lasting.append(
            LastingEffect(
                "use_permission",
                ctx.source.name,
                ctx.controller,
                {"house": ctx.source.house, "max_cards": self.max_cards, "cards": [], "except": ctx.source},
            )
        )
        ctx.log(
            f"{ctx.source.name}: {ctx.controller} may use up to {self.max_cards} other "
            f"{ctx.source.house.title()} cards this turn"
        )
        return True


@template()
@dataclass
class DuringOpponentsNextTurn(Effect):
    """ "... during your opponent's next turn": a lasting static that waits for that turn and ends
    with it."""

    static: object

    def resolve(self, ctx: Context) -> bool:
        ctx.game.lasting.append(
            LastingEffect(
                "static",
                ctx.source.name,
                ctx.controller,
                {"static": self.static, "card": ctx.source, **during_next_turn_of(ctx.opponent_name)},
            )
        )
        ctx.log(f"{ctx.source.name}: a lasting effect for {ctx.opponent_name}'s next turn")
        return True
