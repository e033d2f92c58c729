"""Verify under load, against the real server: a burst of 100 concurrent verify requests must not
starve search (at most ``--verify-concurrency`` run at once; the rest wait in the verify lane of
``api.request_lanes`` without holding a thread, and one that waited 3 s is refused with a 429 and
Retry-After), and a valid scenario is never refused for time because the server is busy (the per-run
budget is CPU time, not wall time)."""

from __future__ import annotations

import http.client
import json
import math
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import yaml

from api import create_app
from engine.core.errors import LimitExceeded
from engine.core.limits import Limits
from test_serve_hardening import serve

ROOT = Path(__file__).resolve().parent.parent
BAIT = ROOT / "rulings" / "keyforge" / "bait-and-switch-14-amber.yaml"
SEARCH = "/api/search?q=elusive+first+attack"
#: the tests that measure time under load are marked serial one by one; the run budget's test runs
#: beside the other tests: it counts CPU time only, which other processes' load does not change

#: the search p99 the issue asks for while bursts of 100 verifies arrive
P99 = 0.100
#: bursts of each kind. Four are enough: a verify burst lasts about 3 s (the lane refuses what waited
#: 3 s), so four give some 400 searches during the verify bursts (p99: their 5th slowest; the test
#: needs 10) and, with the 0.2 s pauses, some 80 during the control ones; twelve (the first size)
#: only repeated the same measurement for 35 s more.
WAVES = 4

#: the attacker, in a process of its own (as it would be on another machine: its work does not
#: share this process's interpreter with the client measuring the searches). Each wave opens 100
#: connections, sends a request on each, then reads every answer; waves alternate between a control
#: (POST /api/verify with no body: refused at once, no engine work) and a valid scenario. Prints one
#: JSON line per wave: its kind, when it started and ended, and every answer.
FLOOD = r"""
import json, selectors, socket, sys, time
port, n, waves = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
body = sys.stdin.buffer.read()
def request(data):
    return (b"POST /api/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
            b"Content-Length: %d\r\n\r\n" % len(data)) + data
print("go", flush=True)
for kind in ["control", "verify"] * waves:
    time.sleep(0.2)   # the server is idle again between two waves
    started = time.time()
    socks = [socket.create_connection(("127.0.0.1", port), timeout=60) for _ in range(n)]
    for s in socks:
        s.sendall(request(body if kind == "verify" else b""))
    sel, got = selectors.DefaultSelector(), {}
    for s in socks:
        sel.register(s, selectors.EVENT_READ)
        got[s] = b""
    while sel.get_map():
        for key, _ in sel.select(60):
            chunk = key.fileobj.recv(65536)
            if chunk:
                got[key.fileobj] += chunk
            else:
                sel.unregister(key.fileobj)
                key.fileobj.close()
    answers = []
    for data in got.values():
        head, _, answer = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = dict(line.split(": ", 1) for line in lines[1:])
        answers.append({"status": int(lines[0].split()[1]), "retry_after": headers.get("Retry-After"),
                        "body": json.loads(answer)})
    print(json.dumps({"kind": kind, "start": started, "end": time.time(), "answers": answers}), flush=True)
"""


def _search(port: int) -> tuple[float, float]:
    """(when it was sent, by time.time(); how long it took)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    sent, started = time.time(), time.perf_counter()
    conn.request("GET", SEARCH)
    response = conn.getresponse()
    assert response.status == 200 and json.loads(response.read())["results"]
    conn.close()
    return sent, time.perf_counter() - started


def _percentile(values: list[float], p: float) -> float:
    """Nearest rank: with 50 values, p99 is the slowest."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def _overlapping(searches: list[tuple[float, float]], waves: list[dict]) -> list[float]:
    return [took for sent, took in searches if any(sent <= w["end"] and sent + took >= w["start"] for w in waves)]


