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

import api.json_diff
from api import create_app
from rulebase.cli_serve import make_server

SEARCH = "/api/search?q=elusive+first+attack"


@contextmanager
def running(app, **lanes):
    """The site's waitress server, lanes and all, on a free port of 127.0.0.1, in a thread."""
    server, dispatcher, _ = make_server(app, "127.0.0.1", 0, threads=4, connection_limit=100, channel_timeout=30,
                                       **lanes)
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
        one = api.json_diff.changelog(conn, "keyforge", "1.2", "1.3", None)

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
    monkeypatch.setattr(api.json_diff, "changelog", changelog)
    return seen


def diff_urls(n: int) -> list[str]:
    """``n`` different changelogs (none kept yet), KeyForge's versions in pairs and with kinds."""
    pairs = [("1.1", "1.2"), ("1.1", "1.3"), ("1.1", "16.0"), ("1.2", "1.3"), ("1.2", "16.0"), ("1.3", "16.0")]
    kinds = ["", "&kind=faq", "&kind=glossary", "&kind=rule"]
    return [f"/api/diff?game=keyforge&from={a}&to={b}{k}" for k in kinds for a, b in pairs][:n]


def test_changelogs_wait_their_turn_and_a_search_never_waits_for_them(kb_copy, monkeypatch):
    seen = instrumented(monkeypatch, kb_copy, lambda: time.sleep(2.0))    # a slow computation, not CPU
    with running(create_app(kb_copy), max_wait=3.5) as (port, _):
        answers: list[tuple[int, dict, float]] = []
        asking = [threading.Thread(target=lambda u=u: answers.append(get(port, u))) for u in diff_urls(5)]
        for t in asking:
            t.start()
        time.sleep(0.3)
        searches = [get(port, SEARCH) for _ in range(10)]
        for t in asking:
            t.join(30)
    assert seen["most"] == 1                                      # one at a time
    statuses = sorted(status for status, _, _ in answers)
    assert statuses == [200, 200, 429, 429, 429], statuses       # 0-2 s, 2-4 s; the rest waited 3.5 s
    for status, headers, took in answers:
        if status == 429:
            assert int(headers["Retry-After"]) >= 3 and 3.4 < took < 4.5, (headers, took)
    assert all(status == 200 for status, _, _ in searches)
    assert max(took for _, _, took in searches) < 1.0, [round(t, 3) for _, _, t in searches]


def test_a_lane_spends_at_most_its_budget_of_cpu(kb_copy, monkeypatch):
    def burn():   # 0.2 s of CPU time
        until = time.thread_time() + 0.2
        while time.thread_time() < until:
            pass
    seen = instrumented(monkeypatch, kb_copy, burn)
    urls = diff_urls(24)
    with running(create_app(kb_copy), max_wait=30.0, share=0.1, burst=0.4) as (port, dispatcher):
        started = time.monotonic()
        stop = threading.Event()

        def client(offset: int) -> None:
            i = offset
            while not stop.is_set():
                get(port, urls[i % len(urls)])  # a changelog not kept yet (24 of them)
                i += 4
        clients = [threading.Thread(target=client, args=(n,)) for n in range(4)]
        for t in clients:
            t.start()
        time.sleep(4.0)
        stop.set()
        elapsed = time.monotonic() - started
        done = seen["done"]
        for t in clients:
            t.join(60)
    # what the budget allows in that time: the burst, and a tenth of a core since; each computation
    # costs its 0.2 s and the changelog itself, so no more than that many could have run
    allowed = (0.4 + 0.1 * elapsed) / 0.2 + 1
    assert 1 <= done <= allowed, (done, allowed)   # without the budget: one every 0.2 s of a core
    assert dispatcher.credit["changelog"] <= 0.4


def test_a_parameter_the_changelog_does_not_take_is_refused_not_kept(kb_copy):
    with running(create_app(kb_copy)) as (port, _):
        status, _, _ = get(port, "/api/diff?game=keyforge&from=1.1&to=1.2&n=1")
    assert status == 400
