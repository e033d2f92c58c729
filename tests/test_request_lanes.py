"""The lanes of ``rulebase serve`` (``api.request_lanes``) on a real waitress server: a changelog
being computed never holds up a search; changelogs are computed one at a time, the others wait
without a thread and are refused with a 429 once they waited too long; and the CPU time a lane may
spend is budgeted, so clients asking for changelogs back to back get them only as fast as the
budget allows."""

from __future__ import annotations

import http.client
import sqlite3
import threading
import time
from contextlib import contextmanager

import api.changes
from api import create_app
from api.request_lanes import LaneDispatcher
from rulebase.cli_serve import make_server

import pytest

#: the tests that measure time (a search's while changelogs wait, a lane's CPU budget, the time a
#: request waits in a lane) are marked serial one by one; the others run beside the other tests

SEARCH = "/api/search?q=elusive+first+attack"


@contextmanager
def running(app, **lanes):
    """The site's waitress server, lanes and all, on a free port of 127.0.0.1, in a thread."""
    server, dispatcher, _ = make_server(
        app, "127.0.0.1", 0, threads=4, connection_limit=100, channel_timeout=30, **lanes
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield server.effective_port, dispatcher
    finally:
        dispatcher.shutdown()
        server.close()


def get(port: int, path: str) -> tuple[int, dict, float]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    started = time.perf_counter()
    conn.request("GET", path)
    response = conn.getresponse()
    response.read()
    conn.close()
    return response.status, dict(response.getheaders()), time.perf_counter() - started


def instrumented(monkeypatch, kb, work) -> dict:
    """Make every changelog computation ``work()`` and answer one real changelog of ``kb``, computed
    beforehand (what is timed here is the lanes, not the diff); what they did: at once at most, done."""
    seen = {"now": 0, "most": 0, "done": 0}
    lock = threading.Lock()
    with sqlite3.connect(kb) as conn:
        one = api.changes._changelog(conn, "keyforge", "1.2", "1.3", None)

    def changelog(*args, **kwargs):
        with lock:
            seen["now"] += 1
            seen["most"] = max(seen["most"], seen["now"])
        try:
            work()
            return one
        finally:
            with lock:
                seen["now"] -= 1
                seen["done"] += 1

    monkeypatch.setattr(api.changes, "_changelog", changelog)
    monkeypatch.setattr(api.changes, "_kept", type(api.changes._kept)())
    return seen


def diff_urls(n: int) -> list[str]:
    """``n`` different changelogs (none kept yet), KeyForge's versions in pairs and with kinds."""
    pairs = [("1.1", "1.2"), ("1.1", "1.3"), ("1.1", "16.0"), ("1.2", "1.3"), ("1.2", "16.0"), ("1.3", "16.0")]
    kinds = ["", "&kind=faq", "&kind=glossary", "&kind=rule"]
    return [f"/api/diff?game=keyforge&from={a}&to={b}{k}" for k in kinds for a, b in pairs][:n]


@pytest.mark.serial  # measures time under load
def test_changelogs_wait_their_turn_and_a_search_never_waits_for_them(kb_copy, monkeypatch):
    seen = instrumented(monkeypatch, kb_copy, lambda: time.sleep(2.0))  # a slow computation, not CPU
    with running(create_app(kb_copy, WORKER_PROCESSES=False), max_wait=3.5) as (port, _):
        answers: list[tuple[int, dict, float]] = []
        asking = [threading.Thread(target=lambda u=u: answers.append(get(port, u))) for u in diff_urls(5)]
        for t in asking:
            t.start()
        time.sleep(0.3)
        searches = [get(port, SEARCH) for _ in range(10)]
        for t in asking:
            t.join(30)
    assert seen["most"] == 1  # one at a time
    statuses = sorted(status for status, _, _ in answers)
    assert statuses == [200, 200, 429, 429, 429], statuses  # 0-2 s, 2-4 s; the rest waited 3.5 s
    for status, headers, took in answers:
        if status == 429:
            assert int(headers["Retry-After"]) >= 3 and 3.4 < took < 4.5, (headers, took)
    assert all(status == 200 for status, _, _ in searches)
    assert max(took for _, _, took in searches) < 1.0, [round(t, 3) for _, _, t in searches]


class Request:
    """What waitress's dispatcher sees of a request: its method and path."""

    def __init__(self, path: str, method: str = "GET"):
        self.command, self.path, self.error = method, path, None


class Task:
    """A request that burns ``cpu`` seconds of CPU time when served (waitress passes its channels,
    which serve their first request, to the dispatcher)."""

    def __init__(self, path: str, cpu: float, done: list):
        self.requests, self.cpu, self.done = [Request(path)], cpu, done

    def service(self):
        until = time.thread_time() + self.cpu
        while time.thread_time() < until:
            pass
        self.done.append(time.monotonic())

    def cancel(self):
        pass


@pytest.mark.serial  # measures time under load
def test_a_lane_spends_at_most_its_budget_of_cpu_on_repeatable_work():
    """Forty requests of 0.1 s of CPU each for a lane with a tenth of a core and 0.3 s at once: in
    three seconds the lane serves what its budget allows (about six), not thirty; a search-like
    request arriving meanwhile is served at once by another thread."""
    dispatcher = LaneDispatcher({"changelog": 1, "verify": 1}, max_wait=60, share=0.1, burst=0.3)
    dispatcher.set_thread_count(3)
    done: list[float] = []
    light: list[float] = []
    try:
        started = time.monotonic()
        for _ in range(40):
            dispatcher.add_task(Task("/api/diff", 0.1, done))
        time.sleep(1.0)
        asked = time.monotonic()
        dispatcher.add_task(Task("/api/search", 0.01, light))
        time.sleep(2.0)
        served, elapsed = len(done), time.monotonic() - started
    finally:
        dispatcher.shutdown(timeout=10)
    allowed = (0.3 + 0.1 * elapsed) / 0.1 + 1
    assert 3 <= served <= allowed, (served, allowed)
    assert light and light[0] - asked < 0.5


@pytest.mark.serial  # a deadline: refused if held 1.5 s
def test_new_changelogs_are_not_held_back_by_the_budget(kb_copy, monkeypatch):
    """Computing a changelog nobody asked for before is bounded by the slot, not by the budget: the
    work is a worker process's, which the thread waits for, and only the thread's own CPU time is
    taken from the lane's budget. Five of them of 0.3 s each, in a row, with a budget of a tenth of
    a core and 0.1 s at once, are all answered at once: charged the 0.3 s each took, the second
    would wait 2 s in the lane for the budget and be refused (max_wait 1.5 s). (It burnt 0.3 s of
    the thread's CPU before, which the lane rightly charges: 12 s of budget waits, within a max_wait
    of 30 s, and the test passed whatever the charge.)"""
    seen = instrumented(monkeypatch, kb_copy, lambda: time.sleep(0.3))  # waiting, as for a worker
    with running(create_app(kb_copy, WORKER_PROCESSES=False), max_wait=1.5, share=0.1, burst=0.1) as (port, _):
        statuses = [get(port, url)[0] for url in diff_urls(5)]
    assert statuses == [200] * 5 and seen["done"] == 5


def test_a_parameter_the_changelog_does_not_take_is_refused_not_kept(kb_copy):  # not serial: no time measured
    with running(create_app(kb_copy, WORKER_PROCESSES=False)) as (port, _):
        status, _, _ = get(port, "/api/diff?game=keyforge&from=1.1&to=1.2&n=1")
    assert status == 400
