"""Ruling threads: one rule, term or question followed across the versions of a game's rulebook.

A thread id is ``"<game>:<key>"`` (``"keyforge:glossary/elusive"``). Entry keys are already stable
across versions (see ``kb.keys``), so for now a thread is the set of entries sharing a game and a
key; the alignment of renamed, merged or moved entries will refine this in one place: here.
"""
from __future__ import annotations

import sqlite3


def thread_id(game: str, key: str) -> str:
    return f"{game}:{key}"


def parse_thread(thread: str) -> tuple[str, str]:
    """``"keyforge:faq/x"`` -> ``("keyforge", "faq/x")``; ValueError when it is not a thread id."""
    game, sep, key = thread.partition(":")
    if not sep or not game or not key:
        raise ValueError(f"not a thread id: {thread!r} (expected game:key)")
    return game, key


def thread_entries(conn: sqlite3.Connection, thread: str) -> list[tuple[int, str]]:
    """The (entry id, version) pairs of a thread, oldest version first."""
    game, key = parse_thread(thread)
    return conn.execute(
        """SELECT e.id, d.version FROM entries e JOIN documents d ON d.id = e.document
           WHERE d.game = ? AND e.key = ? ORDER BY d.version_sort""", (game, key)).fetchall()
