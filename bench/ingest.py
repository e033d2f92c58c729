"""Benchmark: ingesting a new edition into a built KB, and how that time grows with the scenarios.

A judge adds an edition with ``rulebase ingest``; the ingest parses it, slots its entries into the
threads, replays the rulings (every scenario under every version: their expectations are carried by
meaning, ``engine/replay/carry.py``) and marks superseded entries. This runs that real ingest (the same code
as the CLI) of one edition into copies of a KB built from the bundled sources, with the rulings
folder as it is (1x) and copied 2x and 4x (each copy a scenario of its own id), and prints the median
wall and CPU time per multiple, measured interleaved (1x, 2x, 4x, 1x, ...) so machine drift lands on
every side, the part each step takes, and the growth: time(4x) / time(1x) against 4, the linear bound.

The edition is ``--edition FILE`` (Markdown, text, HTML or PDF), or by default a Markdown edition
rendered from the KB's 16.0 entries in the 1.3 layout (``tests/editions.py``), ingested as "14".
Usage: ``python bench/ingest.py [--runs N] [--edition FILE] [--version V]``; ``--cr``: a CR release from
its PDF and DOCX against its text file instead (``bench/ingest_cr.py``).
"""

from __future__ import annotations

import argparse
import re
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from rulebase.build import build, ingest  # noqa: E402
from rulebase.rulings import default_rulings_dir  # noqa: E402

MULTIPLES = (1, 2, 4)
_ID = re.compile(r"(?m)^id: *(.+?) *$")


def multiplied_rulings(dest: Path, times: int) -> int:
    """The project's rulings copied ``times`` times under ``dest`` (ids suffixed); returns the count."""
    n = 0
    for path in sorted(default_rulings_dir().rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        for k in range(times):
            folder = dest / path.parent.name
            folder.mkdir(parents=True, exist_ok=True)
            copy = _ID.sub(lambda m: f"id: {m.group(1)}" + (f"-copy{k}" if k else ""), text, count=1)
            (folder / f"{path.stem}-{k}.yaml").write_text(copy, encoding="utf-8")
            n += 1
    return n


def default_edition(kb: Path, dest: Path) -> Path:
    from editions import markdown_edition

    conn = sqlite3.connect(f"file:{kb}?mode=ro", uri=True)
    try:
        text, _ = markdown_edition(conn, "16.0", version_label="14")
    finally:
        conn.close()
    path = dest / "edition-14.md"
    path.write_text(text, encoding="utf-8")
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--edition", type=Path, default=None, help="the edition to ingest (default: generated)")
    ap.add_argument("--version", default="14", help="the version it is ingested as")
    ap.add_argument("--cr", action="store_true", help="a CR release as PDF and DOCX against its text file")
    args = ap.parse_args()
    if args.cr:
        from ingest_cr import run

        run(args.runs)
        return
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        base = tmp / "base.sqlite"
        build(base)
        edition = args.edition or default_edition(base, tmp)
        folders = {}
        for m in MULTIPLES:
            folders[m] = tmp / f"rulings-{m}x"
            count = multiplied_rulings(folders[m], m)
            build(tmp / f"base-{m}x.sqlite", rulings=folders[m])  # the KB those scenarios were built into
            folders[m] = (folders[m], count)
        wall: dict[int, list[float]] = {m: [] for m in MULTIPLES}
        cpu: dict[int, list[float]] = {m: [] for m in MULTIPLES}
        parts: dict[int, dict[str, list[float]]] = {m: {} for m in MULTIPLES}
        for run in range(args.runs):
            for m in MULTIPLES:  # interleaved
                db = tmp / f"run-{m}x.sqlite"
                shutil.copyfile(tmp / f"base-{m}x.sqlite", db)
                w, c = time.perf_counter(), time.process_time()
                report = ingest(db, edition, "keyforge", args.version, rulings=folders[m][0])
                wall[m].append(time.perf_counter() - w)
                cpu[m].append(time.process_time() - c)
                for name, secs in (("parse and store", report.seconds), ("rulings", report.rulings.seconds)):
                    parts[m].setdefault(name, []).append(secs)
                if run == 0:
                    r = report.rulings
                    print(
                        f"{m}x: {folders[m][1]} scenarios: {r.passed} passed, {r.failed} failed, "
                        f"{r.unverified} unverified after ingesting {edition.name} as {args.version} "
                        f"({sum(report.counts.values())} entries)"
                    )
    print(f"runs: {args.runs} per multiple, interleaved")
    base_wall, base_cpu = statistics.median(wall[1]), statistics.median(cpu[1])
    for m in MULTIPLES:
        mw, mc = statistics.median(wall[m]), statistics.median(cpu[m])
        split = ", ".join(f"{k} {statistics.median(v):.3f} s" for k, v in parts[m].items())
        print(
            f"{m}x scenarios ({folders[m][1]}): wall {mw:.3f} s, CPU {mc:.3f} s "
            f"(x{mw / base_wall:.2f} wall, x{mc / base_cpu:.2f} CPU of 1x; linear would be x{m})  [{split}]"
        )
    per = (statistics.median(wall[4]) - statistics.median(wall[1])) / (3 * folders[1][1])
    print(f"each scenario adds {1000 * per:.2f} ms of wall time to an ingest")


if __name__ == "__main__":
    main()
