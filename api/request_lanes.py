"""Which of waitress's threads answer which requests: searches and pages never wait behind the
expensive endpoints, and clients that hammer those endpoints are slowed by waiting, not by work.

Why: waitress hands every complete request to its task dispatcher, whose threads take them in the
order they came. Twenty clients each sending the widest Magic diff again the moment its answer came
(no waiting, not even for ``Retry-After``) got their answers from the cache of
:mod:`api.expensive` in about a millisecond each, 600 a second: the server's threads and its
interpreter were busy with them, and a search waited its turn among them (p50 0.11 s, p99 0.23 s
against 20 and 56 ms alone, measured with ``bench/abuse.py`` on the test KB). A 429 answered at
once does not help either: a client that does not wait asks again at once, 1,100 times a second
for ``/api/verify``.

How: :class:`LaneDispatcher`, waitress's ``ThreadedTaskDispatcher`` with lanes. A request for one of
the :data:`LANES` (the changelogs; the verify runs) waits in that lane's queue, from which at most
``limit`` threads take at once (:func:`lane_limits`: ``EXPENSIVE_CONCURRENCY`` and
``VERIFY_CONCURRENCY``); every other request is taken first, by any free thread, so the threads left
are always there for searches and pages. A waiting request holds no thread and costs nothing, and a
client hammering a lane gets answers only as fast as the lane gives them.

A limit of threads is not yet a limit of work: one thread answering kept changelogs back to back
takes the interpreter as much as it can, and the searches share it with that thread. So each lane
also has a budget: its requests may spend ``share`` of one core's time, sustained (default a
tenth), and ``burst`` seconds at once beyond it (default 1); a lane that spent its budget takes no
request until it has earned it back. What a request spends (:data:`LANES`) is the CPU time of the
thread answering it (``time.thread_time``) and of the worker process that did its work
(:func:`charge_worker`: a verification runs in a worker, 10-50 ms each, against 1 ms or less in the
thread); or, for a lane whose answers cost the server's main loop more than their thread (a kept
changelog: sending 208 KiB), the time the answer took. A request whose work is done in a worker
and bounded by the lane's slots (computing a changelog no one asked for before: 6-8 s for the widest
Magic one) spends only its thread's CPU time (:func:`charge_thread_only`): charged the rest, the
lane would be closed for a minute after it.
A request that waited
longer than ``max_wait`` seconds is answered with a 429 and ``Retry-After`` instead, before the app
sees it (:class:`LaneRefusal`, about a tenth of a millisecond), by whichever thread is free: a
client is never left waiting for long, and asking again costs it that wait once more.
"""

from __future__ import annotations

import json
import math
import re
import threading
import time
from collections import deque
from dataclasses import dataclass

from waitress.task import ThreadedTaskDispatcher
from werkzeug.wrappers import Response

from .headers import SECURITY_HEADERS


@dataclass(frozen=True)
class Lane:
    """Requests that share a limit: a method and a path pattern, what the 429 says, and what its
    budget counts: ``"cpu"``, the CPU time of the thread answering, or ``"wall"``, the time it took
    (for work whose cost is mostly the server's sending: the main loop's, not the thread's)."""

    name: str
    method: str
    path: re.Pattern
    busy: str
    charge: str


#: the lanes of the site, by the requests they take (api.json_diff, api.changes_page, api.json_api).
#: A kept changelog costs its thread little CPU and the server's main loop much more to send (the
#: widest Magic diff is 208 KiB compressed): measured under 20 clients asking for it again and
#: again, 0.27 of a core in the lane's thread against 0.74 in the main loop; so that lane counts
#: the time its answers take. A verification costs its worker process's CPU time and its thread's.
LANES = (
    Lane(
        "changelog",
        "GET",
        re.compile(r"/api/diff|/changes"),
        "the server is computing as many changelogs as it takes at once",
        "wall",
    ),
    Lane(
        "verify",
        "POST",
        re.compile(r"/api/verify|/api/rulings/[^/]+/verify|/api/play(?:/export|/scenario)?"),
        "the server is running as many verifications as it takes at once",
        "cpu",
    ),
)
# A lane's threads are as many as the slots of what it serves (api.expensive, api.verify_slots): the
# defaults of both are set here, in the module those two import.
#: changelogs computed at once, by default (``EXPENSIVE_CONCURRENCY``)
DEFAULT_CHANGELOG_CONCURRENCY = 1
#: verify requests at once, by default (``VERIFY_CONCURRENCY``): Python runs one thread at a time, so
#: more runs in parallel finish no sooner and only take the interpreter from everything else
DEFAULT_VERIFY_CONCURRENCY = 2
#: seconds a request may wait in its lane before it is answered with a 429
DEFAULT_MAX_WAIT = 3.0
#: the share of one core's time that the threads working on one lane may spend on repeatable work,
#: sustained, and the CPU seconds they may spend at once beyond it
DEFAULT_SHARE, DEFAULT_BURST = 0.1, 1.0

_refusing = threading.local()
_charged = threading.local()


def charge_worker(seconds: float) -> None:
    """Add the CPU time a worker process spent on the request this thread is answering to what the
    request spends (nothing outside a lane)."""
    _charged.worker = getattr(_charged, "worker", 0.0) + seconds


def charge_thread_only() -> None:
    """The request this thread is answering waits for work done in a worker process, which its
    lane's slots already bound (one changelog computed at a time): only this thread's CPU time is
    taken from the lane's budget, not the worker's nor the time the answer took."""
    _charged.thread_only = True


def lane_limits(config) -> dict[str, int]:
    """How many threads may work on each lane at once, from the app's config."""
    return {
        "changelog": int(config.get("EXPENSIVE_CONCURRENCY", DEFAULT_CHANGELOG_CONCURRENCY)),
        "verify": int(config.get("VERIFY_CONCURRENCY", DEFAULT_VERIFY_CONCURRENCY)),
    }


