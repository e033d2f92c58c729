"""A cap on how many verify requests the server works on at once; past it, a 429 saying when to retry.

Why: a verify run (``POST /api/verify``, ``POST /api/rulings/<id>/verify``, which the entry page's
verify panel calls) is CPU-bound, and waitress answers every request on the same few threads.
Without a cap, a burst of verifies took every thread and the interpreter lock, and a search that
takes 10 ms alone waited seconds behind them. (The runs themselves now happen in worker processes,
:mod:`api.workers`, one per slot; a request holding a slot waits for its worker.) With at
most ``VERIFY_CONCURRENCY`` verify requests at a time (``rulebase serve --verify-concurrency``; fewer than the server's threads, so searches always
find a free one), one more is answered at once with a 429 and a ``Retry-After`` header instead of
queueing: the client (the verify panel shows the message) tries again, and the site stays fast. A
slot is held for the whole request (reading and checking the scenario is work too) and given back
however the request ends.

Two places refuse, with the same answer. :func:`verify_slot`, around the verify functions of
:mod:`api.verify`, is the gate itself: nothing runs a verification without a slot. :class:`FastRefusal`,
a WSGI middleware, answers a verify request with the 429 before Flask builds a request for it when
every slot is visibly taken: in a burst of a hundred verifies nearly all are refused, and refusing
each in a fraction of the time Flask takes (measured: ~0.2 ms against ~0.6 ms a request, on a
2-core machine) is what keeps a search arriving in the middle of the burst from queueing behind them.
"""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask, current_app
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from .errors import ApiError
from .headers import SECURITY_HEADERS
from .request_lanes import DEFAULT_VERIFY_CONCURRENCY

#: CPU seconds a verify run may take, by default (``VERIFY_SECONDS``; api.verify stops a run past
#: them, and a refused client is told to retry after about as long); the bundled rulings take < 0.05 s
MAX_SECONDS = 2.0
#: the POST endpoints that run verifications (``api.json_api``, ``api.play``)
VERIFY_ENDPOINTS = frozenset(
    {
        "json_api.verify_ruling",
        "json_api.verify_scenario",
        "play.play_step",  # the board builder's runs (api.play)
        "play.play_export",
        "play.play_scenario",
    }
)


class Slots:
    """At most ``size`` holders at once; taking never waits."""

    def __init__(self, size: int):
        if size < 1:
            raise ValueError(f"a limit of requests at once must be at least 1, got {size}")
        self.size = size
        self.taken = 0
        self._lock = threading.Lock()

    def take(self) -> bool:
        with self._lock:
            if self.taken >= self.size:
                return False
            self.taken += 1
            return True

    def give_back(self) -> None:
        with self._lock:
            self.taken -= 1

    def full(self) -> bool:
        """Whether every slot is taken now (a hint: it may change at once)."""
        return self.taken >= self.size


def busy_answer(size: int, seconds_per_run: float) -> tuple[str, dict[str, str]]:
    """The 429's message and headers: retry after about as long as one run may take."""
    retry = max(1, math.ceil(seconds_per_run))
    return (
        f"the server is running as many verifications as it takes at once ({size}); try again in {retry} s",
        {"Retry-After": str(retry)},
    )


def _seconds_per_run(app: Flask) -> float:
    return app.config.get("VERIFY_SECONDS", MAX_SECONDS)


@contextmanager
def verify_slot() -> Iterator[None]:
    """Hold one of the app's verify slots for the block, or raise a 429 when none is free."""
    slots: Slots = current_app.extensions["verify_slots"]
    if not slots.take():
        message, headers = busy_answer(slots.size, _seconds_per_run(current_app))
        raise ApiError(message, 429, headers=headers)
    try:
        yield
    finally:
        slots.give_back()


class FastRefusal:
    """WSGI middleware: the 429 for a verify request while every slot is taken, without Flask."""

    def __init__(self, app: Flask, slots: Slots):
        self.app, self.slots, self.wsgi_app = app, slots, app.wsgi_app

    def __call__(self, environ, start_response):
        if environ.get("REQUEST_METHOD") == "POST" and self.slots.full() and self._is_verify(environ):
            message, headers = busy_answer(self.slots.size, _seconds_per_run(self.app))
            response = Response(
                json.dumps({"error": message}),
                429,
                mimetype="application/json",
                headers={**SECURITY_HEADERS, **headers},
            )
            return response(environ, start_response)
        return self.wsgi_app(environ, start_response)

    def _is_verify(self, environ) -> bool:
        try:
            endpoint, _ = self.app.url_map.bind_to_environ(environ).match()
        except HTTPException:  # no such URL, another method, a redirect: Flask answers those
            return False
        except Exception:  # noqa: BLE001 - anything odd about the request: Flask answers it as usual
            return False
        return endpoint in VERIFY_ENDPOINTS


def init_app(app: Flask) -> None:
    slots = Slots(int(app.config.setdefault("VERIFY_CONCURRENCY", DEFAULT_VERIFY_CONCURRENCY)))
    app.extensions["verify_slots"] = slots
    app.wsgi_app = FastRefusal(app, slots)
