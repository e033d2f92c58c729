"""Benchmark: a full build of the knowledge base, beside its targets: wall, CPU, peak memory, per stage.

Runs the real build (``rulebase.build.build(full=True)``, the code of ``rulebase build --full``) of
the manifest (default: everything bundled) into a temporary folder, each run in a process of its
own so its peak resident memory is its own (``os.wait4``), and prints the medians beside the
targets of issue 30 (a full build of everything bundled in at most 90 s, peaking under 500 MB), with
the CPU time (a 2-core machine shared with others stretches wall time, not CPU time) and the load
averages before and after. Then each stage (``BuildReport.stages``: documents, alignment, replays,
supersessions, search index ...) with its wall and CPU time and the peak memory when it ended, and
the slowest documents. Usage: ``python bench/build.py [--runs N] [--manifest FILE]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: issue 30's targets for a full build of everything bundled
TARGET_WALL_S, TARGET_PEAK_MB = 90.0, 500.0

CHILD = """
import json, sys, time
from pathlib import Path
sys.path.insert(0, {root!r})
from rulebase.build import build
report = build(Path({db!r}), {manifest}, full=True)
print(json.dumps({{
    "stages": report.stages,
    "documents": [[f"{{d.game}} {{d.version}} ({{d.format}})", d.seconds] for d in report.documents],
    "size": Path({db!r}).stat().st_size,
}}))
"""


def one_build(db: Path, manifest: Path | None) -> dict:
    """One full build in a child process: its wall, CPU and peak RSS, and what it reported."""
    code = CHILD.format(
        root=str(ROOT), db=str(db), manifest=f"Path({str(manifest.resolve())!r})" if manifest else "None"
    )
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - started
    if proc.returncode != 0:
        raise SystemExit(f"bench: the build exited with {proc.returncode}")
    report = json.loads(out)
    report.update(wall=wall, cpu=usage.ru_utime + usage.ru_stime, peak=usage.ru_maxrss / 1024)
    return report


def beside(value: float, target: float, unit: str) -> str:
    mark = "meets" if value <= target else "MISSES"
    return f"{value:8.1f} {unit:<4} target <= {target:g} {unit}  ({mark})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--manifest", type=Path, default=None, help="default: sources/manifest.toml (everything bundled)")
    args = ap.parse_args()
    load_before = os.getloadavg()
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.runs):
            runs.append(one_build(Path(tmp) / f"kb{i}.sqlite", args.manifest))
    load_after = os.getloadavg()
    med = lambda key: statistics.median(r[key] for r in runs)  # noqa: E731
    print(
        f"full build, median of {args.runs} run(s); load average before {load_before[0]:.2f} "
        f"{load_before[1]:.2f} {load_before[2]:.2f}, after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f} "
        f"({os.cpu_count()} cores)"
    )
    print(f"  wall        {beside(med('wall'), TARGET_WALL_S, 's')}")
    print(
        f"  CPU         {med('cpu'):8.1f} s     (the build's and its parsing workers': what the load does not stretch)"
    )
    print(f"  peak RSS    {beside(med('peak'), TARGET_PEAK_MB, 'MiB')}")
    print(f"  KB size     {runs[-1]['size'] / 2**20:8.1f} MiB")
    print("stages (wall s, CPU s, peak RSS MiB when the stage ended):")
    for name in runs[0]["stages"]:
        wall = statistics.median(r["stages"][name][0] for r in runs)
        cpu = statistics.median(r["stages"][name][1] for r in runs)
        peak = statistics.median(r["stages"][name][2] for r in runs)
        print(f"  {name:<15} {wall:8.2f} s wall {cpu:8.2f} s CPU {peak:8.0f} MiB")
    docs: dict[str, list[float]] = {}
    for r in runs:
        for name, secs in r["documents"]:
            docs.setdefault(name, []).append(secs)
    slowest = sorted(docs.items(), key=lambda kv: -statistics.median(kv[1]))[:8]
    print(f"slowest of {len(docs)} documents (wall s):")
    for name, secs in slowest:
        print(f"  {name:<36} {statistics.median(secs):6.2f}")


if __name__ == "__main__":
    main()
