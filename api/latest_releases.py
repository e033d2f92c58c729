"""What changed in each game's newest rulebook version: the home page's short "latest release" list
(Yawgatog's "what changed in this release" page, one line a game).

Why a module of its own: the counts come from the changelog between a game's two newest versions
(:func:`api.changes.kept_changelog`, the one /changes shows and keeps per KB state) (a second of CPU for Magic's, several on a loaded machine), so they are worked out
once per KB state, in a thread of their own, and kept, keyed by the KB file's identity. The home page
never waits for them: until they are ready it lists each game's two newest versions and the link.
"""

from __future__ import annotations

import sqlite3
import threading

from .changes import kept_changelog
from .expensive import kb_state

#: entries named on the line, the most changed first
NAMED = 3

_kept: dict[tuple, list[dict]] = {}
_working: set[tuple] = set()
_lock = threading.Lock()


def latest_releases(conn: sqlite3.Connection, wait: bool = False) -> list[dict]:
    """Per game with two versions or more, newest first by date: ``{"game", "name", "from", "to",
    "date", "counted", "meaning", "added", "removed", "named": [{"title", "entry_id"}]}``. Without
    ``wait``, the counts not yet worked out for this KB state are being worked out in a thread, and
    the versions come back alone (``counted`` False)."""
    path = conn.execute("PRAGMA database_list").fetchone()[2]
    state = kb_state(path)
    identity = None if state == ("missing",) else (path, *state)
    with _lock:
        if identity is not None and identity in _kept:
            return _kept[identity]
        start = not wait and identity is not None and identity not in _working
        if start:
            _working.add(identity)
    if wait or identity is None:
        return _count(conn, identity)
    if start:
        threading.Thread(target=_count_apart, args=(path, identity), daemon=True, name="latest-releases").start()
    return _versions(conn)


def _count_apart(path: str, identity: tuple) -> None:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
    try:
        _count(conn, identity)
    finally:
        conn.close()
        with _lock:
            _working.discard(identity)


def _versions(conn: sqlite3.Connection) -> list[dict]:
    out = []
    for game, name in conn.execute("SELECT id, name FROM games ORDER BY name").fetchall():
        versions = conn.execute(
            "SELECT version, date FROM documents WHERE game = ? ORDER BY version_sort, id", (game,)
        ).fetchall()
        if len(versions) >= 2:
            (old, _), (new, date) = versions[-2], versions[-1]
            out.append({"game": game, "name": name, "from": old, "to": new, "date": date, "counted": False})
    out.sort(key=lambda r: str(r["date"] or ""), reverse=True)
    return out


def _count(conn: sqlite3.Connection, identity: tuple | None) -> list[dict]:
    out = []
    for game, name in conn.execute("SELECT id, name FROM games ORDER BY name").fetchall():
        versions = conn.execute(
            "SELECT version, date FROM documents WHERE game = ? ORDER BY version_sort, id", (game,)
        ).fetchall()
        if len(versions) < 2:
            continue
        (old, _), (new, date) = versions[-2], versions[-1]
        log = kept_changelog(conn, game, old, new, None)  # the same work /changes shows, done once
        meaning = [c for c in log["changed"] if c.get("meaning")]
        out.append(
            {
                "game": game,
                "name": name,
                "from": old,
                "to": new,
                "date": date,
                "counted": True,
                "meaning": len(meaning),
                "added": len(log["added"]),
                "removed": len(log["removed"]),
                "named": [{"title": c["title"] or c["key"], "entry_id": c["to_entry"]} for c in meaning[:NAMED]],
            }
        )
    out.sort(key=lambda r: str(r["date"] or ""), reverse=True)
    if identity is not None:
        with _lock:
            _kept.clear()  # one KB state at a time
            _kept[identity] = out
    return out
