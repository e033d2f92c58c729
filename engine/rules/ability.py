"""What an ability is and how it resolves (general rules): the context an effect resolves in (the
card, its controller, what earlier effects chose), an effect returning whether it fully resolved
("if you do" reads it; "resolve as much as you can"), and the glossary's "Repeat" / "Preceding"
instructions. The effects themselves are the effect library's (:mod:`engine.library`)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.core.registry import template
from engine.core.state import CardInstance, Game
from engine.rules.as_in_play import STAMPS
from engine.rules.references import resolve_ref

if TYPE_CHECKING:
    from engine.rules.game import Engine


#: Safety stop for effects that repeat themselves; the rules' infinite-loop entry lets the active
#: player stop a loop, so a runaway repeat is cut here and said so in the trace.
MAX_REPEATS = 1000


@dataclass
class Context:
    eng: "Engine"
    source: CardInstance
    controller: str
    #: cards chosen by earlier effects of the ability, by name ("it" is the latest choice)
    chosen: dict[str, list[CardInstance]] = field(default_factory=dict)
    #: what triggered a reaction: {"card": the destroyed creature, "fight": (attacker, target)}
    event: dict[str, Any] = field(default_factory=dict)
    #: the creature an upgrade is attached to, for abilities an upgrade gives
    host: CardInstance | None = None
    #: the card that gave the source this ability (an upgrade's "This creature gains", a lasting
    #: effect), None for the source's own ability (engine.rules.gained_text)
    giver: CardInstance | None = None
    #: the source is used "as if it were yours": it counts as friendly to the controller of the
    #: ability, though it never changes control (engine.rules.as_if_yours)
    as_if_yours: bool = False
    #: when the context was made: a card that left play after it is read as it was in play
    #: (engine.rules.as_in_play)
    began: int = field(default_factory=lambda: next(STAMPS))

    @property
    def game(self) -> Game:
        return self.eng.game

    @property
    def me(self):
        return self.game.players[self.controller]

    @property
    def opponent_name(self) -> str:
        return self.game.other(self.controller)

    @property
    def opponent(self):
        return self.game.players[self.opponent_name]

    def log(self, line: str) -> None:
        self.game.log(line)

    def refs(self, ref: str) -> list[CardInstance]:
        """The cards a reference names (see :mod:`engine.rules.references` for the groups)."""
        return resolve_ref(self, ref)

    def ref(self, ref: str) -> CardInstance | None:
        cards = self.refs(ref)
        return cards[0] if cards else None


Condition = Callable[[Context], bool]


class Effect(ABC):
    @abstractmethod
    def resolve(self, ctx: Context) -> bool:
        """Apply the effect; True when it fully resolved."""


def player_ref(ctx: Context, who: str) -> str:
    """The player a card's text names: ``"self"`` (you), ``"opponent"`` (your opponent),
    ``"event_opponent"``: the opponent of the controller of the card the event is about ("Each
    time a creature is destroyed, its opponent gains 1"), or ``"event_player"``: the player the
    event is about ("At the start of each player's turn, ..., they gain 1")."""
    if who == "self":
        return ctx.controller
    if who == "opponent":
        return ctx.opponent_name
    if who == "event_opponent":
        return ctx.game.other(ctx.event["controller"])
    if who == "event_player":
        return ctx.event["player"]
    raise ValueError(f"{ctx.source.name}: unknown player reference {who!r}")


@template("RepeatCardEffect")
@dataclass
class RepeatCardEffectIf:
    """ "Repeat this card's effect if ...": the whole ability again, this instruction included
    (glossary "Repeat"). ``cost``: "You may <do X> to repeat ...": X is done when the condition
    holds, and the effect repeats only if X fully resolved (as "If you do")."""

    condition: Condition
    cost: list[Effect] = field(default_factory=list)


@template("RepeatPreceding")
@dataclass
class RepeatPrecedingIf:
    """ "Repeat the preceding effect if ...": only what precedes this instruction, once more
    (glossary "Preceding": "the entirety of the effect before the text providing the instruction to
    repeat resolves again"; its choices are made again: "Choose a creature" asks anew). ``cost``:
    as for :class:`RepeatCardEffectIf` ("You may exalt a friendly creature to repeat the preceding
    effect")."""

    condition: Condition
    cost: list[Effect] = field(default_factory=list)


def _repeats(instruction: "RepeatCardEffectIf | RepeatPrecedingIf", ctx: Context) -> bool:
    """Whether a repeat instruction repeats: its condition holds and its cost, if any, was paid."""
    if not instruction.condition(ctx):
        return False
    return not instruction.cost or resolve_all(instruction.cost, ctx)


def resolve_all(effects: list[Effect], ctx: Context) -> bool:
    ok = True
    for e in effects:
        ok = e.resolve(ctx) and ok
        if ctx.game.winner:
            break
    return ok


#: an ability: effects, and repeat instructions that steer how the effects before them resolve
Ability = list["Effect | RepeatCardEffectIf | RepeatPrecedingIf"]


def resolve_ability(effects: Ability, ctx: Context) -> None:
    """Resolve an ability, honouring its repeat instructions (16.0 glossary "Repeat": "If the card
    that is creating a repeating effect is removed from play, the effect can no longer repeat")."""
    in_play = ctx.source.in_play
    for _ in range(MAX_REPEATS):
        again = False
        preceding: list[Effect] = []
        for e in effects:
            if isinstance(e, RepeatCardEffectIf):
                again = not (in_play and not ctx.source.in_play) and _repeats(e, ctx)
                if again:
                    ctx.log(f"{ctx.source.name}: its effect repeats")
                break
            if isinstance(e, RepeatPrecedingIf):
                if _repeats(e, ctx):
                    ctx.log(f"{ctx.source.name}: the preceding effect repeats")
                    resolve_all(preceding, ctx)
                preceding = []
                continue
            e.resolve(ctx)
            preceding.append(e)
        if not again:
            return
        # the effect resolves again: what it does "this way" is that resolution's
        # ("If one or more creatures are destroyed this way, repeat this effect")
        for key in [k for k in ctx.chosen if k.endswith("this way")]:
            del ctx.chosen[key]
    ctx.log(f"{ctx.source.name}: stopped after {MAX_REPEATS} repeats (infinite loop)")
