"""Benchmark: the server time of each step of the board builder (``POST /api/play``), against
``POST /api/verify`` of the same scenario.

Every bundled KeyForge ruling is opened as the builder opens it (``GET /api/rulings/<id>``) and
played as a judge plays it: the first request carries no answer, each next one the answers so far
plus the next (per version, for every version still waiting for one), until no version waits.
Each request is a step. Played under one version (the KB's latest KeyForge version) and under
``"all"``; then each scenario is verified (``POST /api/verify`` of the rulings file as JSON, under
the same one version, or every version it replays), and the ratio of the step's time to verify's
is printed.

The server time: what the verify worker spends on the request (:func:`api.play_run.play_posted`,
:func:`api.verify_run.replay_posted`), measured around the call on a kept, warmed connection as a
worker holds one (``rulebase serve`` warms its workers before it is ready), wall clock and the
thread's CPU time. The wall clock counts what else the machine runs; the CPU time is the step's
own. ``--http`` measures instead whole requests through the app and its worker processes (Flask's
test client: the body read, the slot, the round trip to the worker; wall clock only).

The KBs: ``--db`` (repeatable); default ``.test-kbs/full/kb.sqlite`` (everything bundled) and
``.test-kbs/sample/kb.sqlite`` (the test KB) where they exist.
Usage: ``python bench/play.py [--db KB ...] [--rounds N] [--http]``.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from api import create_app, workers  # noqa: E402
from api.errors import ApiError  # noqa: E402
from api.play_run import import_ruling, play_posted  # noqa: E402
from api.verify import MAX_STEPS  # noqa: E402
from api.verify_run import replay_posted  # noqa: E402
from api.verify_slots import MAX_SECONDS  # noqa: E402
from engine.replay.kb_cache import warm  # noqa: E402

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
BUDGET = (MAX_STEPS, MAX_SECONDS)


def pct(values: list[float], q: int) -> float:
    if len(values) < 2:
        return max(values, default=0.0)
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


class Direct:
    """The worker's functions on a kept, warmed connection."""

    def __init__(self, db: Path):
        self.conn = sqlite3.connect(f"file:{db.resolve()}?mode=ro", uri=True)
        warm(self.conn)

    def load(self, sid: str) -> dict:
        return import_ruling(self.conn, sid, BUDGET)

    def play(self, body: dict) -> tuple[dict, float, float]:
        w, c = time.perf_counter(), time.thread_time()
        out = play_posted(self.conn, body, BUDGET)
        return out, time.perf_counter() - w, time.thread_time() - c

    def verify(self, raw: dict, version: str | None) -> tuple[bool, float, float]:
        w, c = time.perf_counter(), time.thread_time()
        try:
            replay_posted(self.conn, raw, version, BUDGET)
            ok = True
        except ApiError:  # a scenario that does not replay under that version
            ok = False
        return ok, time.perf_counter() - w, time.thread_time() - c


class Http:
    """Whole requests through the app and its worker processes (wall clock; CPU is the worker's)."""

    def __init__(self, db: Path):
        app = create_app(db)
        workers.start(app.extensions["verify_slots"].size, app.config["KB_PATH"])  # warmed, as `rulebase serve` does
        self.client = app.test_client()

    def load(self, sid: str) -> dict:
        return self.client.get(f"/api/rulings/{sid}").get_json()

    def play(self, body: dict) -> tuple[dict, float, float]:
        w = time.perf_counter()
        response = self.client.post("/api/play", json=body)
        if response.status_code != 200:
            raise SystemExit(f"POST /api/play: {response.status_code} {response.get_json()}")
        return response.get_json(), time.perf_counter() - w, float("nan")

    def verify(self, raw: dict, version: str | None) -> tuple[bool, float, float]:
        w = time.perf_counter()
        response = self.client.post("/api/verify" + (f"?version={version}" if version else ""), json=raw)
        return response.status_code == 200, time.perf_counter() - w, float("nan")


