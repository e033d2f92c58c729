"""Benchmark: how well the search ranks the entry that answers a question (Recall@1, Recall@5, MRR).

Four question sets, each question with the entries that answer it (any counts):
``tests/player_questions.toml`` (as players type them: slang, misspellings, card names),
``tests/judge_questions.toml`` (as a judge types them), ``tests/cr_questions.toml`` (Magic rules
searches) and ``tests/relevance_questions.toml``, the held-out set of issue 29 (KeyForge, Keeper of
the Cards and Magic; more than half written before looking at the KB's wording), which is reported
per game beside the targets (R@1 >= 0.85, R@5 >= 0.97) in two ways:

- **game chosen**: searched as the site does once a judge has picked the game (it remembers it);
- **no game chosen**: searched over all games, the game inferred from the question's own words.

Recall@1 is the answer first, Recall@5 among the first five, MRR the mean of 1/rank of the first
answer (0 when it is not in the first 20). An accepted key that is not in the latest version of its
game is an error (a typo would count as a miss for ever). Prints the questions missed.
Usage: ``python bench/relevance.py [--db KB] [--misses] [--batch NAME]`` (without ``--db``, a KB is
built from the test manifest; ``--batch`` measures one batch of the held-out set, e.g. a blind set
written later, so that its figures can be told from those of the questions the search was tuned on).
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SETS = {
    "players": ROOT / "tests" / "player_questions.toml",
    "judges": ROOT / "tests" / "judge_questions.toml",
    "cr": ROOT / "tests" / "cr_questions.toml",
}
HELD_OUT = ROOT / "tests" / "relevance_questions.toml"
DEPTH = 20
TARGETS = {"recall@1": 0.85, "recall@5": 0.97}


def questions(path: Path) -> list[dict]:
    """[{"query", "game", "filter", "accept": keys, "accept_kind"}] from one question file."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = []
    for item in next(v for v in data.values() if isinstance(v, list)):
        accept = (
            item.get("accept")
            or ([item["key"]] if "key" in item else [])
            or ([item["first"]] if "first" in item else [])
            or list(item.get("top", []))
        )
        out.append(
            {
                "query": item["query"],
                "game": item.get("game") or item.get("filter_game"),
                "filter": item.get("filter_game") or (item.get("game") if "accept" in item else None),
                "accept": set(accept),
                "accept_kind": item.get("accept_kind"),
                "written": item.get("written"),
                "batch": item.get("batch", "earlier"),
            }
        )
    return out


def held_out(batch: str | None = None) -> list[dict]:
    """The held-out questions; with ``batch``, only those of that batch ("earlier": those with none)."""
    return [q for q in questions(HELD_OUT) if batch is None or q["batch"] == batch]


def check_keys(conn: sqlite3.Connection, qs: list[dict]) -> list[str]:
    """The accepted keys that are not entries of the latest version of their question's game."""
    from kb.store import latest_documents

    latest = {
        conn.execute("SELECT game FROM documents WHERE id = ?", (d,)).fetchone()[0]: d for d in latest_documents(conn)
    }
    bad = []
    for q in qs:
        for key in q["accept"]:
            found = conn.execute(
                "SELECT 1 FROM entries WHERE key = ? AND document = ?", (key, latest[q["game"]])
            ).fetchone()
            if not found:
                bad.append(f"{q['game']}: {key} ({q['query']!r})")
    return bad


def ranked(conn: sqlite3.Connection, query: str, game: str | None) -> list[tuple[str, str]]:
    """(key, kind) of the first DEPTH results of the default search."""
    from kb.search import search

    result = search(conn, query, game=game, limit=DEPTH)
    rows = (conn.execute("SELECT key, kind FROM entries WHERE id = ?", (h.entry_id,)).fetchone() for h in result)
    return [tuple(r) for r in rows]


def rank_of(conn: sqlite3.Connection, q: dict, game: str | None = "filter") -> int | None:
    """1-based rank of the first result answering ``q`` among the first DEPTH, else None; searched
    with the question's own filter (``"filter"``), or the game given (None: all games)."""
    results = ranked(conn, q["query"], q["filter"] if game == "filter" else game)
    return next((i + 1 for i, (k, kind) in enumerate(results) if k in q["accept"] or kind == q["accept_kind"]), None)


def figures(ranks: list[tuple[dict, int | None]]) -> dict:
    n = len(ranks) or 1
    return {
        "n": len(ranks),
        "recall@1": sum(r == 1 for _, r in ranks) / n,
        "recall@5": sum(r is not None and r <= 5 for _, r in ranks) / n,
        "mrr": sum(1 / r for _, r in ranks if r) / n,
        "misses": [(q["query"], r) for q, r in ranks if r is None or r > 1],
    }


def measure(conn: sqlite3.Connection) -> dict[str, dict]:
    """Figures of the older sets, each searched with its own filter."""
    return {name: figures([(q, rank_of(conn, q)) for q in questions(path)]) for name, path in SETS.items()}


def measure_held_out(conn: sqlite3.Connection, batch: str | None = None) -> dict[tuple[str, str], dict]:
    """{(mode, game): figures} of the held-out set (or one batch of it); mode "chosen" or "inferred"."""
    qs = held_out(batch)
    out = {}
    for mode in ("chosen", "inferred"):
        for game in sorted({q["game"] for q in qs}):
            mine = [q for q in qs if q["game"] == game]
            out[(mode, game)] = figures([(q, rank_of(conn, q, game if mode == "chosen" else None)) for q in mine])
    return out


def _row(name: str, r: dict, targets: bool = False) -> str:
    line = f"{name:<34}{r['n']:>5}{r['recall@1']:>9.3f}{r['recall@5']:>9.3f}{r['mrr']:>8.3f}"
    if targets:
        ok = all(r[k] >= v for k, v in TARGETS.items())
        line += f"   target R@1>={TARGETS['recall@1']} R@5>={TARGETS['recall@5']}: {'met' if ok else 'NOT met'}"
    return line


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, default=None)
    ap.add_argument("--misses", action="store_true", help="print every question whose answer is not first")
    ap.add_argument(
        "--batch",
        default=None,
        help='held-out questions of one batch only (its "batch" field; "earlier": those without one)',
    )
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db
        if db is None:
            os.environ.setdefault("RULEBASE_MANIFEST", str(ROOT / "tests" / "manifest-sample.toml"))
            from rulebase.build import build

            db = Path(tmp) / "kb.sqlite"
            build(db)
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        bad = check_keys(conn, held_out())
        if bad:
            sys.exit("bench/relevance.py: accepted keys not in the KB's latest versions: " + "; ".join(bad))
        results = measure(conn)
        held = measure_held_out(conn, args.batch)
        if not any(r["n"] for r in held.values()):
            sys.exit(f"bench/relevance.py: no held-out question in batch {args.batch!r}")
        conn.close()
    print(f"{'set':<34}{'n':>5}{'R@1':>9}{'R@5':>9}{'MRR':>8}")
    for name, r in results.items():
        print(_row(name, r))
    for (mode, game), r in held.items():
        label = "game chosen" if mode == "chosen" else "no game chosen"
        print(_row(f"held-out {game} ({label})", r, targets=True))
    if args.misses:
        for name, r in list(results.items()) + [(f"{m}/{g}", r) for (m, g), r in held.items()]:
            for query, rank in r["misses"]:
                print(f"  not first ({name}): {query!r} (rank {rank or f'> {DEPTH}'})")


if __name__ == "__main__":
    main()
