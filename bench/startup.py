"""Benchmark: how soon the commands users wait for start, and what the verify workers hold.

For each KB given (``--db``, repeatable; the KBs' rounds interleaved, A B A B ..., so the load of
this shared machine lands on each alike), ``--runs`` rounds of:

- ``rulebase --help`` (target 0.3 s) and ``rulebase search elusive --db KB`` (target 0.5 s), each a
  new process: wall, and CPU from ``resource.getrusage(RUSAGE_CHILDREN)``;
- ``rulebase serve --db KB --port 0``: wall from the process's start to its "ready" line (target
  1 s) and the server's CPU until then (its workers start on their own CPU), the stage it says it waited for when slower, the server's RSS and each verify worker's
  (target 120 MB), read from ``/proc`` once it is ready.

Each figure is printed beside its target with the load average of the machine during its runs
(``os.getloadavg``); medians over the rounds. :func:`measure` gives the figures of one KB as a dict
(for ``bench/growth.py``). The commands run from this checkout's environment, with bytecode caching
on (as an installed ``rulebase`` has it), after one unrecorded round.
Usage: ``python bench/startup.py [--db KB]... [--runs N]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXE = Path(sys.executable).with_name("rulebase")
DEFAULT_DB = ROOT / ".test-kbs" / "full" / "kb.sqlite"

#: issue 30's targets: seconds, and MB of resident memory per verify worker
TARGETS = {"help_s": 0.3, "search_s": 0.5, "serve_ready_s": 1.0, "worker_rss_mb": 120.0}

#: bytecode cached, as an installed rulebase has it (a session may have turned it off)
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(args: list[str]) -> tuple[float, float]:
    """(wall s, CPU s) of ``rulebase ARGS`` as a process; its output is discarded."""
    cpu, wall = _children_cpu(), time.perf_counter()
    done = subprocess.run([str(EXE), *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=_ENV)
    wall, cpu = time.perf_counter() - wall, _children_cpu() - cpu
    if done.returncode != 0:
        raise SystemExit(f"bench/startup.py: rulebase {' '.join(args)} failed: {done.stderr.strip()}")
    return wall, cpu


def _rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024 / 1e6
    except OSError:
        pass
    return None


def _cpu_s(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (/proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            out += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return out


def _is_worker(pid: int) -> bool:
    try:
        return b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def serve_ready(db: Path, timeout: float = 120.0) -> dict:
    """Start ``rulebase serve`` on ``db``, wait for its ready line, read its memory and its
    workers', stop it: {"serve_ready_s", "ready_line", "server_rss_mb", "worker_rss_mb" (the
    largest), "workers"}."""
    started = time.perf_counter()
    proc = subprocess.Popen(
        [str(EXE), "serve", "--db", str(db), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=_ENV,
    )
    try:
        lines = []
        for line in proc.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith("ready in"):
                break
            if time.perf_counter() - started > timeout:
                break
        ready = time.perf_counter() - started
        if not lines or not lines[-1].startswith("ready in"):
            raise SystemExit(f"bench/startup.py: serve did not start: {lines}")
        workers = [p for p in _children(proc.pid) if _is_worker(p)]
        rss = [r for r in (_rss_mb(p) for p in workers) if r is not None]
        return {
            "serve_ready_s": ready,
            "serve_cpu_s": _cpu_s(proc.pid),
            "worker_cpu_s": max((_cpu_s(p) for p in workers), default=0.0),
            "ready_line": lines[-1],
            "server_rss_mb": _rss_mb(proc.pid),
            "worker_rss_mb": max(rss, default=0.0),
            "workers": len(rss),
        }
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def _round(db: Path) -> dict:
    load = os.getloadavg()[0]
    help_wall, help_cpu = timed(["--help"])
    search_wall, search_cpu = timed(["search", "elusive", "--db", str(db)])
    serve = serve_ready(db)
    return {
        "help_s": help_wall,
        "help_cpu_s": help_cpu,
        "search_s": search_wall,
        "search_cpu_s": search_cpu,
        **serve,
        "load": (load + os.getloadavg()[0]) / 2,
    }


def measure_many(dbs: list[Path], runs: int = 3) -> list[dict]:
    """:func:`measure` of several KBs, their rounds interleaved, after one unrecorded round each."""
    for db in dbs:
        _round(db)
    rounds: list[list[dict]] = [[] for _ in dbs]
    for _ in range(runs):
        for n, db in enumerate(dbs):
            rounds[n].append(_round(db))
    out = []
    for db, rs in zip(dbs, rounds):
        figures: dict = {"kb": str(db)}
        for key, value in rs[0].items():
            if isinstance(value, (int, float)) and value is not None:
                figures[key] = statistics.median(r[key] for r in rs)
        slowest = max(rs, key=lambda r: r["serve_ready_s"])
        figures["slowest_ready_line"] = slowest["ready_line"]
        out.append(figures)
    return out


def measure(db_path: Path | str, runs: int = 3) -> dict:
    """The start-up figures of one KB (medians over ``runs`` rounds): ``help_s``, ``help_cpu_s``,
    ``search_s``, ``search_cpu_s``, ``serve_ready_s``, ``serve_cpu_s`` (the server's own CPU until
    ready), ``worker_cpu_s``, ``server_rss_mb``, ``worker_rss_mb`` (the
    largest worker), ``workers``, ``load`` (1-minute load average), ``slowest_ready_line``."""
    return measure_many([Path(db_path)], runs)[0]


def report(figures: list[dict]) -> None:
    labels = {
        "help_s": ("rulebase --help", "help_cpu_s", "s"),
        "search_s": ("rulebase search elusive", "search_cpu_s", "s"),
        "serve_ready_s": ("rulebase serve, ready", "serve_cpu_s", "s"),
        "worker_rss_mb": ("verify worker RSS (largest)", None, "MB"),
    }
    for f in figures:
        print(f"{f['kb']} (load {f['load']:.1f} during its rounds):")
        for key, (label, cpu, unit) in labels.items():
            target = TARGETS[key]
            ok = "ok" if f[key] <= target else "OVER"
            extra = f", {f[cpu]:.2f} s CPU" if cpu else ""
            print(f"  {label:<30} {f[key]:7.2f} {unit}{extra}   target <= {target:g} {unit}: {ok}")
        print(
            f"  server RSS {f['server_rss_mb']:.0f} MB, {f['workers']:.0f} workers, "
            f"each {f['worker_cpu_s']:.2f} s CPU to start (the largest)"
        )
        print(f"  slowest ready line: {f['slowest_ready_line']}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, action="append", default=None, help=f"a KB, repeatable (default: {DEFAULT_DB})")
    ap.add_argument("--runs", type=int, default=3, help="rounds (medians are printed)")
    args = ap.parse_args()
    dbs = args.db or [DEFAULT_DB]
    missing = [str(d) for d in dbs if not d.is_file()]
    if missing:
        sys.exit(f"bench/startup.py: no KB at {', '.join(missing)}")
    one, five, _ = os.getloadavg()
    print(f"{args.runs} rounds, interleaved; load {one:.1f} {five:.1f} on {os.cpu_count()} cores at the start")
    report(measure_many(dbs, args.runs))
    one, five, _ = os.getloadavg()
    print(f"load {one:.1f} {five:.1f} at the end")


if __name__ == "__main__":
    main()
