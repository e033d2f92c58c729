"""Budgets for one scenario run: at most so many engine steps and so many seconds of CPU time.

Why here and not in the web layer: a scenario sent to the API can loop or grow without bound
(a repeat that never stops being true, hundreds of turns), and only the engine knows when it does
work. Every state change the engine makes is recorded with :meth:`engine.core.state.Game.log`, so that
is where a budget is spent and checked: one step per recorded line, plus the clock. Runs without a
budget (the CLI, the build) behave exactly as before.

Why CPU time (``time.thread_time``, the running thread's own) and not the wall clock: a server runs
several requests at once, and a run waiting for the interpreter lock or a core while others work
would otherwise be stopped for the load around it, so the same scenario would pass when the server
is idle and be refused when it is busy. The CPU time a run spends is what the run itself costs.
A run never changes threads, so the thread that starts the budget is the one that spends it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from engine.core.errors import LimitExceeded


@dataclass(frozen=True)
class Limits:
    """What one run may spend: ``max_steps`` recorded state changes and ``seconds`` of CPU time."""

    max_steps: int
    seconds: float

    def start(self) -> "Budget":
        return Budget(self)


@dataclass
class Budget:
    """A running budget; :meth:`spend` raises :class:`LimitExceeded` once it is used up."""

    limits: Limits
    steps: int = 0
    started: float = field(default_factory=time.thread_time)

    def spend(self, steps: int = 1) -> None:
        self.steps += steps
        if self.steps > self.limits.max_steps:
            raise LimitExceeded(f"the run took more than {self.limits.max_steps} engine steps")
        if time.thread_time() - self.started > self.limits.seconds:
            raise LimitExceeded(f"the run took longer than {self.limits.seconds:g} s of CPU time")
