"""Budgets for one scenario run: at most so many engine steps and so many seconds.

Why here and not in the web layer: a scenario sent to the API can loop or grow without bound
(a repeat that never stops being true, hundreds of turns), and only the engine knows when it does
work. Every state change the engine makes is recorded with :meth:`engine.state.Game.log`, so that
is where a budget is spent and checked: one step per recorded line, plus the clock. Runs without a
budget (the CLI, the build) behave exactly as before.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from .errors import LimitExceeded


@dataclass(frozen=True)
class Limits:
    """What one run may spend: ``max_steps`` recorded state changes and ``seconds`` of wall time."""
    max_steps: int
    seconds: float

    def start(self) -> "Budget":
        return Budget(self)


@dataclass
class Budget:
    """A running budget; :meth:`spend` raises :class:`LimitExceeded` once it is used up."""
    limits: Limits
    steps: int = 0
    started: float = field(default_factory=time.monotonic)

    def spend(self, steps: int = 1) -> None:
        self.steps += steps
        if self.steps > self.limits.max_steps:
            raise LimitExceeded(f"the run took more than {self.limits.max_steps} engine steps")
        if time.monotonic() - self.started > self.limits.seconds:
            raise LimitExceeded(f"the run took longer than {self.limits.seconds:g} s")
