"""What replays read from a knowledge base, kept per connection while the KB is unchanged.

Working out which expectation a replay is checked against reads every entry of its game
(:class:`engine.replay.entries.EntryIndex`), and its rule set tells each switch from the KB's texts
(:func:`engine.rules.rulesets.ruleset_from_kb`). A build hands both to its replays; a caller that replays
one scenario at a time (``rulebase verify``, the verify API, the benchmark) would read them again
for every replay, several times the cost of the replay itself. So they are kept here, for the
last few connections seen, and dropped as soon as the KB changes: a change on the connection
itself moves ``total_changes``, a change committed by another connection moves the file change
counter of the database header (bytes 24-27, which every commit in rollback-journal mode, the KB's
mode, increments: what ``PRAGMA data_version`` reports from). That counter is read with one
``pread`` on a descriptor kept with the connection, not with ``PRAGMA data_version``: the pragma
takes and releases the file's shared lock, 11-30 µs of CPU, 1.5-4% of a replay, for every replay. A
KB in WAL mode, or a connection with no file, is asked ``PRAGMA data_version`` as before. (sqlite3
connections take no weak references, so the cache holds the connection itself, a bounded few; its
owner closing it only ends its use.)
"""

from __future__ import annotations

import os
import sqlite3
import threading

from engine.core.errors import ScenarioError
from engine.replay.entries import EntryIndex
from engine.rules.rulesets import errata_in_force, ruleset_from_kb

#: how many connections' caches are kept (the latest used)
KEEP = 2

_lock = threading.Lock()
#: id(connection) -> (connection, descriptor of its KB file or None, freshness token, cache)
_caches: dict[int, tuple[sqlite3.Connection, int | None, tuple, dict]] = {}


def _header_reader(conn: sqlite3.Connection) -> int | None:
    """A descriptor of the connection's database file, to read its change counter from, or None
    (no file, WAL mode, or not readable: the pragma is asked instead)."""
    try:
        path = next((row[2] for row in conn.execute("PRAGMA database_list") if row[1] == "main"), "")
        mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
    except sqlite3.Error:
        return None
    if not path or str(mode).lower() == "wal":
        return None
    try:
        return os.open(path, os.O_RDONLY)
    except OSError:
        return None


def _token(conn: sqlite3.Connection, fd: int | None) -> tuple | None:
    try:
        if fd is not None:
            return conn.total_changes, os.pread(fd, 4, 24)
        return conn.total_changes, conn.execute("PRAGMA data_version").fetchone()[0]
    except (sqlite3.Error, OSError):  # a closed connection: nothing to keep
        return None


def _forget(entry: tuple | None) -> None:
    if entry is not None and entry[1] is not None:
        os.close(entry[1])


def cache_for(conn: sqlite3.Connection) -> dict:
    """A dict for what replays on ``conn`` read, emptied whenever the KB has changed since."""
    with _lock:
        found = _caches.pop(id(conn), None)
        if found is not None and found[0] is not conn:  # another connection at a reused id
            _forget(found)
            found = None
        fd = found[1] if found is not None else _header_reader(conn)
        token = _token(conn, fd)
        if token is None:
            _forget(found if found is not None else (conn, fd))
            return {}
        if found is None or found[2] != token:
            found = (conn, fd, token, {})
        _caches[id(conn)] = found  # latest last
        while len(_caches) > KEEP:
            _forget(_caches.pop(next(iter(_caches))))
        return found[3]


def entry_index(conn: sqlite3.Connection, game: str, cache: dict | None = None):
    """The :class:`~engine.replay.entries.EntryIndex` of ``game``, read once per KB state on ``conn``
    (``cache``: what :func:`cache_for` returned for ``conn``, when the caller has it)."""
    cache = cache_for(conn) if cache is None else cache
    index = cache.get(("entries", game))
    if index is None:
        index = cache[("entries", game)] = EntryIndex.read(conn, game)
    return index


def errata(conn: sqlite3.Connection, game: str, version: str) -> dict[str, tuple[str, str]]:
    """The errata in force under ``version`` (:func:`engine.rules.rulesets.errata_in_force`), read
    once per KB state on ``conn``: every scenario's carry asks for the same versions'."""
    cache = cache_for(conn)
    found = cache.get(("errata", game, version))
    if found is None:
        found = cache[("errata", game, version)] = errata_in_force(conn, game, version)
    return found


def warm(conn: sqlite3.Connection) -> None:
    """Read now what replays on ``conn`` will read: the entry index and every version's rule set
    of each game the KB holds rulings of (a long-lived process, such as a verify worker, does it
    before its first request).

    Only those games: the others' entries are read on first use. Magic's 113 Comprehensive Rules
    versions made an index of about 250 MB and 2.3 s of CPU in each worker, for replays that never
    come (no Magic ruling is replayed)."""
    rulesets = cache_for(conn).setdefault("rulesets", {})
    for game, version in conn.execute(
        """SELECT game, version FROM documents WHERE game IN (SELECT DISTINCT game FROM scenarios)
           ORDER BY game, version_sort"""
    ):
        entry_index(conn, game)
        try:
            ruleset_from_kb(conn, game, version, rulesets)
        except ScenarioError:  # a game whose replays take no rule set
            pass
