"""Benchmark: how rulebase's costs grow with the number of rulebook versions it holds.

A rulebook that changes every few months (the Magic Comprehensive Rules: 109 versions) must not
make each new version dearer to add, each replay dearer to run, each search of the latest version
slower or the server slower to start. This builds KeyForge knowledge bases of 4, 24 and 84 versions
(``--sizes``): the four bundled editions (1.1, 1.2, 1.3, 16.0) and synthetic later editions rendered
from the KB's 16.0 entries in the 1.3 Markdown layout (``tests/editions.py``), each with its own
wrapping, FAQ order and a few rule texts reworded, as versions 17, 18, ... Then, per size:

- **ingest of one version**: ``rulebase.build.ingest`` of one more synthetic edition into a copy of
  the KB (the CLI's code), wall and CPU, split into parse and store / replays / the rest (alignment,
  supersessions, search index), and how many replays ran or were kept;
- **ingest with recovery**: the 16.0 text rulebook ingested again as a new version (its parser
  recovers FAQ structure from the earlier versions' entries): parse and store time;
- **verify --all**: ``rulebase verify --all --json`` as a process, CPU per replay (the process's CPU
  over the replays it ran) and wall;
- **search**: ``kb.search.search()`` in-process on the latest version, p50 and p99 over the judge
  questions (index warm), against raw FTS5 bm25 on the same OR expression over the latest version's
  rows (equal scope), asked of every version's index and of the newest versions' (``latest_fts``), wall;
- **start-up**: ``rulebase serve`` from process start to the first answered search, and its RSS;
- **histories, diffs and changes** (``bench/waits.py``, issue 30: each should stay flat): the
  longest rule history (``rulebase history`` once kept, in-process, the entry page and
  ``/api/threads``), the widest ``/api/diff`` (first -> last version) answered by a server started
  again and one page of it, and ``/changes`` kept; the figures computed the first time in a state of
  the KB are left out (they grow with what changed, which is the point of computing them once);
- **replays and start-up of issue 30** where ``bench/verify.py`` and ``bench/startup.py`` expose
  ``measure(db, runs)`` (their figures, named ``replay: ...`` and ``startup: ...``); a checkout
  without them measures the rest.

With ``--game mtg`` the same figures (but verify and recovery: no scenario replays the Magic rules,
and its parser reads no earlier version) come from the real history of the Comprehensive Rules:
KBs of the first N bundled versions (``--sizes``, default 4,24,84,108), each ingesting version N+1.

Measurements are interleaved: each run does every size in turn (4, 24, 84, 4, 24, 84 ...), so drift of
this 2-core machine lands on every size; medians are printed, with the growth from the smallest
size to the largest, against the growth of the number of versions (linear) and 1 (flat).
Usage: ``python bench/growth.py [--game keyforge|mtg] [--sizes 4,24,84] [--runs 3]``.
"""

from __future__ import annotations

import argparse
import gc
import os
import http.client
import importlib
import json
import resource
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

#: issue 30: each figure flat from 4 to all bundled versions, within this factor
FLAT = 1.3

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]

from editions import markdown_edition  # noqa: E402
from kb.manifest import DEFAULT_MANIFEST  # noqa: E402
from rulebase.build import build, ingest  # noqa: E402
from search import or_expression  # noqa: E402
import waits  # noqa: E402

BIN = Path(sys.executable).parent
QUESTIONS = ROOT / "tests" / "judge_questions.toml"
CR_QUESTIONS = ROOT / "tests" / "cr_questions.toml"
BASE_VERSIONS = ("1.1", "1.2", "1.3", "16.0")
#: rule texts reworded per synthetic edition (a real edition changes a few rules, not none)
REWORDED_PER_EDITION = 3


def keyforge_manifest(folder: Path, extra: list[tuple[str, Path]]) -> Path:
    """The bundled manifest's KeyForge documents (absolute paths) and ``extra`` Markdown editions."""
    raw = tomllib.loads(DEFAULT_MANIFEST.read_text(encoding="utf-8"))
    lines = ['[games.keyforge]\nname = "KeyForge"\n']
    for doc in raw["document"]:
        if doc["game"] == "keyforge":
            path = (DEFAULT_MANIFEST.parent / doc["file"]).resolve()
            lines.append(
                f'[[document]]\ngame = "keyforge"\nversion = "{doc["version"]}"\n'
                f'format = "{doc["format"]}"\nfile = {json.dumps(str(path))}\n'
            )
    for version, path in extra:
        lines.append(
            f'[[document]]\ngame = "keyforge"\nversion = "{version}"\nformat = "markdown"\n'
            f"file = {json.dumps(str(path))}\n"
        )
    manifest = folder / f"manifest-{len(extra) + len(BASE_VERSIONS)}.toml"
    manifest.write_text("\n".join(lines), encoding="utf-8")
    return manifest


