"""Plain full-text search over entries: FTS5 with bm25 ranking and a highlighted snippet.

User input is never passed to FTS5 as query syntax: it is split into words and each word is quoted,
so quotes, ``NEAR``, ``*`` or a stray parenthesis are searched as text instead of raising an error.
"""
from __future__ import annotations

import re
import sqlite3
from dataclasses import asdict, dataclass

from .versions import version_sort_key

#: bm25 column weights for (title, question, body): a hit in a title outranks one in running text
WEIGHTS = (10.0, 5.0, 1.0)


@dataclass
class Hit:
    entry_id: int
    key: str
    game: str
    version: str
    kind: str
    title: str | None
    question: str | None
    snippet: str
    score: float

    def as_dict(self) -> dict:
        return asdict(self)


def fts_query(text: str) -> str | None:
    """Turn free text into a safe FTS5 query: every word quoted, all words required."""
    words = re.findall(r"\w+", text)
    if not words:
        return None
    return " ".join('"' + w.replace('"', '""') + '"' for w in words[:32])


def search(
    conn: sqlite3.Connection, query: str, game: str | None = None, version: str | None = None,
    kind: str | None = None, limit: int = 10,
) -> list[Hit]:
    match = fts_query(query)
    if match is None:
        return []
    where = ["entries_fts MATCH ?"]
    params: list = [match]
    if game:
        where.append("d.game = ?")
        params.append(game)
    if version:
        where.append("d.version_sort = ?")
        params.append(version_sort_key(version))
    if kind:
        where.append("e.kind = ?")
        params.append(kind)
    sql = f"""
        SELECT e.id, e.key, d.game, d.version, e.kind, e.title, e.question,
               snippet(entries_fts, -1, '[', ']', '…', 16),
               bm25(entries_fts, {', '.join(map(str, WEIGHTS))}) AS rank
        FROM entries_fts JOIN entries e ON e.id = entries_fts.rowid
        JOIN documents d ON d.id = e.document
        WHERE {' AND '.join(where)}
        ORDER BY rank LIMIT ?"""
    params.append(max(1, int(limit)))
    return [Hit(*row) for row in conn.execute(sql, params)]