def play_stepwise(server, loaded: dict, versions, wall: list, cpu: list) -> int:
    """Play one question step by step as a judge would; returns the number of steps."""
    given: dict[str, list] = {}
    steps = 0
    while True:
        body = {"scenario": loaded["scenario"], "versions": versions, "answers": given}
        out, w, c = server.play(body)
        wall.append(w)
        cpu.append(c)
        steps += 1
        moved = False
        for run in out["versions"]:
            if run["status"] != "decision":
                continue
            mine = given.setdefault(run["version"], [])
            answers = loaded["answers"].get(run["version"], [])
            if len(mine) < len(answers):
                mine.append(answers[len(mine)])
                moved = True
        if not moved:
            return steps


def _ms(values: list[float], q: int) -> str:
    value = pct(values, q)
    return "-" if value != value else f"{1000 * value:.1f} ms"


def bench(db: Path, rounds: int, http: bool) -> None:
    server = Http(db) if http else Direct(db)
    conn = sqlite3.connect(f"file:{db.resolve()}?mode=ro", uri=True)
    rows = conn.execute("SELECT id, yaml FROM scenarios ORDER BY id").fetchall()
    latest = conn.execute(
        "SELECT version FROM documents WHERE game = 'keyforge' ORDER BY version_sort DESC LIMIT 1"
    ).fetchone()[0]
    conn.close()
    scenarios = [(sid, yaml.load(text, Loader=_LOADER)) for sid, text in rows]
    scenarios = [(sid, raw) for sid, raw in scenarios if raw.get("game", "keyforge") == "keyforge"]
    loaded = {sid: server.load(sid) for sid, _ in scenarios}
    how = "whole requests through the app's workers" if http else "the worker's time per request"
    print(f"KB {db}: {len(scenarios)} KeyForge scenarios, latest version {latest}, {rounds} round(s), {how}")
    for label, versions, version in ((f"one version ({latest})", [latest], latest), ("all", "all", None)):
        wall: list[float] = []
        cpu: list[float] = []
        v_wall: list[float] = []
        v_cpu: list[float] = []
        steps = 0
        for _ in range(rounds):
            for sid, raw in scenarios:
                steps += play_stepwise(server, loaded[sid], versions, wall, cpu)
                ok, w, c = server.verify(raw, version)
                if ok:
                    v_wall.append(w)
                    v_cpu.append(c)
        print(
            f"  {label}: {steps} steps; per step p50 {_ms(wall, 50)} wall, {_ms(cpu, 50)} CPU; "
            f"p99 {_ms(wall, 99)} wall, {_ms(cpu, 99)} CPU"
        )
        print(
            f"    POST /api/verify of the same scenarios ({len(v_wall)} replayed): p50 {_ms(v_wall, 50)} wall, "
            f"{_ms(v_cpu, 50)} CPU; p99 {_ms(v_wall, 99)} wall, {_ms(v_cpu, 99)} CPU"
        )
        if v_wall:
            line = f"    step / verify: p50 {pct(wall, 50) / pct(v_wall, 50):.2f} wall"
            if not http:
                line += f", {pct(cpu, 50) / pct(v_cpu, 50):.2f} CPU; p99 {pct(cpu, 99) / pct(v_cpu, 99):.2f} CPU"
            print(line)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, action="append", help="a KB (repeatable); default: the test KBs kept")
    ap.add_argument("--rounds", type=int, default=3, help="rounds over every scenario")
    ap.add_argument("--http", action="store_true", help="whole requests through the app's worker processes")
    args = ap.parse_args()
    dbs = args.db or [p for p in (ROOT / ".test-kbs/full/kb.sqlite", ROOT / ".test-kbs/sample/kb.sqlite") if p.exists()]
    if not dbs:
        raise SystemExit("no KB: give --db, or build the test KBs (make test-fast) or a full one (rulebase build)")
    for db in dbs:
        bench(db, args.rounds, args.http)


if __name__ == "__main__":
    main()
