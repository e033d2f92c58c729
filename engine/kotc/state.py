"""The board of a Keeper of the Cards battle: players with hitpoints, creatures with printed and
current offense/defense, exhaustion and counters, the dice, and the trace.

Why the trace lives here: every state change goes through :meth:`Board.log`, so a scenario's
trace shows each step of the rules and a run budget (:mod:`engine.core.limits`) is spent in one place.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.core.errors import ScenarioError

PLAYERS = ("player1", "player2")
#: "You begin the game with 20 hitpoints" (Setup and Deck Building)
START_HITPOINTS = 20


@dataclass
class Counter:
    """A counter on a creature: ``name`` is a named counter's short name ("offense", "dice", ...)
    or None for an unnamed counter; ``owner`` placed it and alone may remove it for its effect."""

    name: str | None
    owner: str


@dataclass
class Creature:
    label: str
    controller: str
    printed_offense: int
    printed_defense: int
    offense: int
    defense: int
    exhausted: bool = False
    zone: str = "creatures"  # or "graveyard"
    counters: list[Counter] = field(default_factory=list)

    @property
    def in_play(self) -> bool:
        return self.zone == "creatures"


@dataclass
class Player:
    name: str
    hitpoints: int = START_HITPOINTS


class Dice:
    """Six-sided dice: scripted results first (in order), then a generator seeded by the scenario,
    so a run with the same seed rolls the same numbers."""

    def __init__(self, scripted: list[int] | None = None, seed: int | None = None):
        self.scripted = [_die(v) for v in scripted or []]
        self.rng = random.Random(seed)

    def roll(self) -> int:
        return self.scripted.pop(0) if self.scripted else self.rng.randint(1, 6)


def _die(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise ScenarioError(f"a six-sided die shows 1 to 6, got {value!r}")
    return value


class Board:
    def __init__(self, active: str = "player1", dice: Dice | None = None):
        if active not in PLAYERS:
            raise ScenarioError(f"active player: expected one of {', '.join(PLAYERS)}, got {active!r}")
        self.active = active
        self.players = {p: Player(p) for p in PLAYERS}
        self.creatures: list[Creature] = []
        self.dice = dice or Dice()
        #: players and creatures (by label) already targeted this battle phase
        self.targeted: set[str] = set()
        self.trace: list[str] = []
        self.budget = None

    def log(self, line: str) -> None:
        self.trace.append(line)
        if self.budget is not None:
            self.budget.spend()

    @staticmethod
    def opponent(player: str) -> str:
        return PLAYERS[1 - PLAYERS.index(player)]

    def creature(self, label: str) -> Creature:
        for c in self.creatures:
            if c.label == label:
                return c
        raise ScenarioError(f"no creature {label!r}")

    def in_play(self, player: str | None = None) -> list[Creature]:
        return [c for c in self.creatures if c.in_play and player in (None, c.controller)]

    @property
    def winner(self) -> str | None:
        """The player left standing, "draw" when every player reached zero at once (Winning and
        Losing), None while both stand."""
        out = [p for p, pl in self.players.items() if pl.hitpoints <= 0]
        if not out:
            return None
        return "draw" if len(out) == len(PLAYERS) else next(p for p in PLAYERS if p not in out)
