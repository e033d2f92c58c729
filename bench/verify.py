"""Benchmark: time to replay every ruling scenario under every rulebook version it applies to.

Replays the scenarios of ``rulings/`` (the same replay as ``rulebase build`` records in the KB's
``verifications`` table) ``--runs`` rounds against a KB, and prints the number of replays, the mean
and p99 time per replay and the total; then the time ``load_rulings`` adds to a build. The KB is
built into a temporary folder first unless ``--db`` names one.
Usage: ``python bench/verify.py [--runs N] [--db KB] [--rulings DIR]``.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent), str(Path(__file__).resolve().parent)]

from engine.replay.scenario import versions_for  # noqa: E402
from rulebase.build import build  # noqa: E402
from kbcopy import writable_copy  # noqa: E402
from rulebase.rulings import default_rulings_dir, load_rulings, read_scenarios, replay  # noqa: E402


def p99(values: list[float]) -> float:
    if len(values) < 2:
        return max(values, default=0.0)
    return statistics.quantiles(values, n=100, method="inclusive")[98]


def bench(db: Path, rulings: Path, runs: int) -> None:
    conn = sqlite3.connect(f"file:{db.resolve()}?mode=ro", uri=True)
    scenarios = read_scenarios(rulings)
    plan = [(s, v) for s in scenarios for v in versions_for(conn, s)]
    times: list[float] = []
    cpu: list[float] = []
    failed = 0
    started = time.perf_counter()
    for _ in range(runs):
        for scenario, version in plan:
            w, c = time.perf_counter(), time.process_time()
            result = replay(conn, scenario, version)
            times.append(time.perf_counter() - w)
            cpu.append(time.process_time() - c)
            failed += not result.passed
    total = time.perf_counter() - started
    conn.close()
    print(f"scenarios: {len(scenarios)}, (scenario, version) pairs: {len(plan)}, rounds: {runs}")
    print(f"replays: {len(times)}  ({len(times) - failed} passed, {failed} failed)")
    print(
        f"per replay: mean {1000 * statistics.fmean(times or [0.0]):.3f} ms wall, "
        f"{1000 * statistics.fmean(cpu or [0.0]):.3f} ms CPU; p99 {1000 * p99(times):.3f} ms wall"
    )
    print(f"total: {total:.3f} s")
    # what the build pays: one load_rulings (matching, replays, conflict marks, rows) on a copy
    with tempfile.TemporaryDirectory() as tmp:
        copy = writable_copy(db, tmp)
        loads = []
        for _ in range(max(1, min(runs, 5))):
            t = time.perf_counter()
            load_rulings(copy, rulings)
            loads.append(time.perf_counter() - t)
        copy.close()
    print(f"load_rulings (as in a build), median: {1000 * statistics.median(loads):.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20, help="rounds over every (scenario, version) pair")
    ap.add_argument("--db", type=Path, default=None, help="an existing KB (default: build one first)")
    ap.add_argument("--rulings", type=Path, default=None, help="scenario folder (default: rulings/)")
    args = ap.parse_args()
    rulings = args.rulings or default_rulings_dir()
    if args.db is not None:
        bench(args.db, rulings, args.runs)
        return
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "kb.sqlite"
        started = time.perf_counter()
        build(db, rulings=rulings)
        print(f"KB built in {time.perf_counter() - started:.2f} s")
        bench(db, rulings, args.runs)


if __name__ == "__main__":
    main()
