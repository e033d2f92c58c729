"""Which search index (:class:`kb.search_index.Index`) the searches of a KB use: one per KB file,
kept in memory, read on first use and again after every rebuild.

The cache is keyed on a fingerprint that is cheap to read on every call (tens of microseconds) and
changes when the KB is rebuilt, re-ingested or written to: the file's identity, size and
modification time (and its WAL's), the documents' checksums, the highest entry and card ids and the
number of card links.

Building the index reads every entry of every version (seconds on the full KB), so the build and
the ingest also store it in the KB (:mod:`kb.search_store`), and :func:`index_for` loads that copy
when it was made for the KB's current content; otherwise (no copy, an older or damaged one) the
index is built (:func:`kb.search_index.build_index`).

The index and its fuzzy matching lived here before; they moved to :mod:`kb.search_index` so that
:mod:`kb.search_store` can build and restore an index without importing the cache that loads it.
The callers that ask for an index (``rulebase serve``, the search, the benchmarks) still ask here.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections import OrderedDict

from . import search_store
from .search_index import CONTENT_SQL, Index, build_index

#: How many KBs (fingerprints) are kept in memory at once.
CACHE_SIZE = 4

_lock = threading.Lock()
_build_lock = threading.Lock()
_cache: OrderedDict[tuple, Index] = OrderedDict()


def fingerprint(conn: sqlite3.Connection) -> tuple:
    """Cheap identity of the KB behind ``conn`` (see the module docstring), so that a rebuilt,
    re-ingested or edited KB never matches the index of its earlier state."""
    files = []
    for _, name, path in conn.execute("PRAGMA database_list"):
        if name == "main" and path:
            for p in (path, path + "-wal"):
                try:
                    st = os.stat(p)
                    files.append((p, st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns))
                except OSError:
                    files.append((p,))
    return tuple(files), tuple(conn.execute(CONTENT_SQL).fetchone())


def index_for(conn: sqlite3.Connection) -> Index:
    """The index of the KB behind ``conn``, read on first use and after every rebuild: loaded from
    the copy stored in the KB when it matches the KB's content, else built."""
    fp = fingerprint(conn)
    with _lock:
        index = _cache.get(fp)
        if index is not None:
            _cache.move_to_end(fp)
            return index
    with _build_lock:  # concurrent first searches build it once
        index = _cache.get(fp)
        if index is None:
            index = search_store.load_index(conn, fp) or build_index(conn, fp)
            with _lock:
                _cache[fp] = index
                while len(_cache) > CACHE_SIZE:
                    _cache.popitem(last=False)
    return index
