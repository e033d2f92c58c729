"""Writing one parsed document into an open knowledge base connection.

Separate from the build so that ``build`` (every document) and ``ingest`` (one document into an
existing KB) share one code path for keys, entries, card errata and card links.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from dataclasses import dataclass
from importlib import resources

from ingest.model import EarlierEntry, ParsedDocument

from .keys import assign_keys
from .links import CardIndex, link_entries, resolve_errata_card
from .versions import version_sort_key


def schema_sql() -> str:
    return resources.files("kb").joinpath("schema.sql").read_text(encoding="utf-8")


def create_schema(conn: sqlite3.Connection) -> None:
    conn.executescript(schema_sql())


@dataclass
class DocumentMeta:
    game: str
    version: str
    title: str | None
    date: str | None
    format: str
    file: str | None


def ensure_game(conn: sqlite3.Connection, game: str, name: str | None = None) -> None:
    conn.execute("INSERT OR IGNORE INTO games(id, name) VALUES (?, ?)", (game, name or game.replace("-", " ").title()))


def delete_document(conn: sqlite3.Connection, game: str, version: str) -> bool:
    """Remove a document version and everything hanging off it (its rows of the search index
    too); True if there was one."""
    row = conn.execute("SELECT id FROM documents WHERE game = ? AND version = ?", (game, version)).fetchone()
    if row is None:
        return False
    doc_id = row[0]
    conn.execute(
        """INSERT INTO entries_fts(entries_fts, rowid, title, question, body)
                    SELECT 'delete', id, title, question, body FROM entries WHERE document = ?""",
        (doc_id,),
    )
    # entries.parent references entries; clear it first so cascades never hit a dangling order
    conn.execute("UPDATE entries SET parent = NULL WHERE document = ?", (doc_id,))
    conn.execute("DELETE FROM documents WHERE id = ?", (doc_id,))
    return True


def earlier_entries(conn: sqlite3.Connection, game: str, version: str) -> list[EarlierEntry]:
    """Entries of every version of ``game`` that sorts before ``version``, newest version first,
    each text once: an entry that repeats a newer version's kind, title, question and body is left
    out. The parsers that read them (16.0's recovery) look for the best likeness to an earlier text,
    so a repeat adds nothing but cost, and without it that cost grows with the texts a rulebook has
    had, not with how many versions reprinted them."""
    rows = conn.execute(
        """SELECT d.version, e.kind, e.key, e.title, e.question, e.body, e.category
           FROM entries e JOIN documents d ON d.id = e.document
           WHERE d.game = ? AND d.version_sort < ? AND e.needs_review = 0
           ORDER BY d.version_sort DESC, e.ordinal""",
        (game, version_sort_key(version)),
    )
    seen: set[tuple] = set()
    out = []
    for row in rows:
        text = (row[1], row[3], row[4], row[5])
        if text not in seen:
            seen.add(text)
            out.append(EarlierEntry(*row))
    return out


def store_document(
    conn: sqlite3.Connection, meta: DocumentMeta, parsed: ParsedDocument, source: bytes, index: CardIndex | None
) -> int:
    """Insert a parsed document; returns its id. The caller owns the transaction."""
    assign_keys(parsed.entries)
    cur = conn.execute(
        """INSERT INTO documents(game, version, version_sort, title, date, format, file, sha256,
                                 parser, stated_version, warnings)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
        (
            meta.game,
            meta.version,
            version_sort_key(meta.version),
            meta.title or parsed.title,
            meta.date,
            meta.format,
            meta.file,
            hashlib.sha256(source).hexdigest(),
            parsed.parser,
            parsed.stated_version,
            json.dumps(parsed.warnings, ensure_ascii=False),
        ),
    )
    doc_id = cur.lastrowid
    ids: list[int] = []
    for ordinal, e in enumerate(parsed.entries):
        parent_id = ids[e.parent] if e.parent is not None else None
        cur = conn.execute(
            """INSERT INTO entries(document, kind, key, title, category, question, body, ordinal,
                                   parent, level, confidence, needs_review, review_reason, data)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                doc_id,
                e.kind,
                e.key,
                e.title,
                e.category,
                e.question,
                e.body,
                ordinal,
                parent_id,
                e.level,
                e.confidence,
                int(e.needs_review),
                e.review_reason,
                json.dumps(e.data, ensure_ascii=False),
            ),
        )
        ids.append(cur.lastrowid)
    if index is not None:
        for entry_id, e in zip(ids, parsed.entries):
            if e.kind == "errata" and e.data.get("card"):
                match = resolve_errata_card(index, e.data)
                if match is not None:
                    conn.execute(
                        "INSERT OR REPLACE INTO card_errata(card, document, entry, text) VALUES (?, ?, ?, ?)",
                        (match.card_id, doc_id, entry_id, e.data.get("text") or e.body),
                    )
        link_entries(conn, index, ids)
    return doc_id


def rebuild_search_index(conn: sqlite3.Connection) -> None:
    conn.execute("INSERT INTO entries_fts(entries_fts) VALUES ('rebuild')")


def index_document(conn: sqlite3.Connection, doc_id: int) -> None:
    """Add one document's entries to the full-text index (an external-content FTS5 table is kept in
    step row by row: rebuilding it whole would cost as much as every version held)."""
    conn.execute(
        """INSERT INTO entries_fts(rowid, title, question, body)
                    SELECT id, title, question, body FROM entries WHERE document = ?""",
        (doc_id,),
    )


def latest_documents(conn: sqlite3.Connection) -> list[int]:
    """The newest document of each game (by version order, then id), in game order."""
    return [
        doc
        for _, doc in conn.execute(
            """SELECT game, (SELECT d2.id FROM documents d2 WHERE d2.game = d.game
                          ORDER BY d2.version_sort DESC, d2.id DESC LIMIT 1)
           FROM documents d GROUP BY game ORDER BY game"""
        )
    ]


def index_latest(conn: sqlite3.Connection) -> None:
    """Fill ``latest_fts`` with the entries of the newest document of each game (see kb/schema.sql),
    after a build or ingest: the cost is that of the newest versions, not of the history."""
    conn.execute("INSERT INTO latest_fts(latest_fts) VALUES('delete-all')")
    for doc in latest_documents(conn):
        conn.execute(
            """INSERT INTO latest_fts(rowid, title, question, body)
                        SELECT id, title, question, body FROM entries WHERE document = ?""",
            (doc,),
        )


def create_schema_additions(conn: sqlite3.Connection) -> None:
    """The tables added to the schema since a KB was built (``CREATE ... IF NOT EXISTS``), for a KB
    that is updated rather than rebuilt."""
    for statement in re.findall(
        r"CREATE (?:VIRTUAL TABLE|TABLE|INDEX) IF NOT EXISTS [^;]*;", re.sub(r"--[^\n]*", "", schema_sql())
    ):
        conn.execute(statement)
    columns = {row[1] for row in conn.execute("PRAGMA table_info(verifications)")}
    if columns and "inputs" not in columns:  # replays stored before their inputs were recorded
        conn.execute("ALTER TABLE verifications ADD COLUMN inputs TEXT")
    if "seconds" in columns:  # replay timings are no longer stored (builds are repeatable)
        conn.execute("ALTER TABLE verifications DROP COLUMN seconds")
