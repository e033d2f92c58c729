"""What replays read from a knowledge base, kept per connection while the KB is unchanged.

Working out which expectation a replay is checked against reads every entry of its game
(:class:`engine.replay.entries.EntryIndex`), and its rule set tells each switch from the KB's texts
(:func:`engine.rules.rulesets.ruleset_from_kb`). A build hands both to its replays; a caller that replays
one scenario at a time (``rulebase verify``, the verify API, the benchmark) would read them again
for every replay, several times the cost of the replay itself. So they are kept here, for the
last few connections seen, and dropped as soon as the KB changes: a change on the connection
itself moves ``total_changes``, a change committed by another connection moves ``PRAGMA
data_version``. (sqlite3 connections take no weak references, so the cache holds the connection
itself, a bounded few; its owner closing it only ends its use.)
"""

from __future__ import annotations

import sqlite3
import threading

from engine.core.errors import ScenarioError
from engine.replay.entries import EntryIndex
from engine.rules.rulesets import ruleset_from_kb

#: how many connections' caches are kept (the latest used)
KEEP = 2

_lock = threading.Lock()
#: id(connection) -> (connection, freshness token, cache)
_caches: dict[int, tuple[sqlite3.Connection, tuple, dict]] = {}


def _token(conn: sqlite3.Connection) -> tuple | None:
    try:
        return conn.total_changes, conn.execute("PRAGMA data_version").fetchone()[0]
    except sqlite3.Error:  # a closed connection: nothing to keep
        return None


def cache_for(conn: sqlite3.Connection) -> dict:
    """A dict for what replays on ``conn`` read, emptied whenever the KB has changed since."""
    token = _token(conn)
    if token is None:
        return {}
    with _lock:
        found = _caches.pop(id(conn), None)
        if found is None or found[0] is not conn or found[1] != token:
            found = (conn, token, {})
        _caches[id(conn)] = found  # latest last
        while len(_caches) > KEEP:
            del _caches[next(iter(_caches))]
        return found[2]


def entry_index(conn: sqlite3.Connection, game: str, cache: dict | None = None):
    """The :class:`~engine.replay.entries.EntryIndex` of ``game``, read once per KB state on ``conn``
    (``cache``: what :func:`cache_for` returned for ``conn``, when the caller has it)."""
    cache = cache_for(conn) if cache is None else cache
    index = cache.get(("entries", game))
    if index is None:
        index = cache[("entries", game)] = EntryIndex.read(conn, game)
    return index


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
