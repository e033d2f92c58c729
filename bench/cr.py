"""Benchmark: the knowledge base at the scale of the Magic Comprehensive Rules (109 versions).

Prints, each measured on this machine with wall and CPU time:

1. ``rulebase build`` of everything bundled (KeyForge, Keeper of the Cards, 109 CR versions) into an
   empty file, with the KB's size;
2. the same ``rulebase build`` again with the sources unchanged (the KB is current: nothing is
   parsed, aligned or replayed), which must take under 3 s;
3. ``rulebase ingest`` of one CR version that is not bundled (the latest text, dated 2026-02-06) into
   KBs that already hold the last 10, 50 and all 109 CR versions, interleaved (10, 50, 109, 10, ...)
   so machine drift lands on every side, with the ratio of 109 to 10: the cost must not grow with the
   versions already there.

The CLI is run as a user runs it (a subprocess), so start-up counts. Usage:
``python bench/cr.py [--runs N] [--keep DIR]`` (``--keep`` keeps the KBs, e.g. for bench/search.py).
"""

from __future__ import annotations

import argparse
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "sources"
RULEBASE = Path(sys.executable).with_name("rulebase")
NEW_VERSION = "2026-02-06"


def run(*args: str) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the child, stdout) of one ``rulebase`` command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    proc = subprocess.run([str(RULEBASE), *args], capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"rulebase {' '.join(args)} failed: {proc.stderr.strip()}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), proc.stdout


def manifest_with(folder: Path, cr_versions: int) -> Path:
    """The bundled manifest with only the last ``cr_versions`` CR documents, paths made absolute: the
    new release follows the same latest version whatever the history's length, so the ingests do the
    same work and differ only in how many versions the KB already holds."""
    text = (SOURCES / "manifest.toml").read_text(encoding="utf-8")
    head, *docs = re.split(r"(?m)^(?=\[\[document\]\])", text)
    total = sum('game = "mtg"' in d for d in docs)
    kept, seen = [], 0
    for doc in docs:
        if 'game = "mtg"' in doc:
            seen += 1
            if seen <= total - cr_versions:
                continue
        kept.append(re.sub(r'(?m)^file = "(.+)"$', lambda m: f'file = "{SOURCES / m.group(1)}"', doc))
    path = folder / f"manifest-{cr_versions}.toml"
    path.write_text(head + "".join(kept), encoding="utf-8")
    return path


def new_release(folder: Path) -> Path:
    """A CR version that is not bundled: the latest text, stated as effective on 2026-02-06."""
    text = (SOURCES / "mtg-cr" / "2025-11-14.txt").read_bytes().decode("utf-8-sig")
    text = text.replace("November 14, 2025", "February 6, 2026")
    path = folder / f"{NEW_VERSION}.txt"
    path.write_text(text, encoding="utf-8")
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--keep", type=Path, default=None, help="keep the KBs in this folder")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        full = tmp / "full.sqlite"
        wall, cpu, out = run("build", "--db", str(full), "--manifest", str(SOURCES / "manifest.toml"))
        docs = len([line for line in out.splitlines() if not line.startswith("total")])
        print(
            f"full build, {docs} documents: wall {wall:.1f} s, CPU {cpu:.1f} s, "
            f"KB {full.stat().st_size / 2**20:.0f} MiB"
        )
        again = [
            run("build", "--db", str(full), "--manifest", str(SOURCES / "manifest.toml")) for _ in range(args.runs)
        ]
        print(
            f"second build, sources unchanged: median wall {statistics.median(w for w, _, _ in again):.2f} s, "
            f"CPU {statistics.median(c for _, c, _ in again):.2f} s "
            f"({'current' if all('is current' in o for _, _, o in again) else 'NOT current'})"
        )
        release = new_release(tmp)
        bases = {}
        for n in (10, 50, 109):
            bases[n] = full if n == 109 else tmp / f"kb-{n}.sqlite"
            if n != 109:
                run("build", "--db", str(bases[n]), "--manifest", str(manifest_with(tmp, n)))
        times: dict[int, list[tuple[float, float]]] = {n: [] for n in bases}
        for _ in range(args.runs):
            for n, base in bases.items():  # interleaved
                db = tmp / f"ingest-{n}.sqlite"
                shutil.copyfile(base, db)
                wall, cpu, _ = run("ingest", str(release), "--game", "mtg", "--version", NEW_VERSION, "--db", str(db))
                times[n].append((wall, cpu))
                db.unlink()
        print(f"ingest of one new CR version ({args.runs} runs each, interleaved):")
        medians = {
            n: (statistics.median(w for w, _ in t), statistics.median(c for _, c in t)) for n, t in times.items()
        }
        for n, (w, c) in medians.items():
            print(f"  into {n:>3} CR versions: wall {w:.2f} s, CPU {c:.2f} s")
        print(
            f"  ratio 109 / 10 versions: wall x{medians[109][0] / medians[10][0]:.2f}, "
            f"CPU x{medians[109][1] / medians[10][1]:.2f} (flat would be x1.00)"
        )
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(full, args.keep / "full.sqlite")
            print(f"kept {args.keep / 'full.sqlite'}")


if __name__ == "__main__":
    main()
