"""Benchmark: time to replay every ruling scenario under every rulebook version it applies to.

Replays the scenarios of ``rulings/`` (the same replay as ``rulebase build`` records in the KB's
``verifications`` table) ``--runs`` rounds against each KB given, the KBs' rounds interleaved (A B A
B ...) so that the load of this shared machine lands on each alike, and prints beside each figure
its target (issue 30) with CPU and wall time and the machine's load average:

- **per replay**: CPU (``time.process_time``) and wall, mean and p99, once what replays read once
  per KB state (entry index, rule sets, terminology) is read; and the CPU per replay of each round
  (one pass over every pair), its median and range. The figure compared with the target (0.5 ms CPU,
  and on a large KB at most 1.2 times the smallest KB's figure: a replay costs what its scenario
  costs, not what the KB holds) is the median round: on this shared two-core virtual machine the
  same code's rounds differ by up to half within a minute (0.40-0.63 ms, 2026-11-30), and a round
  a neighbour's burst slowed moves the mean, not the median. The mean is printed beside it;
- **first replays**: what that once-per-KB-state reading costs a new process (a ``rulebase verify``,
  a verify worker warming up): :func:`engine.replay.kb_cache.warm` in a fresh interpreter, CPU;
- **load_rulings**: what a build pays for its replays, on a copy of the KB.

The KB is built into a temporary folder first unless ``--db`` names one (or several).
:func:`measure` gives the figures of one KB as a dict (for ``bench/growth.py``).
Usage: ``python bench/verify.py [--runs N] [--db KB]... [--rulings DIR] [--no-build-cost]``.
"""

from __future__ import annotations

import argparse
import os
import platform
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from engine.replay.scenario import versions_for  # noqa: E402
from kbcopy import writable_copy  # noqa: E402
from rulebase.rulings import default_rulings_dir, load_rulings, read_scenarios, replay  # noqa: E402

#: issue 30's targets
TARGET_CPU_MS = 0.5
TARGET_RATIO = 1.2

#: a fresh interpreter reading what replays read once per KB state (prints CPU seconds)
_COLD = """
import sqlite3, sys, time
from engine.replay.kb_cache import warm
conn = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
started = time.process_time()
warm(conn)
print(time.process_time() - started)
"""


