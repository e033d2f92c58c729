"""Histories, changelogs and their responses computed once per state of a KB, kept in a file beside it.

Why: a rule's history or the changelog between two versions can only change when the KB does (or
the code that computes it), yet each ``rulebase history``, each ``rulebase diff`` and each server
that starts afresh computed them again: 3-8 s of CPU for the widest Magic changelog
(2003-03-15 -> 2025-11-14), and the imports of the whole comparison machinery for a history the
previous command had just shown. So a result is kept, compressed, in a small SQLite file beside
the KB (``kb.sqlite`` -> ``kb.sqlite-cache``), keyed by

- the **state of the KB file**: its device, inode, size and modification time, and the change
  counter SQLite keeps in the file's header (a build or an ingest renames a new file in, so the
  state changes; an edit in place bumps the counter even within one tick of the clock);
- the **code that computes it**: sizes and modification times of the files of the packages named
  (``kb`` and ``textnorm`` for the data; the site's too for a rendered response), so a changed
  ``kb/meaning.py`` is never answered from what the old one computed;
- what was asked (a kind and its arguments).

Results of another state are deleted by the next write, and the file is bounded
(:data:`MAX_BYTES`, oldest first out), so it never holds more than the results of one KB. The cache
never decides an answer: any failure to read or write it (a read-only folder, a locked or damaged
file) only means the result is computed as it would have been without it. Values are JSON (what is
kept is what ``json.dumps`` writes, and every result kept here reads back equal: tests check it).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
import zlib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

#: the cache file of ``kb.sqlite`` is ``kb.sqlite-cache``
SUFFIX = "-cache"
#: bytes of values one cache file holds at most (oldest written first out)
MAX_BYTES = 256 * 2**20
#: packages whose code computes the data kept (histories, changelogs)
DATA_CODE = ("kb", "textnorm")
#: seconds a writer waits for another process's write to end before giving up (nothing is kept then)
LOCK_SECONDS = 2.0
#: the layout of the cache file; a file of another layout is started again
FORMAT = 1

_ROOT = Path(__file__).resolve().parent.parent
#: values are kept in the gzip format, written and read with ``zlib`` itself (wbits 16 + 15): the
#: ``gzip`` and ``hashlib`` modules (OpenSSL's) would add about 8 ms to every ``rulebase history``,
#: which is all start-up (issue 30's target is 100 ms); the code stamp is a CRC-32 and an Adler-32
#: with the length of what they sum, which tells a changed file apart as well as a cache needs
_GZIP = 31
_SCHEMA = """CREATE TABLE IF NOT EXISTS results (
    state  TEXT NOT NULL,     -- the KB file's state and the code's (see the module docstring)
    kind   TEXT NOT NULL,     -- what was computed: history, changelog, response, ...
    key    TEXT NOT NULL,     -- its arguments, as JSON
    meta   TEXT NOT NULL,     -- what the caller keeps beside the value (JSON)
    value  BLOB NOT NULL,
    stored REAL NOT NULL,
    PRIMARY KEY (state, kind, key)
)"""


@lru_cache(maxsize=8)
def code_stamp(packages: tuple[str, ...]) -> str:
    """A stamp of the files of ``packages`` (folders under the project root): their paths, sizes and
    modification times. A few hundred ``stat`` calls, once per process."""
    found: list[str] = []

    def walk(folder: str) -> None:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            return
        for e in entries:
            if e.is_dir(follow_symlinks=False):
                if e.name != "__pycache__":
                    walk(e.path)
            else:
                try:
                    st = e.stat()
                except OSError:
                    continue
                found.append(f"{e.path}\0{st.st_size}\0{st.st_mtime_ns}")

    for package in packages:
        walk(str(_ROOT / package))
    data = "\n".join(sorted(found)).encode()
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}{len(data):x}"


def kb_path(conn: sqlite3.Connection) -> str | None:
    """The file the connection reads (None for an in-memory or temporary database)."""
    try:
        row = next((r for r in conn.execute("PRAGMA database_list") if r[1] == "main"), None)
    except sqlite3.Error:
        return None
    return row[2] if row and row[2] else None


def file_state(path: str) -> str | None:
    """The state of the KB file at ``path`` (see the module docstring); None when it cannot be read."""
    try:
        st = os.stat(path)
        with open(path, "rb") as f:
            header = f.read(100)
    except OSError:
        return None
    counter = int.from_bytes(header[24:28], "big") if len(header) >= 28 else 0
    return f"{st.st_dev}:{st.st_ino}:{st.st_size}:{st.st_mtime_ns}:{counter}"


class Store:
    """The cache file of one KB file: results of its current state, for code of ``packages``."""

    def __init__(self, path: str, state: str):
        self.file = path + SUFFIX
        self.state = state

    def __eq__(self, other) -> bool:
        return isinstance(other, Store) and (self.file, self.state) == (other.file, other.state)

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.file, timeout=LOCK_SECONDS, isolation_level=None)
        try:
            if conn.execute("PRAGMA user_version").fetchone()[0] != FORMAT:
                conn.execute("DROP TABLE IF EXISTS results")
                conn.execute(f"PRAGMA user_version = {FORMAT}")
            conn.execute(_SCHEMA)
        except sqlite3.Error:
            conn.close()
            raise
        return conn

    def get(self, kind: str, key: str) -> tuple[dict, bytes] | None:
        """(meta, value) kept for ``kind`` and ``key`` in this state, or None."""
        if not os.path.exists(self.file):
            return None
        try:
            conn = sqlite3.connect(f"file:{self.file}?mode=ro", uri=True, timeout=LOCK_SECONDS)
            try:
                row = conn.execute(
                    "SELECT meta, value FROM results WHERE state = ? AND kind = ? AND key = ?", (self.state, kind, key)
                ).fetchone()
            finally:
                conn.close()
        except sqlite3.Error:
            return None
        if row is None:
            return None
        try:
            return json.loads(row[0]), bytes(row[1])
        except ValueError:
            return None

    def put(self, kind: str, key: str, meta: dict, value: bytes) -> bool:
        """Keep ``value`` (and ``meta``); False when it could not be written (nothing else happens)."""
        if len(value) > MAX_BYTES:
            return False
        try:
            conn = self._connect()
            try:
                conn.execute("BEGIN IMMEDIATE")
                conn.execute("DELETE FROM results WHERE state != ?", (self.state,))
                conn.execute(
                    "INSERT OR REPLACE INTO results (state, kind, key, meta, value, stored) VALUES (?, ?, ?, ?, ?, ?)",
                    (self.state, kind, key, json.dumps(meta), value, time.time()),
                )
                total = conn.execute("SELECT total(length(value)) FROM results").fetchone()[0]
                for rowid, size in conn.execute("SELECT rowid, length(value) FROM results ORDER BY stored").fetchall():
                    if total <= MAX_BYTES:
                        break
                    conn.execute("DELETE FROM results WHERE rowid = ?", (rowid,))
                    total -= size
                conn.execute("COMMIT")
            finally:
                conn.close()
        except (sqlite3.Error, OSError):
            return False
        return True


def store_for(conn: sqlite3.Connection, packages: tuple[str, ...] = DATA_CODE) -> Store | None:
    """The cache of the KB ``conn`` reads, for results computed by the code of ``packages``; None
    for a database that is not a file, or a connection with changes not yet committed (what it
    reads is not the file's state)."""
    if conn.in_transaction:
        return None
    path = kb_path(conn)
    return store_at(path, packages) if path else None


def store_at(path: str, packages: tuple[str, ...] = DATA_CODE) -> Store | None:
    """The cache of the KB file at ``path``, for results computed by the code of ``packages``; None
    when the file cannot be read."""
    state = file_state(path)
    return None if state is None else Store(path, f"{state}:{code_stamp(tuple(packages))}")


def kept(conn: sqlite3.Connection, kind: str, args: list, compute: Callable[[], Any]) -> Any:
    """``compute()`` (a JSON value), or what it returned before for the same ``kind`` and ``args``
    in this state of the KB."""
    store = store_for(conn)
    key = json.dumps(args, ensure_ascii=False, separators=(",", ":"))
    if store is not None:
        found = store.get(kind, key)
        if found is not None:
            try:
                return json.loads(zlib.decompress(found[1], _GZIP))
            except (zlib.error, ValueError):
                pass  # damaged: computed again below, and written over
    value = compute()
    if store is not None and store_for(conn) == store:  # not kept when a new KB came in meanwhile
        body = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
        store.put(kind, key, {}, zlib.compress(body, 1, _GZIP))
    return value
