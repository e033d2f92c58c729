"""Benchmark: time to build the whole knowledge base, time per document, and the KB's size.

Runs the real build (the same code as ``rulebase build``, every document again: ``full``) several
times into a temporary folder and prints medians of wall and CPU time (this process's). It compares
nothing with anything else, so it prints no ratio. Usage: ``python bench/build.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulebase.build import build  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    totals: list[float] = []
    cpu: list[float] = []
    per_doc: dict[str, list[float]] = {}
    rulings: list[float] = []
    size = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.runs):
            path = Path(tmp) / f"kb{i}.sqlite"
            started, cpu_started = time.perf_counter(), time.process_time()
            report = build(path, full=True)
            totals.append(time.perf_counter() - started)
            cpu.append(time.process_time() - cpu_started)
            for d in report.documents:
                per_doc.setdefault(f"{d.game} {d.version} ({d.format})", []).append(d.seconds)
            rulings.append(report.rulings.seconds)
            size = path.stat().st_size
    median_total = statistics.median(totals)
    docs_total = sum(statistics.median(v) for v in per_doc.values())
    print(f"runs: {args.runs}")
    print(
        f"whole build, median: {median_total:.3f} s wall, {statistics.median(cpu):.3f} s CPU  "
        f"(wall min {min(totals):.3f} s, max {max(totals):.3f} s)"
    )
    for name, secs in per_doc.items():
        med = statistics.median(secs)
        print(f"  {name:<36} {med:.3f} s  ({100 * med / median_total:4.1f}% of the build)")
    rulings_med = statistics.median(rulings)
    print(
        f"  {'rulings replayed and stored':<36} {rulings_med:.3f} s  ({100 * rulings_med / median_total:4.1f}% of the build)"
    )
    print(f"  {'card data, schema, search index':<36} {median_total - docs_total - rulings_med:.3f} s")
    print(f"KB size: {size / 1024 / 1024:.2f} MiB ({size} bytes)")


if __name__ == "__main__":
    main()