def load() -> str:
    """The machine's load average (1, 5, 15 min) and its cores, for every figure printed."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.1f} {five:.1f} {fifteen:.1f} on {os.cpu_count()} cores"


def interpreter() -> str:
    """The Python running the replays: how it was built counts for a fifth of their CPU (the Makefile's
    choice of interpreter, docs/performance.md)."""
    return f"Python {platform.python_version()} at {os.path.realpath(sys.executable)}"


def p99(values: list[float]) -> float:
    if len(values) < 2:
        return max(values, default=0.0)
    return statistics.quantiles(values, n=100, method="inclusive")[98]


class _Replays:
    """The replays of one KB, run a round at a time (so that several KBs' rounds interleave)."""

    def __init__(self, db: Path, rulings: Path):
        self.db = db
        self.conn = sqlite3.connect(f"file:{db.resolve()}?mode=ro", uri=True)
        self.plan = [(s, v) for s in read_scenarios(rulings) for v in versions_for(self.conn, s)]
        self.wall: list[float] = []
        self.cpu: list[float] = []
        #: CPU per replay of each round
        self.rounds: list[float] = []
        self.failed = 0
        self.loads: list[float] = []
        for scenario, version in self.plan:  # read once per KB state, as a warm worker has it
            replay(self.conn, scenario, version)

    def round(self) -> None:
        self.loads.append(os.getloadavg()[0])
        before = len(self.cpu)
        for scenario, version in self.plan:
            w, c = time.perf_counter(), time.process_time()
            result = replay(self.conn, scenario, version)
            self.wall.append(time.perf_counter() - w)
            self.cpu.append(time.process_time() - c)
            self.failed += not result.passed
        self.rounds.append(statistics.fmean(self.cpu[before:] or [0.0]))

    def figures(self) -> dict:
        return {
            "kb": str(self.db),
            "pairs": len(self.plan),
            "replays": len(self.cpu),
            "failed": self.failed,
            "cpu_ms": 1000 * statistics.median(self.rounds or [0.0]),
            "cpu_mean_ms": 1000 * statistics.fmean(self.cpu or [0.0]),
            "cpu_rounds_ms": (1000 * min(self.rounds or [0.0]), 1000 * max(self.rounds or [0.0])),
            "cpu_p99_ms": 1000 * p99(self.cpu),
            "wall_ms": 1000 * statistics.fmean(self.wall or [0.0]),
            "wall_p99_ms": 1000 * p99(self.wall),
            "load": statistics.fmean(self.loads or [os.getloadavg()[0]]),
        }

    def close(self) -> None:
        self.conn.close()


def cold_cpu(db: Path) -> float:
    """CPU seconds a new process spends reading what replays read once per KB state."""
    out = subprocess.run(
        [sys.executable, "-c", _COLD, str(db.resolve())], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return float(out.stdout.strip().splitlines()[-1])


def build_cost(db: Path, rulings: Path, runs: int) -> float:
    """Median seconds of one ``load_rulings`` (matching, replays, conflict marks, rows) on a copy."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = writable_copy(db, tmp)
        loads = []
        for _ in range(max(1, min(runs, 5))):
            t = time.perf_counter()
            load_rulings(copy, rulings)
            loads.append(time.perf_counter() - t)
        copy.close()
    return statistics.median(loads)


def measure(db_path: Path | str, runs: int = 5, rulings: Path | None = None) -> dict:
    """The replay figures of one KB: ``cpu_ms`` (CPU per replay of the median round), ``cpu_mean_ms``
    and ``cpu_rounds_ms`` (the mean over every replay, the fastest and slowest round), ``wall_ms``
    (mean per replay), the p99s,
    ``replays``, ``failed``, ``cold_cpu_s`` (a new process's once-per-KB-state reading) and
    ``load`` (the 1-minute load average during the rounds)."""
    many = measure_many([Path(db_path)], runs, rulings)
    return many[0]


def measure_many(dbs: list[Path], runs: int = 5, rulings: Path | None = None) -> list[dict]:
    """:func:`measure` of several KBs, their rounds interleaved."""
    rulings = rulings or default_rulings_dir()
    benches = [_Replays(db, rulings) for db in dbs]
    try:
        for _ in range(runs):
            for b in benches:
                b.round()
        out = [b.figures() for b in benches]
    finally:
        for b in benches:
            b.close()
    colds: dict[int, list[float]] = {n: [] for n in range(len(dbs))}
    for _ in range(3):
        for n, db in enumerate(dbs):
            colds[n].append(cold_cpu(db))
    for n, figures in enumerate(out):
        figures["cold_cpu_s"] = statistics.median(colds[n])
    return out


def report(figures: list[dict]) -> None:
    """Each KB's figures beside their targets."""
    base = min(figures, key=lambda f: Path(f["kb"]).stat().st_size)  # the smallest KB
    for f in figures:
        ok = "ok" if f["cpu_ms"] <= TARGET_CPU_MS else "OVER"
        print(f"{f['kb']}: {f['pairs']} (scenario, version) pairs, {f['replays']} replays, {f['failed']} failed")
        fastest, slowest = f["cpu_rounds_ms"]
        print(
            f"  per replay: {f['cpu_ms']:.3f} ms CPU in the median round (target <= {TARGET_CPU_MS} ms: {ok}),"
            f" rounds {fastest:.3f}-{slowest:.3f} ms; mean {f['cpu_mean_ms']:.3f} ms, p99 {f['cpu_p99_ms']:.3f} ms CPU;"
            f" wall {f['wall_ms']:.3f} ms, p99 {f['wall_p99_ms']:.3f} ms; load {f['load']:.1f} during the rounds"
        )
        if len(figures) > 1:
            ratio = f["cpu_ms"] / base["cpu_ms"]
            verdict = "ok" if ratio <= TARGET_RATIO else "OVER"
            print(f"  against {base['kb']}: x{ratio:.2f} CPU (target <= x{TARGET_RATIO}: {verdict})")
        print(f"  first replays of a new process (entry index, rule sets, terminology): {f['cold_cpu_s']:.3f} s CPU")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20, help="rounds over every (scenario, version) pair")
    ap.add_argument(
        "--db", type=Path, action="append", default=None, help="an existing KB, repeatable (default: build one first)"
    )
    ap.add_argument("--rulings", type=Path, default=None, help="scenario folder (default: rulings/)")
    ap.add_argument("--no-build-cost", action="store_true", help="skip timing load_rulings on a copy")
    args = ap.parse_args()
    rulings = args.rulings or default_rulings_dir()
    with tempfile.TemporaryDirectory() as tmp:
        dbs = args.db
        if not dbs:
            from rulebase.build import build  # only when no KB is given

            db = Path(tmp) / "kb.sqlite"
            started = time.perf_counter()
            build(db, rulings=rulings)
            print(f"KB built in {time.perf_counter() - started:.2f} s")
            dbs = [db]
        missing = [str(d) for d in dbs if not d.is_file()]
        if missing:
            sys.exit(f"bench/verify.py: no KB at {', '.join(missing)}")
        print(f"{args.runs} rounds, interleaved; {load()} at the start; {interpreter()}")
        report(measure_many(dbs, args.runs, rulings))
        if not args.no_build_cost:
            for db in dbs:
                print(
                    f"load_rulings (as in a build) on {db}, median: {1000 * build_cost(db, rulings, args.runs):.1f} ms"
                )
        print(f"{load()} at the end")


if __name__ == "__main__":
    main()
