"""What a knowledge base holds: documents, entry counts per kind, review flags, cards and links,
scenarios and their replays."""

from __future__ import annotations

import json
import sqlite3


def stats(conn: sqlite3.Connection) -> dict:
    """The ``rulebase stats --json`` document (see the README for its shape)."""
    documents = []
    for doc_id, game, version, title, fmt, parser, stated, warnings in conn.execute(
        """SELECT id, game, version, title, format, parser, stated_version, warnings
           FROM documents ORDER BY game, version_sort"""
    ):
        counts = dict(
            conn.execute(
                "SELECT kind, count(*) FROM entries WHERE document = ? GROUP BY kind ORDER BY kind", (doc_id,)
            ).fetchall()
        )
        needs_review = conn.execute(
            "SELECT count(*) FROM entries WHERE document = ? AND needs_review = 1", (doc_id,)
        ).fetchone()[0]
        recovered = conn.execute(
            "SELECT count(*) FROM entries WHERE document = ? AND confidence < 1 AND needs_review = 0", (doc_id,)
        ).fetchone()[0]
        card_errata = conn.execute("SELECT count(*) FROM card_errata WHERE document = ?", (doc_id,)).fetchone()[0]
        documents.append(
            {
                "game": game,
                "version": version,
                "title": title,
                "format": fmt,
                "parser": parser,
                "stated_version": stated,
                "counts": counts,
                "needs_review": needs_review,
                "recovered": recovered,
                "card_errata": card_errata,
                "warnings": json.loads(warnings),
            }
        )
    return {
        "documents": documents,
        "cards": conn.execute("SELECT count(*) FROM cards").fetchone()[0],
        "card_links": conn.execute("SELECT count(*) FROM entry_cards").fetchone()[0],
        **rulings_stats(conn),
    }


def rulings_stats(conn: sqlite3.Connection) -> dict:
    """Scenarios loaded, replays passed and failed, and entries marked as conflicting. A KB built
    before scenarios were loaded has none of these tables: it reports zeros rather than failing."""
    try:
        scenarios = conn.execute("SELECT count(*) FROM scenarios").fetchone()[0]
        passed, failed, unverified = conn.execute(
            """SELECT count(*) FILTER (WHERE status = 'passed'), count(*) FILTER (WHERE status = 'failed'),
                      count(*) FILTER (WHERE status = 'unverified') FROM verifications"""
        ).fetchone()
        conflicts = conn.execute("SELECT count(*) FROM entries WHERE conflict = 1").fetchone()[0]
    except sqlite3.OperationalError:
        scenarios = passed = failed = unverified = conflicts = 0
    return {
        "scenarios": scenarios,
        "verifications": {"passed": passed, "failed": failed, "unverified": unverified},
        "conflicts": conflicts,
    }
