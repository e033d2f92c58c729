"""Benchmark: changelog and entry-diff time, and how alignment and changelog grow with versions.

Part 1 times the two calls a judge makes (the same code as ``rulebase diff``): the full KeyForge
changelog between its two most distant versions (1.1 -> 16.0, every kind, ruling changes included)
and the diff of one entry (``glossary/armor`` 1.1 -> 16.0); median, min and max over ``--runs``.
Then ``kb.meaning``: the terminology of 1.3 -> 16.0 from cold caches and memoised, ``meaning_changes``
over every aligned pair, and the 1.3 -> 16.0 changelog from cold caches.

Part 2 grows the KB to see whether those costs scale with the size of the history. It synthesizes
versions after 16.0 (16.1, 16.2, ...), each a seeded perturbation of the one before: some entries
reworded (adjacent words swapped, words inserted), some added, some removed, some renamed (a new
title or question, hence a new key, which alignment must pair by similarity). Each synthetic version
is written through ``kb.store.store_document`` with the card index, exactly as the build stores a
parsed document, so keys, card links and the FTS index stay consistent. At each step of
``--versions`` (counts of synthetic versions) it re-runs ``kb.align.align`` and times three
changelogs: 1.1 -> 16.0 (fixed work: only the KB around it grew), first -> last version, and the
last two neighbouring versions. Ratios are against the real 4-version KB. It also counts the pairing
scores one alignment computes (an extra, untimed run), which shows where alignment time goes when
it grows faster than the entries.

Part 0 (first, when the full bundled KB is there: ``--full-kb``, default ``.test-kbs/full/kb.sqlite``)
prints where users wait on the full KB, each figure beside issue 30's target, with CPU time and the
load (``bench/waits.py``): ``rulebase history 702.19b`` (``--rule``), its entry page, the
widest ``/api/diff`` (Magic 2003-03-15 -> 2025-11-14) computed, kept and paged, and ``/changes``.

Everything happens on a copy in a temporary folder (the project's ``kb.sqlite`` is never opened
for writing). The KB is built there first unless ``--db`` names one to copy.
Usage: ``python bench/diff.py [--runs N] [--versions 4,10,25,50] [--seed S] [--db KB] [--full-kb KB|none]``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent), str(Path(__file__).resolve().parent)]

from ingest.model import Entry, ParsedDocument  # noqa: E402
import kb.align as kb_align  # noqa: E402
from kb.align import align  # noqa: E402
from rulebase.build import build  # noqa: E402
from kbcopy import writable_copy  # noqa: E402
from kb import meaning  # noqa: E402
from kb.changelog import changelog, entry_diff  # noqa: E402
from kb.threads import aligned_pairs  # noqa: E402
from kb.links import CardIndex  # noqa: E402
from kb.store import DocumentMeta, rebuild_search_index, store_document  # noqa: E402
import waits  # noqa: E402

GAME = "keyforge"
FIRST, LAST_REAL = "1.1", "16.0"
ENTRY_KEY = "glossary/armor"

#: Share of the previous version's entries touched per synthetic version. Adding more than is
#: removed makes each version a little larger, so the KB grows in entries as well as versions.
REWORD, RENAME, REMOVE, ADD = 0.06, 0.01, 0.015, 0.03
#: kinds whose key comes from the title (a new title is a rename) and kinds new entries get
TITLE_KINDS = ("rule", "glossary")
NEW_KINDS = ("glossary", "rule", "faq")

_WORD = re.compile(r"[A-Za-z]{3,}")
#: words whose insertion would flip a ruling (negations, modals, numbers...): kept out of rewordings
_MEANINGFUL = set(meaning.PROTECTED) | {"page", "pages", "rule", "section"}


def _versions(conn: sqlite3.Connection, game: str = GAME) -> list[str]:
    return [v for (v,) in conn.execute("SELECT version FROM documents WHERE game = ? ORDER BY version_sort", (game,))]


def _load_entries(conn: sqlite3.Connection, game: str, version: str) -> list[Entry]:
    """The stored entries of one version as parser output (``parent`` as an index, key unset)."""
    rows = conn.execute(
        """SELECT e.id, e.kind, e.title, e.category, e.question, e.body, e.parent, e.level,
                  e.confidence, e.needs_review, e.review_reason, e.data
           FROM entries e JOIN documents d ON d.id = e.document
           WHERE d.game = ? AND d.version = ? ORDER BY e.ordinal""",
        (game, version),
    ).fetchall()
    position = {r[0]: i for i, r in enumerate(rows)}
    return [
        Entry(
            kind=kind,
            title=title,
            body=body,
            question=question,
            category=category,
            parent=position.get(parent),
            level=level,
            confidence=confidence,
            needs_review=bool(review),
            review_reason=reason,
            data=json.loads(data or "{}"),
        )
        for _, kind, title, category, question, body, parent, level, confidence, review, reason, data in rows
    ]


def _next_label(version: str, step: int) -> str:
    """ "16.0" -> "16.1", "16.2", ...: labels that sort after the newest real version."""
    numbers = re.findall(r"\d+", version) or ["0"]
    minor = int(numbers[1]) if len(numbers) > 1 else 0
    return f"{numbers[0]}.{minor + step}"


def _reword(text: str, rng: random.Random, vocabulary: list[str]) -> str:
    """One to three edits of ``text``: two adjacent words swapped, or a word inserted."""
    parts = re.split(r"(\s+)", text)  # words at even positions, whitespace at odd ones
    words = [i for i in range(0, len(parts), 2) if parts[i]]
    for _ in range(rng.randint(1, 3)):
        if len(words) > 2 and rng.random() < 0.5:
            k = rng.randrange(len(words) - 1)
            a, b = words[k], words[k + 1]
            parts[a], parts[b] = parts[b], parts[a]
        elif words:
            k = rng.choice(words)
            parts[k] = f"{rng.choice(vocabulary)} {parts[k]}"
    return "".join(parts)


def _new_entry(rng: random.Random, vocabulary: list[str]) -> Entry:
    """An entry about nothing that existed before: random vocabulary, so alignment finds it new."""
    kind = rng.choice(NEW_KINDS)
    heading = " ".join(rng.choice(vocabulary) for _ in range(rng.randint(2, 4)))
    body = " ".join(rng.choice(vocabulary) for _ in range(rng.randint(25, 80))).capitalize() + "."
    if kind == "faq":
        return Entry(kind="faq", title=None, question=f"Can {heading}?", body=body, category="Synthetic")
    return Entry(kind=kind, title=heading.title(), body=body, level=1)


def perturb(entries: list[Entry], rng: random.Random, vocabulary: list[str]) -> list[Entry]:
    """The next version of ``entries``: reworded, renamed, removed and added entries.

    Works on object references (parents before children, as keys need) and turns them back into
    list indices at the end. Only leaves are removed, so no child loses its parent; entries still
    flagged ``needs_review`` are kept as they are, as a real edition would not touch them."""
    items = [Entry(**{**e.__dict__, "key": None}) for e in entries]
    parent_of = {id(e): (items[e.parent] if e.parent is not None else None) for e in items}
    has_children = {id(p) for p in parent_of.values() if p is not None}
    editable = [e for e in items if not e.needs_review]
    for e in rng.sample(editable, max(1, round(REWORD * len(editable)))):
        e.body = _reword(e.body, rng, vocabulary)
    titled = [e for e in editable if (e.kind in TITLE_KINDS and e.title) or (e.kind == "faq" and e.question)]
    for e in rng.sample(titled, min(len(titled), max(1, round(RENAME * len(editable))))):
        if e.kind == "faq":
            e.question = _reword(e.question, rng, vocabulary)
        else:
            e.title = f"{e.title} {rng.choice(vocabulary).title()}"
    leaves = [e for e in editable if id(e) not in has_children and e.kind != "example"]
    gone = {id(e) for e in rng.sample(leaves, min(len(leaves), max(1, round(REMOVE * len(editable)))))}
    items = [e for e in items if id(e) not in gone]
    for _ in range(max(1, round(ADD * len(editable)))):
        # top level, before some entry that is itself top level, so no parent is separated from its children
        tops = [i for i, e in enumerate(items) if parent_of.get(id(e)) is None] + [len(items)]
        new = _new_entry(rng, vocabulary)
        parent_of[id(new)] = None
        items.insert(rng.choice(tops), new)
    index = {id(e): i for i, e in enumerate(items)}
    for e in items:
        p = parent_of[id(e)]
        e.parent = index[id(p)] if p is not None else None
    return items


def synthesize(conn: sqlite3.Connection, count: int, seed: int = 0, game: str = GAME) -> list[str]:
    """Add ``count`` versions after the newest version of ``game``, each a perturbation of the one
    before, stored as real documents; returns their labels. Rebuilds the FTS index afterwards;
    alignment is left to the caller (the benchmark times it). The caller owns the transaction."""
    versions = _versions(conn, game)
    newest = versions[-1]
    base = LAST_REAL if LAST_REAL in versions else newest
    made = len(versions) - 1 - versions.index(base)  # synthetic versions already after base
    corpus = " ".join(
        b
        for (b,) in conn.execute(
            "SELECT e.body FROM entries e JOIN documents d ON d.id = e.document WHERE d.game = ? AND d.version = ?",
            (game, base),
        )
    )
    vocabulary = sorted({w.lower() for w in _WORD.findall(corpus)} - _MEANINGFUL)
    index = CardIndex.from_db(conn)
    entries = _load_entries(conn, game, newest)
    out = []
    for step in range(made + 1, made + count + 1):
        version = _next_label(base, step)
        rng = random.Random(f"{seed}:{game}:{version}")
        entries = perturb(entries, rng, vocabulary)
        parsed = ParsedDocument(
            entries=entries, parser="synthetic", stated_version=version, title=f"Synthetic edition {version}"
        )
        source = json.dumps([e.__dict__ for e in entries], ensure_ascii=False, default=str).encode()
        meta = DocumentMeta(
            game, version, parsed.title, None, "text", f"<synthetic {hashlib.sha1(source).hexdigest()[:8]}>"
        )
        store_document(conn, meta, parsed, source, index)
        out.append(version)
    rebuild_search_index(conn)
    return out


# ---- timing ---------------------------------------------------------------------------------


class Times(list):
    """Wall times of the runs (the list), with their CPU times (``cpu``) alongside."""

    cpu: list[float]


def timed(fn, runs: int) -> Times:
    out = Times()
    out.cpu = []
    for _ in range(runs):
        started, cpu = time.perf_counter(), time.process_time()
        fn()
        out.append(time.perf_counter() - started)
        out.cpu.append(time.process_time() - cpu)
    return out


def _fmt(times: list[float]) -> str:
    cpu = getattr(times, "cpu", None)
    return (
        f"median {1000 * statistics.median(times):8.2f} ms wall"
        + (f", {1000 * statistics.median(cpu):8.2f} ms CPU" if cpu else "")
        + f"  (wall min {1000 * min(times):.2f}, max {1000 * max(times):.2f})"
    )


def single(conn: sqlite3.Connection, runs: int) -> None:
    """Part 1: the two calls on the real KB."""
    c = changelog(conn, GAME, FIRST, LAST_REAL)
    print(
        f"changelog {GAME} {FIRST} -> {LAST_REAL}: {len(c['added'])} added, {len(c['removed'])} removed, "
        f"{len(c['changed'])} changed, {len(c['renamed'])} renamed, {c['unchanged']} unchanged, "
        f"{len(c['ruling_changes'])} ruling changes"
    )
    print(f"  {'full changelog':<26}{_fmt(timed(lambda: changelog(conn, GAME, FIRST, LAST_REAL), runs))}")
    print(
        f"  {'entry diff ' + ENTRY_KEY:<26}{_fmt(timed(lambda: entry_diff(conn, ENTRY_KEY, FIRST, LAST_REAL), runs))}"
    )
    terms(conn, runs)


def terms(conn: sqlite3.Connection, runs: int) -> None:
    """kb.meaning on the real KB: ``version_terminology`` from cold caches (what a fresh process
    pays) and memoised (what every later call pays), ``meaning_changes`` over every aligned pair,
    and the changelog of the edition change 1.3 -> 16.0 from cold caches."""
    a, b = "1.3", LAST_REAL
    found = meaning.version_terminology(conn, GAME, a, b)
    texts = {i: t for i, t in conn.execute("SELECT id, body FROM entries")}
    pairs = [
        (texts[p.from_entry], texts[p.to_entry])
        for p in aligned_pairs(conn, GAME, a, b)
        if p.from_entry is not None and p.to_entry is not None
    ]
    print(f"terminology {GAME} {a} -> {b}: " + "; ".join(f"{r.old!r} -> {r.new!r} ({r.count})" for r in found.renames))

    def cold(fn):
        def run():
            meaning.clear_caches()
            fn()

        return run

    print(
        f"  {'terminology, cold':<26}{_fmt(timed(cold(lambda: meaning.version_terminology(conn, GAME, a, b)), runs))}"
    )
    print(f"  {'terminology, memoised':<26}{_fmt(timed(lambda: meaning.version_terminology(conn, GAME, a, b), runs))}")
    per = timed(lambda: [meaning.meaning_changes(x, y, found) for x, y in pairs], runs)
    print(f"  {f'meaning_changes x{len(pairs)}':<26}{_fmt(per)}  (warm caches)")
    print(f"  {f'changelog {a}->{b}, cold':<26}{_fmt(timed(cold(lambda: changelog(conn, GAME, a, b)), runs))}")


def count_scores(conn: sqlite3.Connection) -> int:
    """Pairing scores (``kb.align.score`` calls) one alignment computes: one per entry continuing a
    thread by key, plus one per (unplaced entry, open thread) candidate of the similarity search,
    the part that can grow faster than the entries. Counted in an extra, untimed run."""
    calls = 0
    original = kb_align.score

    def counting(a, b):
        nonlocal calls
        calls += 1
        return original(a, b)

    kb_align.score = counting
    try:
        align(conn, GAME)
    finally:
        kb_align.score = original
    return calls


def _measure(conn: sqlite3.Connection, runs: int) -> dict:
    versions = _versions(conn)
    align_s = statistics.median(timed(lambda: align(conn, GAME), max(1, min(runs, 3))))
    scores = count_scores(conn)
    conn.commit()
    entries = conn.execute(
        "SELECT count(*) FROM entries e JOIN documents d ON d.id = e.document WHERE d.game = ?", (GAME,)
    ).fetchone()[0]
    last = conn.execute(
        "SELECT count(*) FROM entries e JOIN documents d ON d.id = e.document WHERE d.game = ? AND d.version = ?",
        (GAME, versions[-1]),
    ).fetchone()[0]
    med = lambda a, b: statistics.median(timed(lambda: changelog(conn, GAME, a, b), runs))  # noqa: E731
    return {
        "versions": len(versions),
        "entries": entries,
        "last": last,
        "align": align_s,
        "scores": scores,
        "fixed": med(FIRST, LAST_REAL),
        "span": med(versions[0], versions[-1]),
        "neighbours": med(versions[-2], versions[-1]),
    }


def grow(conn: sqlite3.Connection, steps: list[int], runs: int, seed: int) -> None:
    """Part 2: synthesize up to each step, re-align, time the changelogs, print the table."""
    rows = [_measure(conn, runs)]
    made = 0
    for target in steps:
        started = time.perf_counter()
        synthesize(conn, target - made, seed)
        conn.commit()
        print(
            f"  synthesized {target - made:>3} versions in {time.perf_counter() - started:6.2f} s "
            f"(now {len(_versions(conn))} KeyForge versions)",
            flush=True,
        )
        made = target
        rows.append(_measure(conn, runs))
    base = rows[0]
    print()
    print(
        "x: ratio to the real 4-version KB; last: entries of the newest version; scores: kb.align.score "
        "calls per alignment.\nneighbours at 4 versions is 1.3 -> 16.0 (a real edition change), later "
        "two synthetic versions; first->last is 1.1 -> newest."
    )
    print(
        f"{'versions':>8} {'entries':>8} {'x':>5} {'last':>5} | {'align s':>8} {'x':>6} {'scores':>7} {'x':>6} | "
        f"{'1.1->16.0 s':>11} {'x':>5} | {'first->last s':>13} {'x':>5} | {'neighbours s':>12} {'x':>5}"
    )
    for r in rows:
        print(
            f"{r['versions']:>8} {r['entries']:>8} {_x(r, base, 'entries', 5, 1)} {r['last']:>5} | "
            f"{r['align']:>8.3f} {_x(r, base, 'align', 6, 1)} "
            f"{r['scores']:>7} {_x(r, base, 'scores', 6, 1)} | "
            f"{r['fixed']:>11.4f} {_x(r, base, 'fixed', 5, 2)} | "
            f"{r['span']:>13.4f} {_x(r, base, 'span', 5, 2)} | "
            f"{r['neighbours']:>12.4f} {_x(r, base, 'neighbours', 5, 2)}"
        )


def _x(row: dict, base: dict, key: str, width: int, places: int) -> str:
    """``row[key]`` as a ratio to ``base[key]``; "-" where the base is 0 (the real KB's alignment
    scored no pair: every entry was paired by its unchanged text)."""
    return f"{row[key] / base[key]:>{width}.{places}f}" if base[key] else f"{'-':>{width}}"


def bench(db: Path, runs: int, steps: list[int], seed: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        copy = writable_copy(db, tmp)
        print(f"runs: {runs}")
        single(copy, runs)
        if steps:
            print(f"growing the KB (seed {seed}): synthetic versions after {LAST_REAL} at steps {steps}")
            grow(copy, steps, runs, seed)
        copy.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10, help="timings per figure (median reported)")
    ap.add_argument(
        "--versions",
        default="4,10,25,50",
        help="comma-separated counts of synthetic versions to measure at (last = N synthesized)",
    )
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--db", type=Path, default=None, help="an existing KB to copy (default: build one)")
    ap.add_argument(
        "--full-kb",
        default=str(Path(__file__).resolve().parent.parent / ".test-kbs" / "full" / "kb.sqlite"),
        help="the full bundled KB for part 0 ('none': skip it)",
    )
    ap.add_argument("--rule", default="702.19b", help="the Magic rule whose history part 0 times (the issue's)")
    args = ap.parse_args()
    if args.full_kb != "none" and Path(args.full_kb).is_file():
        print(f"part 0: where users wait, on {args.full_kb} (mtg)")
        waits.show(waits.figures(Path(args.full_kb), "mtg", args.rule))
    steps = sorted({int(s) for s in args.versions.split(",") if s.strip() and int(s) > 0})
    if args.db is not None:
        bench(args.db, args.runs, steps, args.seed)
        return
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "kb.sqlite"
        started = time.perf_counter()
        build(db)
        print(f"KB built in {time.perf_counter() - started:.2f} s")
        bench(db, args.runs, steps, args.seed)


if __name__ == "__main__":
    main()
