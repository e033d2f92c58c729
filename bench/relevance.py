"""Benchmark: how well the search ranks the entry that answers a question (Recall@1, Recall@5, MRR).

Three question sets, each question with the keys of the entries that answer it (any counts):
``tests/player_questions.toml`` (as players type them: slang, misspellings, card names),
``tests/judge_questions.toml`` (as a judge types them) and ``tests/cr_questions.toml`` (Magic rules
searches). Each is searched as the site does by default (the latest version of each game; the game
picked first when the question names one). Printed per set and over all: Recall@1 (the answer
first), Recall@5 (among the first five), MRR (mean of 1/rank of the first answer, 0 when it is not in
the first 20), and the questions whose answer is not in the first five.
Usage: ``python bench/relevance.py [--db KB]`` (without ``--db``, a KB is built from the test manifest).
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
DEPTH = 20


def questions(path: Path) -> list[dict]:
    """[{"query", "game", "accept": [keys]}] from one question file (its three formats)."""
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
            }
        )
    return out


def rank_of(conn: sqlite3.Connection, q: dict) -> int | None:
    """1-based rank of the first result answering ``q`` among the first DEPTH, else None."""
    from kb.search import search

    result = search(conn, q["query"], game=q["filter"], limit=DEPTH)
    keys = [
        row[0]
        for row in (
            conn.execute("SELECT key FROM entries WHERE id = ?", (h.entry_id,)).fetchone() for h in result.results
        )
    ]
    return next((i + 1 for i, k in enumerate(keys) if k in q["accept"]), None)


def measure(conn: sqlite3.Connection) -> dict[str, dict]:
    out = {}
    for name, path in SETS.items():
        ranks = [(q, rank_of(conn, q)) for q in questions(path)]
        n = len(ranks) or 1
        out[name] = {
            "n": len(ranks),
            "recall@1": sum(r == 1 for _, r in ranks) / n,
            "recall@5": sum(r is not None and r <= 5 for _, r in ranks) / n,
            "mrr": sum(1 / r for _, r in ranks if r) / n,
            "misses": [(q["query"], r) for q, r in ranks if r is None or r > 5],
        }
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, default=None)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db
        if db is None:
            os.environ.setdefault("RULEBASE_MANIFEST", str(ROOT / "tests" / "manifest-sample.toml"))
            from rulebase.build import build

            db = Path(tmp) / "kb.sqlite"
            build(db)
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        results = measure(conn)
        conn.close()
    total = sum(r["n"] for r in results.values())
    print(f"{'set':<10}{'questions':>10}{'Recall@1':>10}{'Recall@5':>10}{'MRR':>8}")
    for name, r in results.items():
        print(f"{name:<10}{r['n']:>10}{r['recall@1']:>10.3f}{r['recall@5']:>10.3f}{r['mrr']:>8.3f}")
    weighted = {k: sum(r[k] * r["n"] for r in results.values()) / total for k in ("recall@1", "recall@5", "mrr")}
    print(f"{'all':<10}{total:>10}{weighted['recall@1']:>10.3f}{weighted['recall@5']:>10.3f}{weighted['mrr']:>8.3f}")
    for name, r in results.items():
        for query, rank in r["misses"]:
            print(f"  not in the first 5 ({name}): {query!r} (rank {rank or f'> {DEPTH}'})")


if __name__ == "__main__":
    main()
