"""A KB written while ``rulebase serve`` serves it: readers never see a half-written KB and never wait
for the writer, a writer killed at any moment costs them nothing, and what a finished ingest added
is served from the next request on, without a restart.

Real processes: a real server on 127.0.0.1, clients on threads of their own sending searches and
pages the whole time, real ``rulebase ingest`` processes killed with SIGKILL.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from contextlib import contextmanager

from conftest import run_cli, sha
from test_build_robustness import INGEST, kill_in_place_writer, kill_ingest_at
from test_serve_hardening import serve

import pytest

pytestmark = pytest.mark.serial  # measures time under load: run alone (make test)

#: what the clients ask, in turn: a search, a page, the versions list
PATHS = ("/api/search?q=elusive+first+attack", "/versions", "/api/versions")


@contextmanager
def clients(port: int, n: int = 3):
    """``n`` clients sending :data:`PATHS` in a loop, each on a kept-alive connection; yields the
    list of (status, seconds, path, body of a non-200) they saw."""
    seen: list[tuple[int, float, str, bytes]] = []
    stop = threading.Event()

    def client() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        i = 0
        while not stop.is_set():
            path = PATHS[i % len(PATHS)]
            i += 1
            started = time.perf_counter()
            try:
                conn.request("GET", path)
                response = conn.getresponse()
                body = response.read()
                seen.append(
                    (response.status, time.perf_counter() - started, path, b"" if response.status == 200 else body)
                )
            except (OSError, http.client.HTTPException) as exc:
                seen.append((0, time.perf_counter() - started, path, repr(exc).encode()))
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    threads = [threading.Thread(target=client, daemon=True) for _ in range(n)]
    for t in threads:
        t.start()
    try:
        yield seen
    finally:
        stop.set()
        for t in threads:
            t.join(30)


def served_versions(port: int) -> list[str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/api/versions")
    data = json.loads(conn.getresponse().read())
    return [v["version"] for g in data["games"] for v in g["versions"]]


def test_ingests_killed_at_any_moment_cost_the_readers_nothing(kb_copy):
    before = sha(kb_copy)
    with serve(kb_copy) as (port, _lines), clients(port) as seen:
        assert "9.9" not in served_versions(port)
        for moment in ("copying", "copied", "writing", "hot"):
            kill_ingest_at(kb_copy, moment)
            assert sha(kb_copy) == before, moment
        during = len(seen)
        done = run_cli(*INGEST, "--db", str(kb_copy))
        assert done.returncode == 0, done.stderr
        assert "9.9" in served_versions(port)  # the next request reads the new KB: no restart
        time.sleep(0.5)
    assert during > 50, f"the clients sent only {during} requests: this test would prove nothing"
    failed = [(status, path, body[:200]) for status, _, path, body in seen if status != 200]
    assert failed == [], failed
    slowest = max(seconds for _, seconds, _, _ in seen)
    assert slowest < 2.0, f"a reader waited {slowest:.1f} s for the writer"


def test_a_crashed_in_place_writer_costs_at_most_the_request_in_flight(kb_copy):
    """A hot journal left by something else that wrote the KB in place (and was killed) is played
    back by the next read: the server goes on answering, with at most a 503 that says why for a
    request that met the journal before it was settled, and never a 500."""
    with serve(kb_copy) as (port, _lines), clients(port) as seen:
        time.sleep(0.5)
        journal = kill_in_place_writer(kb_copy)
        time.sleep(1.5)
        after = len(seen)
        time.sleep(1.0)
    assert not journal.exists()
    statuses = [status for status, *_ in seen]
    assert 500 not in statuses and 0 not in statuses, [s for s in seen if s[0] != 200][:5]
    for status, _, _, body in seen:
        if status == 503:
            assert json.loads(body)["error"] if body.startswith(b"{") else b"Try again" in body
    assert all(status == 200 for status, *_ in seen[after:]), "the server did not recover by itself"
