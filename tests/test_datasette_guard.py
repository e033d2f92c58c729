"""``rulebase datasette`` as a real process, over a KB that an ingest replaces while it runs and under
clients that send their own SQL: it shows the new KB without a restart, answers only reads (a POST
to a canned query is a 405, not a 500), and a few clients sending slow queries of their own cannot
keep the table pages from answering."""

from __future__ import annotations

import http.client
import json
import re
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlencode

from conftest import run_cli
from test_build_robustness import INGEST

import pytest

#: the tests that measure time under load (a page's time while slow queries run, a query's time
#: limit) are marked serial one by one; the others run beside the other tests. The 405 and public
#: profile tests stay with them: they only send requests to the servers the serial tests start at
#: once (``sites``), which would otherwise be started a second time in the parallel phase.

RULEBASE = Path(sys.executable).with_name("rulebase")
#: a query that runs until Datasette's time limit stops it
SLOW_SQL = "with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c"


@contextmanager
def datasette(db: Path, *args: str):
    """``rulebase datasette --port 0 ARGS`` on ``db``; yields its port once it answers."""
    with datasettes(db, args) as (port,):
        yield port


@contextmanager
def datasettes(db: Path, *arg_lists: tuple[str, ...]):
    """One ``rulebase datasette --port 0 ARGS`` on ``db`` per ARGS of ``arg_lists``, all started at
    once (each start-up takes seconds); yields their ports once each answers."""
    procs = [
        subprocess.Popen(
            [str(RULEBASE), "datasette", "--port", "0", "--db", str(db), "--site-url", "http://site.example", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for args in arg_lists
    ]
    try:
        yield [_answering(proc) for proc in procs]
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(10)


def _answering(proc: subprocess.Popen) -> int:
    """The port ``proc`` printed, once it answers there."""
    line = proc.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    assert found, line + (proc.stdout.read() if proc.poll() is not None else "")
    threading.Thread(target=proc.stdout.read, daemon=True).start()  # drain it
    port = int(found.group(1))
    deadline = time.monotonic() + 30
    while True:  # the URL is printed just before uvicorn listens
        try:
            if get(port, "/-/versions.json")[0] == 200:
                return port
        except OSError:
            pass
        assert time.monotonic() < deadline, "datasette did not answer"
        time.sleep(0.1)


@pytest.fixture(scope="module")
def sites(built_kb):
    """The servers on the session's read-only KB, started at once and shared by the tests that only
    send them requests: with the defaults, ``--public`` and ``--sql-time-limit 1000``."""
    with datasettes(built_kb, (), ("--public",), ("--sql-time-limit", "1000")) as (default, public, limited):
        yield {"default": default, "public": public, "limited": limited}


def get(port: int, path: str, method: str = "GET", body: bytes | None = None) -> tuple[int, bytes, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request(
            method, path, body=body, headers={"Content-Type": "application/x-www-form-urlencoded"} if body else {}
        )
        response = conn.getresponse()
        return response.status, response.read(), dict(response.getheaders())
    finally:
        conn.close()


def versions(port: int) -> set[str]:
    status, body, _ = get(port, "/kb/documents.json?_shape=array&_col=version&_size=max")
    assert status == 200, body[:300]
    return {row["version"] for row in json.loads(body)}


@pytest.mark.cli  # not serial: no time is measured (11.6 s of the serial phase on a loaded machine)
def test_it_shows_a_kb_an_ingest_renamed_in_without_a_restart(kb_copy):
    with datasette(kb_copy) as port:
        assert "9.9" not in versions(port)
        done = run_cli(*INGEST, "--db", str(kb_copy))
        assert done.returncode == 0, done.stderr
        assert "9.9" in versions(port)
        status, body, _ = get(port, "/kb/entries.json?_search=elusive&_size=5")
        assert status == 200, body[:300]
        status, body, _ = get(port, "/kb.json?" + urlencode({"sql": "select count(*) from entries"}))
        assert status == 200, body[:300]


@pytest.mark.serial
def test_a_post_to_a_canned_query_is_a_405_not_a_500(sites):
    port = sites["default"]
    status, body, _ = get(port, "/kb.json")
    queries = [q["name"] for q in json.loads(body)["queries"]]
    assert queries
    for path in (f"/kb/{queries[0]}", f"/kb/{queries[0]}.json", "/kb", "/kb/entries"):
        status, body, headers = get(port, path, method="POST", body=b"a=b")
        assert status == 405, (path, status, body[:200])
        assert "GET" in headers.get("allow", headers.get("Allow", "")), headers


@pytest.mark.serial  # measures time under load
def test_slow_queries_of_their_own_do_not_starve_the_tables(sites):
    """Six clients each sending a query that runs until the time limit, in a loop: before, they held
    every SQL thread and a table page waited 25 s; now one runs at a time, the others are held a
    second and get a 429, and the table pages answer in about their time alone."""
    pages = ("/kb/games.json", "/kb/entries.json?_size=5", "/kb/cards.json?_size=5")
    port = sites["default"]
    alone = {page: min(timed(port, page) for _ in range(3)) for page in pages}
    stop = threading.Event()
    statuses: list[tuple[int, dict]] = []

    def hog() -> None:
        while not stop.is_set():
            status, _, headers = get(port, "/kb.json?" + urlencode({"sql": SLOW_SQL}))
            statuses.append((status, headers))

    hogs = [threading.Thread(target=hog) for _ in range(6)]
    for t in hogs:
        t.start()
    try:
        time.sleep(1.5)
        during = {page: max(timed(port, page) for _ in range(5)) for page in pages}
    finally:
        stop.set()
        for t in hogs:
            t.join(30)
    refused = [headers for status, headers in statuses if status == 429]
    assert refused and all(int(h.get("retry-after", h.get("Retry-After", 0))) >= 1 for h in refused)
    assert {status for status, _ in statuses} <= {200, 400, 429}, {s for s, _ in statuses}
    assert len(statuses) < 6 * 12, f"{len(statuses)} answers: the refused clients were not slowed"
    shown = {page: f"{during[page]:.2f} s (alone {alone[page]:.2f} s)" for page in pages}
    assert during["/kb/games.json"] < 1.0, shown
    assert all(seconds < 2.0 for seconds in during.values()), shown


def timed(port: int, path: str) -> float:
    started = time.perf_counter()
    status, body, _ = get(port, path)
    assert status == 200, (path, body[:200])
    return time.perf_counter() - started


@pytest.mark.serial
def test_the_public_profile_runs_no_sql_of_the_clients(sites):
    port = sites["public"]
    status, _, _ = get(port, "/kb.json?" + urlencode({"sql": "select 1"}))
    assert status == 403
    status, _, _ = get(port, "/kb/entries.json?" + urlencode({"_where": "1=1", "_size": 1}))
    assert status in (400, 403)
    assert get(port, "/kb/entries.json?_search=elusive&_size=3")[0] == 200


@pytest.mark.serial  # measures time under load
def test_a_clients_own_query_stops_at_its_limit_and_a_canned_query_has_more_time(sites):
    """A client's own SQL stops at --sql-time-limit (1 s), even when it asks for more with
    ``_timelimit``; the site's own queries (canned, tables) may take longer (10 s)."""
    port = sites["limited"]
    for extra in ({}, {"_timelimit": "60000"}):
        started = time.perf_counter()
        status, body, _ = get(port, "/kb.json?" + urlencode({"sql": SLOW_SQL, **extra}))
        took = time.perf_counter() - started
        assert status == 400 and b"too long" in body, body[:200]
        assert 0.9 < took < 3.0, took
    status, body, _ = get(port, "/kb.json")
    limit = json.loads(get(port, "/-/settings.json")[1])["sql_time_limit_ms"]
    assert limit >= 10_000