def lane_of(method: str, path: str) -> Lane | None:
    for lane in LANES:
        if method == lane.method and lane.path.fullmatch(path):
            return lane
    return None


class LaneDispatcher(ThreadedTaskDispatcher):
    """Waitress's dispatcher with a queue and a limit per lane (see the module docstring)."""

    def __init__(
        self,
        limits: dict[str, int],
        max_wait: float = DEFAULT_MAX_WAIT,
        share: float = DEFAULT_SHARE,
        burst: float = DEFAULT_BURST,
    ):
        super().__init__()
        self.limits, self.max_wait, self.share, self.burst = limits, max_wait, share, burst
        self.waiting: dict[str, deque] = {lane.name: deque() for lane in LANES}
        self.working = {lane.name: 0 for lane in LANES}
        #: CPU seconds each lane may still spend now (refilled at ``share`` a second, up to ``burst``)
        self.credit = {lane.name: burst for lane in LANES}
        self._refilled = time.monotonic()

    def _refill(self, now: float) -> None:
        gained = (now - self._refilled) * self.share
        self._refilled = now
        for name, credit in self.credit.items():
            self.credit[name] = min(self.burst, credit + gained)

    def add_task(self, task) -> None:
        lane = _task_lane(task)
        if lane is None:
            return super().add_task(task)
        with self.lock:
            self.waiting[lane.name].append((time.monotonic(), task))
            self.queue_cv.notify()

    def _next(self) -> tuple[object, Lane | None, bool] | None:
        """The next (task, its lane, refuse it) to work on, or None; called holding the lock."""
        now = time.monotonic()
        for lane in LANES:  # a request that waited too long: refused at once, by any thread
            waiting = self.waiting[lane.name]
            if waiting and now - waiting[0][0] > self.max_wait:
                return waiting.popleft()[1], lane, True
        if self.queue:
            return self.queue.popleft(), None, False
        self._refill(now)
        for lane in LANES:
            waiting = self.waiting[lane.name]
            if waiting and self.working[lane.name] < self.limits.get(lane.name, 1) and self.credit[lane.name] > 0:
                self.working[lane.name] += 1
                return waiting.popleft()[1], lane, False
        return None

    def _next_change(self) -> float | None:
        """Seconds until a waiting lane request may be taken or must be refused (None: none waits)."""
        now, times = time.monotonic(), []
        for name, waiting in self.waiting.items():
            if waiting:
                times.append(waiting[0][0] + self.max_wait - now)
                if self.credit[name] <= 0:
                    times.append(-self.credit[name] / self.share)
        return None if not times else max(0.0, min(times)) + 0.001

    def handler_thread(self, thread_no):
        while True:
            with self.lock:
                while True:
                    if self.stop_count > 0:
                        self.active_count -= 1
                        self.stop_count -= 1
                        self.threads.discard(thread_no)
                        self.thread_exit_cv.notify()
                        return
                    picked = self._next()
                    if picked is not None:
                        break
                    self.active_count -= 1
                    self.queue_cv.wait(self._next_change())
                    self.active_count += 1
            task, lane, refuse = picked
            _refusing.lane = lane if refuse else None
            _charged.thread_only, _charged.worker = False, 0.0
            cpu, wall = time.thread_time(), time.monotonic()
            try:
                task.service()
            except BaseException:
                self.logger.exception("Exception when servicing %r", task)
            finally:
                _refusing.lane = None
                if lane is not None and not refuse:
                    with self.lock:
                        self.working[lane.name] -= 1
                        self.credit[lane.name] -= _spent(lane, time.thread_time() - cpu, time.monotonic() - wall)
                        self.queue_cv.notify_all()

    def shutdown(self, cancel_pending=True, timeout=5):
        with self.lock:  # what waits in a lane is pending too: waitress cancels what is in its queue
            for waiting in self.waiting.values():
                self.queue.extend(task for _, task in waiting)
                waiting.clear()
        return super().shutdown(cancel_pending, timeout)


def _spent(lane: Lane, thread_cpu: float, elapsed: float) -> float:
    """What the request this thread just answered spent of its lane's budget (see the module docstring)."""
    if _charged.thread_only:
        return thread_cpu
    if lane.charge == "wall":
        return elapsed
    return thread_cpu + _charged.worker


def _task_lane(task) -> Lane | None:
    """The lane of the request a channel is about to serve (waitress passes channels as tasks)."""
    try:
        request = task.requests[0]
    except (AttributeError, IndexError):
        return None
    if getattr(request, "error", None) is not None:
        return None
    return lane_of(getattr(request, "command", "") or "", getattr(request, "path", "") or "")


class LaneRefusal:
    """WSGI middleware: the 429 for a request that waited too long in its lane, without the app."""

    def __init__(self, wsgi_app, max_wait: float):
        self.wsgi_app = wsgi_app
        self.retry = max(1, math.ceil(max_wait))

    def __call__(self, environ, start_response):
        lane = getattr(_refusing, "lane", None)
        if lane is None:
            return self.wsgi_app(environ, start_response)
        message = f"{lane.busy}; try again in {self.retry} s"
        headers = {**SECURITY_HEADERS, "Retry-After": str(self.retry)}
        if environ.get("PATH_INFO", "").startswith("/api/"):
            response = Response(json.dumps({"error": message}), 429, mimetype="application/json", headers=headers)
        else:
            response = Response(
                f"<!doctype html><title>Busy</title><h1>Busy</h1><p>{message[:1].upper()}{message[1:]}.</p>",
                429,
                mimetype="text/html",
                headers=headers,
            )
        return response(environ, start_response)
