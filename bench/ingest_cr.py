"""Benchmark: ingesting one Comprehensive Rules release from its PDF, its DOCX and its text file.

The same release (2020-07-03, the one the publisher gave as text, PDF and DOCX) is ingested with the
real ``rulebase ingest`` code into copies of a KB built from tests/manifest-sample.toml (three CR
versions, so the release is threaded against its neighbours), text, PDF, DOCX, text, PDF, ... in
turn so machine drift lands on every side; the median CPU and wall time of each is printed with the
ratio to the text file, and the parse alone (reading the container and the CR parser) beside it.
Run by ``python bench/ingest.py --cr [--runs N]``.
"""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RELEASE = "2020-07-03"
#: issue 30's target: a container's ingest at most this many times the CPU of the same release as text
TARGET_RATIO = 2.0
FILES = {
    "text": ROOT / "sources" / "mtg-cr" / f"{RELEASE}.txt",
    "pdf": ROOT / "tests" / "data" / "mtg-cr" / f"{RELEASE}.pdf",
    "docx": ROOT / "tests" / "data" / "mtg-cr" / f"{RELEASE}.docx",
}


def run(runs: int) -> None:
    from ingest.model import ParseContext
    from ingest.registry import parse_document
    from rulebase.build import build, ingest

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        base = tmp / "base.sqlite"
        empty = tmp / "no-rulings"
        empty.mkdir()
        build(base, ROOT / "tests" / "manifest-sample.toml", rulings=empty)
        times: dict[str, dict[str, list[float]]] = {k: {"cpu": [], "wall": [], "parse": []} for k in FILES}
        for _ in range(runs):
            for kind, path in FILES.items():  # interleaved
                data = path.read_bytes()
                c = time.process_time()
                parse_document(data, "auto", ParseContext(game="mtg", source_name=path.name))
                times[kind]["parse"].append(time.process_time() - c)
                db = tmp / f"run-{kind}.sqlite"
                shutil.copyfile(base, db)
                w, c = time.perf_counter(), time.process_time()
                report = ingest(db, path, "mtg", RELEASE, rulings=empty)
                times[kind]["wall"].append(time.perf_counter() - w)
                times[kind]["cpu"].append(time.process_time() - c)
                assert sum(report.counts.values()) > 3000, (kind, report.counts)
    med = {k: {m: statistics.median(v) for m, v in t.items()} for k, t in times.items()}
    load = os.getloadavg()
    print(
        f"CR {RELEASE} ingested into a KB of 3 CR versions, {runs} runs each, interleaved (medians); "
        f"load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores:"
    )
    for kind, m in med.items():
        text = med["text"]
        ratio = m["cpu"] / text["cpu"]
        target = (
            ""
            if kind == "text"
            else (f"   target <= x{TARGET_RATIO:g} ({'meets' if ratio <= TARGET_RATIO else 'MISSES'})")
        )
        print(
            f"  {kind:<4} {FILES[kind].name:<16} ingest CPU {m['cpu']:.2f} s (x{ratio:.2f} of text), "
            f"wall {m['wall']:.2f} s (x{m['wall'] / text['wall']:.2f}); parse alone CPU {m['parse']:.2f} s" + target
        )
