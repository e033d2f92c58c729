"""Parsing a build's documents in worker processes while the build stores the ones already parsed.

Why: a full build parses 118 documents (113 Comprehensive Rules versions among them), a third of
its CPU time, one after the other, while storing them, aligning and indexing are work for the one
process that holds the KB's transaction. Parsing is a pure function of a document's bytes, so on a
machine with a second core the parsing runs ahead in ``os.cpu_count() - 1`` forked workers (at most
:data:`MAX_WORKERS`; the standard library's ``ProcessPoolExecutor``) and the build takes the parsed
documents in manifest order: the KB is the same, entry for entry and id for id.

A parser that reads the earlier versions' entries (the KeyForge text rulebooks' recovery reads them
from the KB, which only the building process has) is stopped at once in the worker, and that
document is parsed by the build itself when its turn comes, with the earlier versions stored by
then. At most :data:`AHEAD` documents are parsed ahead of the one being stored, so memory holds a
few parsed documents, not all of them. Where there is one core, or few documents, nothing is
started and documents are parsed in turn as before.
"""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor

from ingest.model import ParseContext, ParsedDocument
from ingest.registry import parse_document
from kb.store import earlier_entries

#: workers at most (a build shares its machine; two cores are what this project's machines have)
MAX_WORKERS = 2
#: documents parsed ahead of the one being stored, at most
AHEAD = 4
#: fewer documents to parse than this: parsed in turn (starting workers costs more than it gives)
MIN_DOCUMENTS = 6


class Earlier(list):
    """The earlier versions' entries handed to a parser, read from the KB only if the parser looks
    at them (the Magic rules parser never does: reading 100 versions' entries for each new one would
    make a build quadratic), noting that it did: a document parsed with them (16.0's recovery) is
    parsed again when an earlier version changes."""

    def __init__(self, conn: sqlite3.Connection, game: str, version: str) -> None:
        super().__init__()
        self._read = lambda: earlier_entries(conn, game, version)
        self.looked = False

    def _look(self) -> None:
        if not self.looked:
            self.looked = True
            self.extend(self._read())

    def __iter__(self):
        self._look()
        return super().__iter__()

    def __len__(self):
        self._look()
        return super().__len__()

    def __getitem__(self, i):
        self._look()
        return super().__getitem__(i)

    def __bool__(self):
        self._look()
        return super().__len__() > 0


#: the build's sources, set before the workers are forked (they inherit it, nothing is sent)
_SOURCES: dict[str, tuple] = {}


class _NeedsEarlier(Exception):
    """The parser asked for the earlier versions' entries, which a worker does not have."""


class _NoEarlier(list):
    """What a worker hands a parser as the earlier versions' entries: touching it stops the parse."""

    def _refuse(self, *args):
        raise _NeedsEarlier()

    __iter__ = __len__ = __getitem__ = __bool__ = __contains__ = _refuse


def _parse(key: str, max_input_size: int | None) -> ParsedDocument | None:
    """In a worker: the parsed document of ``key``, or None when its parser reads earlier versions."""
    src, data = _SOURCES[key]
    context = ParseContext(
        game=src.game,
        version=src.version,
        source_name=str(src.file),
        earlier=_NoEarlier(),
        max_input_size=max_input_size,
    )
    try:
        return parse_document(data, src.format, context)
    except _NeedsEarlier:
        return None


def workers_for(documents: int) -> int:
    """Worker processes for a build parsing ``documents`` documents (0: parse in turn)."""
    if documents < MIN_DOCUMENTS:
        return 0
    return max(0, min(MAX_WORKERS, (os.cpu_count() or 1) - 1, documents))


def parsed_ahead(sources: dict[str, tuple], keys: list[str], max_input_size: int | None) -> Iterator[tuple]:
    """``(key, parsed document or None)`` for each of ``keys`` in order; None: parse it yourself
    (no workers, or its parser reads earlier versions). A parse error is raised at its document's
    turn, as in a build that parses in turn."""
    n = workers_for(len(keys))
    if n == 0 or "fork" not in multiprocessing.get_all_start_methods():
        for key in keys:
            yield key, None
        return
    _SOURCES.clear()
    _SOURCES.update({k: sources[k] for k in keys})
    pool = ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("fork"))
    try:
        pending: deque[tuple[str, Future]] = deque()
        upcoming = iter(keys)
        for key in upcoming:
            pending.append((key, pool.submit(_parse, key, max_input_size)))
            if len(pending) > AHEAD:
                break
        while pending:
            key, future = pending.popleft()
            nxt = next(upcoming, None)
            if nxt is not None:
                pending.append((nxt, pool.submit(_parse, nxt, max_input_size)))
            yield key, future.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        _SOURCES.clear()
