"""Verify by simulation over HTTP: replay a KB ruling, or a scenario the client sends, in the engine.

Why the care: ``POST /api/verify`` runs arbitrary client input through the rules engine, so the
input is bounded before and during the run. Before: the body size (``VERIFY_MAX_BODY``), the
scenario format (the ``VerifyScenario`` schema of ``api/openapi.json``: its ``game`` picks
``Scenario`` for KeyForge, the default, or ``KotcScenario`` for Keeper of the Cards; the schemas
also cap list lengths and numbers), the game and versions (those of the KB) and the game's own
checks: for KeyForge the cards (the KB's card data), for Keeper of the Cards the board (creature
labels) and the creatures the actions and ``expect`` paths name. During: an
:class:`engine.core.limits.Limits` budget of engine steps and seconds of CPU time per run (CPU time, so
a run is judged by what it costs and not by how busy the server is), checked by the engine
itself wherever it records a state change (``Game.log``, ``engine.kotc``'s ``Board.log``), so a
looping or huge scenario stops with a 400. The work a Keeper of the Cards run does between two
recorded changes (rolling a team's dice, listing the shares of "a total of") grows with offense
and amounts, which the schema caps. Around both: at most ``VERIFY_CONCURRENCY`` verify requests
are worked on at once (:mod:`api.verify_slots`); one more is a 429 with ``Retry-After``, so a burst
of verifies cannot take the threads the searches need; and the checks and runs happen in worker
processes (:mod:`api.workers`), so they never take the searches' interpreter. The request's
thread reads the body (:func:`verify_posted`, :func:`verify_ruling`); the worker does the rest
(:func:`api.verify_run.replay_posted`, :func:`api.verify_run.replay_ruling`, on its own connection to the KB).

Both endpoints answer with the ``rulebase verify --json`` report. A problem found before the run is
a 400 naming it; what happens during a run (a refused action, an unanswered decision, a failed
check) is the run's result, as the CLI reports it. The limits can be changed per app through
``create_app(..., VERIFY_MAX_STEPS=, VERIFY_SECONDS=, VERIFY_MAX_BODY=, VERIFY_CONCURRENCY=)``.

The request's side is here; the worker's (the checks and the runs, with the engine) is in
:mod:`api.verify_run`, so the server starts without importing the engine.
"""

from __future__ import annotations

from flask import current_app

from .params import json_body
from .verify_slots import MAX_SECONDS, verify_slot
from .workers import run_in_worker


MAX_BODY = 64 * 1024  #: bytes of a POST /api/verify body
MAX_STEPS = 2000  #: engine steps (recorded state changes) per run; the bundled rulings take < 100


def _budget() -> tuple[int, float]:
    """(engine steps, seconds of CPU time) a run may spend: the app's settings."""
    cfg = current_app.config
    return cfg.get("VERIFY_MAX_STEPS", MAX_STEPS), cfg.get("VERIFY_SECONDS", MAX_SECONDS)


def verify_ruling(ruling_id: str, version: str | None) -> dict:
    """Replay the app KB's scenario ``ruling_id`` under ``version`` (default: every version it replays)."""
    with verify_slot():
        return run_in_worker("replay_ruling", ruling_id, version, _budget())


def read_body() -> object:
    """The scenario sent as the request's JSON body, within ``VERIFY_MAX_BODY``."""
    return json_body(
        current_app.config.get("VERIFY_MAX_BODY", MAX_BODY), "send the scenario as a JSON object in the request body"
    )


def verify_posted(version: str | None) -> dict:
    """Check and replay the scenario in the request body (read here, checked and run in a worker)."""
    with verify_slot():
        return run_in_worker("replay_posted", read_body(), version, _budget())