@pytest.mark.serial  # measures time under load
def test_100_concurrent_verifies_do_not_starve_search(built_kb):
    """Before the cap, each verify took a thread and the interpreter in turn and a search waited
    for all of them: seconds (measured with this test: p99 4.5 s). With the cap but the runs on the
    server's threads, 115 ms: the 2-3 runs admitted per burst held the interpreter in turns with the
    search. Now at most 2 run at once, in worker processes of lower priority, and the rest wait
    their turn in the verify lane without a thread (or are refused after 3 s), so a search waits
    only for the server to take in the burst. What that intake costs alone is measured on the spot
    with control bursts (100 verify requests without a body, refused with a 400) interleaved with
    the real ones, and printed beside."""
    scenario = yaml.safe_load(BAIT.read_text(encoding="utf-8"))
    with serve(built_kb) as (port, printed):
        assert any("2 of them for verify" in line for line in printed), printed
        idle = [took for _, took in (_search(port) for _ in range(20))]
        # no verify first: the server warmed its workers before it said it was ready
        flood = subprocess.Popen(
            [sys.executable, "-c", FLOOD, str(port), "100", str(WAVES)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        flood.stdin.write(json.dumps(scenario))
        flood.stdin.close()
        assert flood.stdout.readline().strip() == "go"
        waves: list[dict] = []
        reader = threading.Thread(target=lambda: waves.extend(json.loads(line) for line in flood.stdout))
        reader.start()
        searches = []
        while reader.is_alive():
            searches.append(_search(port))
            time.sleep(0.01)
        assert flood.wait(30) == 0
    control = [w for w in waves if w["kind"] == "control"]
    bursts = [w for w in waves if w["kind"] == "verify"]
    assert len(control) == len(bursts) == WAVES
    answers = [a for w in bursts for a in w["answers"]]
    ran = [a for a in answers if a["status"] == 200]
    refused = [a for a in answers if a["status"] == 429]
    assert len(ran) + len(refused) == 100 * WAVES, {a["status"] for a in answers}  # no 400: none refused for time
    assert ran
    for answer in ran:  # the verdict of a run does not depend on the load
        results = answer["body"]["results"]
        assert {r["version"] for r in results} >= {"1.1", "1.3"} and all(r["passed"] for r in results)
    for answer in refused:
        assert int(answer["retry_after"]) >= 1 and "try again" in answer["body"]["error"]
    assert all(a["status"] in (400, 429) for w in control for a in w["answers"])
    during, baseline = _overlapping(searches, bursts), _overlapping(searches, control)
    p99, base99 = _percentile(during, 99), _percentile(baseline, 99)
    print(
        f"\nsearch alone: p50 {1000 * _percentile(idle, 50):.0f} ms; during the control bursts: "
        f"p50 {1000 * _percentile(baseline, 50):.0f} ms, p99 {1000 * base99:.0f} ms ({len(baseline)} searches); "
        f"during the verify bursts: p50 {1000 * _percentile(during, 50):.0f} ms, p99 {1000 * p99:.0f} ms "
        f"({len(during)} searches)"
    )
    assert len(during) >= 10 and len(baseline) >= 10  # the searches did overlap the bursts
    assert p99 < P99, (
        f"search p99 {1000 * p99:.0f} ms during the verifies ({1000 * base99:.0f} ms in the control bursts)"
    )


def test_the_run_budget_counts_cpu_time_not_waiting():
    budget = Limits(max_steps=10**9, seconds=0.05).start()
    time.sleep(0.2)  # four times the budget on the wall clock, nothing spent
    budget.spend()
    with pytest.raises(LimitExceeded, match="longer than 0.05 s of CPU time"):
        deadline = time.thread_time() + 1
        while time.thread_time() < deadline:  # a second of CPU time exhausts it
            budget.spend()
            sum(range(1000))


@pytest.mark.serial  # a CPU budget measured beside hogging threads
def test_a_valid_scenario_is_not_refused_while_other_threads_hog_the_interpreter(built_kb):
    scenario = yaml.safe_load(BAIT.read_text(encoding="utf-8"))
    alone = create_app(built_kb).test_client()
    alone.post("/api/verify", json=scenario)  # warm
    started = time.thread_time()
    assert alone.post("/api/verify", json=scenario).status_code == 200
    cpu = time.thread_time() - started
    # a budget of three times what the request costs, while three threads take the interpreter in
    # turns with it: on the wall clock the run takes about four times as long
    client = create_app(built_kb, VERIFY_SECONDS=3 * cpu).test_client()
    stop = threading.Event()
    hogs = [threading.Thread(target=lambda: [sum(range(10_000)) for _ in iter(stop.is_set, True)]) for _ in range(3)]
    for hog in hogs:
        hog.start()
    try:
        for _ in range(5):
            response = client.post("/api/verify", json=scenario)
            assert response.status_code == 200, response.get_json()
            assert all(r["passed"] for r in response.get_json()["results"])
    finally:
        stop.set()
        for hog in hogs:
            hog.join()
