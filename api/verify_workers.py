"""Verify runs in worker processes, so that they never take the interpreter the searches need.

Why: a verify run is CPU-bound Python. On the server's own threads it holds the interpreter lock in
turns with every search, so even with at most two runs at once (:mod:`api.verify_slots`) a search
arriving during a burst of verifies waited for them: measured with ``tests/test_verify_load.py``,
search p99 115 ms during bursts of 100 verifies against 74 ms during bursts of 100 requests refused
at once. In a process of its own a run takes another core (or the same one, as the kernel shares it,
not the interpreter, and at a lower priority than the server's), and the request thread only waits
for its answer, holding nothing.

How: a :class:`concurrent.futures.ProcessPoolExecutor` (the standard library's) with one worker
per verify slot, so a request that holds a slot never queues for a worker. Workers are started
with ``spawn``: forking a server whose other threads may hold locks copies those locks held. A
worker keeps a read-only connection to each KB it is asked about, and with it what replays read
from the KB (:mod:`engine.kb_cache`: the entry index, the rule sets), reopened when the file is
replaced (a rebuild renames a new file in) and dropped with it. ``rulebase serve`` starts the
workers and warms them before it says it is ready; elsewhere (tests, ``create_app`` users) they
start on the first verify. One pool serves every app of a process with the same number of slots.

What the request thread gets back is what the run returned or raised: an :class:`api.errors.ApiError`
(bad input, a run over its budget) or a :class:`sqlite3.DatabaseError` (the KB gone: a 503) come
through as they would have in-process. A worker that dies (killed, out of memory) breaks the pool:
that request is a 503 saying so, and the next one gets a new pool.
"""
from __future__ import annotations

import multiprocessing
import os
import sqlite3
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from .errors import ApiError

_lock = threading.Lock()
#: slots -> the pool of that many workers
_pools: dict[int, ProcessPoolExecutor] = {}


def _pool(size: int) -> ProcessPoolExecutor:
    with _lock:
        pool = _pools.get(size)
        if pool is None:
            pool = _pools[size] = ProcessPoolExecutor(size, mp_context=multiprocessing.get_context("spawn"),
                                                      initializer=_init_worker)
        return pool


def call(size: int, task: str, kb_path: str, *args):
    """Run ``api.verify.<task>(conn, *args)`` in one of ``size`` workers, on a connection to the KB
    at ``kb_path``; return what it returns, raise what it raises."""
    pool = _pool(size)
    try:
        future = pool.submit(_work, task, kb_path, args)
    except BrokenProcessPool:  # a worker died before this request came: a new pool takes it
        _forget(size, pool)
        future = _pool(size).submit(_work, task, kb_path, args)
    try:
        return future.result()
    except BrokenProcessPool:  # its worker died while running it
        _forget(size, pool)
        raise ApiError("the verification stopped: the process running it ended (out of memory or killed); "
                       "try again", 503) from None


def _forget(size: int, pool: ProcessPoolExecutor) -> None:
    with _lock:
        if _pools.get(size) is pool:
            del _pools[size]
    pool.shutdown(wait=False, cancel_futures=True)


def start(size: int, kb_path: str) -> None:
    """Start every worker of a pool of ``size`` and have each read the KB at ``kb_path`` (its entry
    indexes and rule sets), so that the first verifies are as fast as the later ones."""
    pool = _pool(size)
    if size == 1:
        pool.submit(_warm, kb_path, None).result()
        return
    with multiprocessing.get_context("spawn").Manager() as manager:
        barrier = manager.Barrier(size)
        for future in [pool.submit(_warm, kb_path, barrier) for _ in range(size)]:
            future.result()


def shutdown() -> None:
    with _lock:
        pools = list(_pools.values())
        _pools.clear()
    for pool in pools:
        pool.shutdown(wait=True, cancel_futures=True)


# ---------------------------------------------------------------- in the worker

#: how much lower than the server's a worker's scheduling priority is (``nice``): when the cores are
#: all busy, the kernel runs the server's threads (searches, pages) before a verify run. A run's
#: budget is CPU time, so waiting longer for a core never changes its verdict.
NICENESS = 10


def _init_worker() -> None:
    """Lower this worker's priority, and end it when the server ends without stopping it (``kill
    -9``): a worker left behind would hold its memory and the KB file for good."""
    try:
        os.nice(NICENESS)
    except (AttributeError, OSError):  # no nice() on this system: the same priority as the server
        pass
    server = os.getppid()

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, name="server-watch", daemon=True).start()


#: KB path -> (identity of the file, connection to it)
_conns: dict[str, tuple[tuple[int, int, int, int] | None, sqlite3.Connection]] = {}
#: KBs a worker keeps connections to at once (the latest used)
KEEP = 4


def _connection(kb_path: str) -> sqlite3.Connection:
    """A read-only connection to the file now at ``kb_path``: kept while that file is there unchanged
    (a rebuild renames a new one in; an update writes to it), and while its queries work."""
    try:
        st = os.stat(kb_path)
        identity = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
    except OSError:
        identity = None
    kept = _conns.pop(kb_path, None)
    if kept is not None and kept[0] == identity:
        _conns[kb_path] = kept
        return kept[1]
    if kept is not None:
        kept[1].close()
    # opening a missing file fails here, as the server's own connection would: a 503 for the client
    conn = sqlite3.connect(f"file:{kb_path}?mode=ro", uri=True)
    _conns[kb_path] = (identity, conn)
    while len(_conns) > KEEP:
        _conns.pop(next(iter(_conns)))[1].close()
    return conn


def _work(task: str, kb_path: str, args: tuple):
    from . import verify
    try:
        return getattr(verify, task)(_connection(kb_path), *args)
    except sqlite3.DatabaseError:  # the KB damaged or gone: the next task opens it again
        kept = _conns.pop(kb_path, None)
        if kept is not None:
            kept[1].close()
        raise


def _warm(kb_path: str, barrier) -> None:
    """Read what every replay on this KB reads; ``barrier`` holds each worker here until all have
    a task, so that every worker of the pool gets one."""
    from engine.kb_cache import warm
    if barrier is not None:
        barrier.wait(timeout=120)
    warm(_connection(kb_path))