def synthetic_editions(base_kb: Path, folder: Path, count: int) -> list[tuple[str, Path]]:
    """``count`` editions after 16.0 (versions 17, 18, ...), each rewording a few rule texts."""
    conn = sqlite3.connect(f"file:{base_kb}?mode=ro", uri=True)
    rules = conn.execute("""SELECT e.key, e.body FROM entries e JOIN documents d ON d.id = e.document
                            WHERE d.version = '16.0' AND e.kind = 'rule' AND length(e.body) > 80
                            ORDER BY e.ordinal""").fetchall()
    out = []
    for k in range(count):
        version = str(17 + k)
        picked = [rules[(k * REWORDED_PER_EDITION + j) * 7 % len(rules)] for j in range(REWORDED_PER_EDITION)]
        bodies = {key: f"{body} This applies as of edition {version}." for key, body in picked}
        text, _ = markdown_edition(conn, "16.0", version_label=version, seed=k, bodies=bodies)
        path = folder / f"edition-{version}.md"
        path.write_text(text, encoding="utf-8")
        out.append((version, path))
    conn.close()
    return out


def mtg_history() -> list[tuple[str, Path]]:
    """The bundled Comprehensive Rules versions, oldest first: (version, file)."""
    docs = tomllib.loads(DEFAULT_MANIFEST.read_text(encoding="utf-8"))["document"]
    return [(d["version"], (DEFAULT_MANIFEST.parent / d["file"]).resolve()) for d in docs if d["game"] == "mtg"]


def mtg_manifest(folder: Path, history: list[tuple[str, Path]]) -> Path:
    lines = ['[games.mtg]\nname = "Magic: The Gathering"\n']
    lines += [
        f'[[document]]\ngame = "mtg"\nversion = "{v}"\nformat = "cr"\nfile = {json.dumps(str(p))}\n' for v, p in history
    ]
    manifest = folder / f"manifest-mtg-{len(history)}.toml"
    manifest.write_text("\n".join(lines), encoding="utf-8")
    return manifest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def startup(db: Path) -> tuple[float, float]:
    """(seconds from process start to the first answered search, RSS in MiB then)."""
    port = free_port()
    started = time.perf_counter()
    proc = subprocess.Popen(
        [str(BIN / "rulebase"), "serve", "--db", str(db), "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while True:
            if proc.poll() is not None:
                raise SystemExit(f"bench: rulebase serve exited with {proc.returncode}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                conn.request("GET", "/api/search?q=elusive")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                time.sleep(0.02)
        ready = time.perf_counter() - started
        with open(f"/proc/{proc.pid}/status", encoding="ascii") as f:
            rss = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) / 1024
        return ready, rss
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def verify_all(db: Path) -> tuple[float, float, int]:
    """(wall s, CPU s, replays) of ``rulebase verify --all --json`` as a process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [str(BIN / "rulebase"), "verify", "--all", "--json", "--db", str(db)], capture_output=True, text=True
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    report = json.loads(done.stdout)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, sum(1 for r in report["results"] if r.get("version"))


def search_times(db: Path, queries: list[str], game: str) -> dict[str, list[float]]:
    """In-process search() on the latest version, and the raw bm25 query over the same rows, from
    every version's index (entries_fts) and from the newest versions' (latest_fts), interleaved."""
    from kb.fuzzy import index_for
    from kb.search import search

    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    index_for(conn)  # the index is warm, as in a running server
    gc.collect()
    gc.freeze()  # and out of the collector's sight, as rulebase serve puts it
    lo, hi = conn.execute(
        """SELECT min(e.id), max(e.id) FROM entries e WHERE e.document =
                             (SELECT id FROM documents WHERE game = ?
                              ORDER BY version_sort DESC LIMIT 1)""",
        (game,),
    ).fetchone()
    raw = """SELECT rowid, bm25({t}) FROM {t} WHERE {t} MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rank LIMIT 10"""
    calls = {
        "search()": lambda q: search(conn, q, game=game),
        "raw entries_fts": lambda q: conn.execute(raw.format(t="entries_fts"), (or_expression(q), lo, hi)).fetchall(),
        "raw latest_fts": lambda q: conn.execute(raw.format(t="latest_fts"), (or_expression(q), lo, hi)).fetchall(),
    }
    times: dict[str, list[float]] = {name: [] for name in calls}
    for r in range(4):
        for q in queries:
            for name, call in calls.items():
                t = time.perf_counter()
                call(q)
                if r:
                    times[name].append(time.perf_counter() - t)
    conn.close()
    return times


def pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def measure(
    db: Path, game: str, edition: Path, next_version: str, recovery_source: Path | None, queries: list[str], work: Path
) -> dict[str, float]:
    out: dict[str, float] = {}
    copy = work / "ingest.sqlite"
    shutil.copyfile(db, copy)
    w, c = time.perf_counter(), time.process_time()
    report = ingest(copy, edition, game, next_version)
    out["ingest wall s"], out["ingest CPU s"] = time.perf_counter() - w, time.process_time() - c
    out["  parse and store s"], out["  replays s"] = report.seconds, report.rulings.seconds
    out["  align, supersede, index s"] = out["ingest wall s"] - report.seconds - report.rulings.seconds
    out["  replays run"], out["  replays kept"] = report.rulings.replayed, report.rulings.kept
    if recovery_source is not None:
        shutil.copyfile(db, copy)
        report = ingest(copy, recovery_source, game, "999")
        out["16.0 text as a new version: parse s"] = report.seconds
        wall, cpu, replays = verify_all(db)
        out["verify --all wall s"], out["verify --all CPU ms per replay"] = wall, 1000 * cpu / max(1, replays)
        out["  replays"] = replays
    times = search_times(db, queries, game)
    ours = times["search()"]
    out["search() p50 ms"], out["search() p99 ms"] = 1000 * pct(ours, 50), 1000 * pct(ours, 99)
    for name, label in (("raw entries_fts", "every version's index"), ("raw latest_fts", "latest_fts")):
        out[f"raw bm25 p50 ms, same rows, {label}"] = 1000 * pct(times[name], 50)
        out[f"  search() / raw, {label}"] = pct(ours, 50) / pct(times[name], 50)
    out["start-up to first search s"], out["server RSS MiB"] = startup(db)
    for name, value in waits.figures(db, game).items():
        if not any(word in name for word in ("computed", "first", "KB")):  # what is kept: flat
            out[name] = value
    for module, label in (("verify", "replay"), ("startup", "startup")):
        out.update(_issue30_figures(module, label, db))
    return out


def _issue30_figures(module: str, label: str, db: Path) -> dict[str, float]:
    """The numeric figures of ``bench/<module>.py``'s ``measure(db, runs)`` when it has one."""
    try:
        measure_fn = getattr(importlib.import_module(module), "measure", None)
    except ImportError:
        return {}
    if measure_fn is None:
        return {}
    found = measure_fn(db, runs=1)
    return {
        f"{label}: {k}": float(v)
        for k, v in found.items()
        if isinstance(v, (int, float)) and not isinstance(v, bool) and k != "load"
    }


def questions(path: Path, n: int | None) -> list[str]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return [item["query"] for item in next(v for v in data.values() if isinstance(v, list))][:n]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("keyforge", "mtg"), default="keyforge")
    ap.add_argument("--sizes", default=None, help="numbers of versions (default 4,24,84; for mtg 4,24,84,108)")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    history = mtg_history() if args.game == "mtg" else []
    default = "4,24,84,108" if args.game == "mtg" else "4,24,84"
    sizes = sorted({max(4, int(n)) for n in (args.sizes or default).split(",")})
    if history and sizes[-1] >= len(history):
        raise SystemExit(f"bench: the bundled history has {len(history)} versions: sizes must stay below it")
    load_start = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        if args.game == "mtg":
            queries, recovery = questions(CR_QUESTIONS, None), None
            editions = history[1:]  # the KB of n versions ingests editions[n - 1], version n + 1
            manifests = {n: mtg_manifest(tmp, history[:n]) for n in sizes}
        else:
            queries = questions(QUESTIONS, 20)
            recovery = next(
                (DEFAULT_MANIFEST.parent / d["file"]).resolve()
                for d in tomllib.loads(DEFAULT_MANIFEST.read_text(encoding="utf-8"))["document"]
                if d["version"] == "16.0"
            )
            base = tmp / "kb-base.sqlite"
            build(base, keyforge_manifest(tmp, []))
            made = synthetic_editions(base, tmp, sizes[-1] - 4 + 1)
            editions = [None, None, None, *made]
            manifests = {n: keyforge_manifest(tmp, made[: n - 4]) for n in sizes}
        kbs = {}
        for n in sizes:
            kbs[n] = tmp / f"kb-{n}.sqlite"
            started = time.perf_counter()
            build(kbs[n], manifests[n])
            print(
                f"built a {args.game} KB of {n} versions in {time.perf_counter() - started:.1f} s "
                f"({kbs[n].stat().st_size / 2**20:.1f} MiB)",
                flush=True,
            )
        runs: dict[int, list[dict[str, float]]] = {n: [] for n in sizes}
        for _ in range(args.runs):
            for n in sizes:  # interleaved: every size once per run
                version, path = editions[n - 1]
                runs[n].append(measure(kbs[n], args.game, path, version, recovery, queries, tmp))
    names = list(runs[sizes[0]][0])
    load_end = os.getloadavg()
    print(
        f"\nmedians of {args.runs} runs, interleaved across sizes; growth = value at {sizes[-1]} "
        f"versions / value at {sizes[0]} (linear in versions would be x{sizes[-1] / sizes[0]:.0f}, flat x1; "
        f"issue 30's target: flat within x{FLAT:g}); load {load_start[0]:.1f} {load_start[1]:.1f} at the "
        f"start, {load_end[0]:.1f} {load_end[1]:.1f} at the end, on {os.cpu_count()} cores"
    )
    print(f"{'':<48}" + "".join(f"{n:>10} v" for n in sizes) + "     growth")
    for name in names:
        values = [statistics.median(r[name] for r in runs[n]) for n in sizes]
        growth = values[-1] / values[0] if values[0] else float("nan")
        flat = "" if not values[0] else ("   flat" if growth <= FLAT else "   GROWS")
        print(f"{name:<48}" + "".join(f"{v:>12.3f}" for v in values) + f"   x{growth:.2f}" + flat)


if __name__ == "__main__":
    main()
