"""The server's worker processes: verify runs and changelog computations happen there, so that they
never take the interpreter the searches need.

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
from the KB (:mod:`engine.replay.kb_cache`: the entry index, the rule sets), reopened when the file is
replaced (a rebuild renames a new file in) and dropped with it. ``rulebase serve`` starts the
workers and warms them before it says it is ready; elsewhere (tests, ``create_app`` users) they
start on the first verify. One pool serves every app of a process with the same number of slots.

A changelog between two versions (:func:`kb.changelog.changelog`) is worse: computing the widest
Magic one takes 6-8 s of CPU, and parts of it (sorting, fuzzy matching, JSON) hold the interpreter
lock for up to 150 ms at a time, measured with a thread that asks for it every millisecond; a search
meeting a few of those waited seconds (p99 2.8 s while clients asked for new changelogs). In a
worker only the result crosses back. Workers run the functions named in :data:`TASKS`, each called
with a connection to the KB first.

What the request thread gets back is what the run returned or raised: an :class:`api.errors.ApiError`
(bad input, a run over its budget) or a :class:`sqlite3.DatabaseError` (the KB gone: a 503) come
through as they would have in-process. A worker that dies (killed, out of memory) breaks the pool:
that request is a 503 saying so, and the next one gets a new pool.

Workers never outlive their server, whenever it ends (``kill -9`` during start-up included): each
watches a pipe only the server holds open (:func:`_init_worker`), and no other process is started
(multiprocessing's resource tracker, which spawn starts, ends once the server and the workers have).
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import signal
import sqlite3
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing.connection import Connection

from flask import current_app

from kb.hot_journal import connect_read_only

from .db import get_conn
from .errors import ApiError
from .request_lanes import charge_worker


@dataclass
class _Pool:
    executor: ProcessPoolExecutor
    #: the write end of the workers' lifeline: held by this process alone, so it closes when this
    #: process ends, however it ends (``kill -9`` included), or when the pool is stopped
    lifeline: Connection
    #: the write end of the pipe on which warmed workers say so (:func:`start`), else None
    ready: Connection | None = None

    def stop(self, wait: bool) -> None:
        """End the workers now, a run in progress or a warm-up included: a worker past its first
        code sees its lifeline end; one still in the imports spawn makes it do (a second or two) is
        sent SIGTERM, so a server stopped during start-up does not wait for them. (The pool's
        processes have no public name before Python 3.14's ``terminate_workers``.)"""
        self.lifeline.close()
        if self.ready is not None:
            self.ready.close()
        for process in list((getattr(self.executor, "_processes", None) or {}).values()):
            process.terminate()
        self.executor.shutdown(wait=wait, cancel_futures=True)


_lock = threading.Lock()
#: slots -> the pool of that many workers
_pools: dict[int, _Pool] = {}


def _new_pool(size: int, kb_path: str | None = None, ready: Connection | None = None) -> _Pool:
    context = multiprocessing.get_context("spawn")
    lifeline_r, lifeline_w = context.Pipe(duplex=False)
    executor = ProcessPoolExecutor(
        size, mp_context=context, initializer=_init_worker, initargs=(lifeline_r, kb_path, ready)
    )
    return _Pool(executor, lifeline_w, ready)


def _pool(size: int) -> _Pool:
    with _lock:
        pool = _pools.get(size)
        if pool is None:
            pool = _pools[size] = _new_pool(size)
        return pool


#: what a worker may be asked to run: task name -> "module:function", called as function(conn, *args)
TASKS = {
    "replay_ruling": "api.verify_run:replay_ruling",
    "replay_posted": "api.verify_run:replay_posted",
    "play_posted": "api.play_run:play_posted",
    "export_posted": "api.play_run:export_posted",
    "import_posted": "api.play_run:import_posted",
    "import_ruling": "api.play_run:import_ruling",
    "changelog_json": "api.json_diff:changelog_json",
    "changelog_page_json": "api.json_diff:changelog_page_json",
    "changelog_page": "api.changes_page:changelog_page",
}


def run_in_worker(task: str, *args):
    """``task`` of :data:`TASKS` on the app's KB, in one of the app's workers (as many as its verify
    slots: the lanes of :mod:`api.request_lanes` keep what runs at once to them and the changelog's
    slot). An app made with ``WORKER_PROCESSES=False`` runs it in the request's own thread (tests
    that watch a computation from the inside)."""
    if not current_app.config.get("WORKER_PROCESSES", True):
        module, _, name = TASKS[task].partition(":")
        return getattr(importlib.import_module(module), name)(get_conn(), *args)
    size = current_app.extensions["verify_slots"].size
    return call(size, task, current_app.config["KB_PATH"], *args)


def call(size: int, task: str, kb_path: str, *args):
    """Run the function :data:`TASKS` names ``task`` as ``function(conn, *args)`` in one of ``size``
    workers, on a connection to the KB at ``kb_path``; return what it returns, raise what it raises."""
    pool = _pool(size)
    try:
        future = pool.executor.submit(_work, task, kb_path, args)
    except BrokenProcessPool:  # a worker died before this request came: a new pool takes it
        _forget(size, pool)
        pool = _pool(size)
        future = pool.executor.submit(_work, task, kb_path, args)
    try:
        result, spent = future.result()
    except BrokenProcessPool:  # its worker died while running it
        _forget(size, pool)
        raise ApiError(
            "the work stopped: the process running it ended (out of memory or killed); try again", 503
        ) from None
    charge_worker(spent)  # what the worker spent counts against the request's lane (api.request_lanes)
    return result


def _forget(size: int, pool: _Pool) -> None:
    with _lock:
        if _pools.get(size) is pool:
            del _pools[size]
    pool.stop(wait=False)


def start(size: int, kb_path: str) -> None:
    """Start every worker of a pool of ``size``, each reading the KB at ``kb_path`` (its entry
    indexes and rule sets) as it starts, and return once all have: the first verifies are then as
    fast as the later ones. Raises :class:`BrokenProcessPool` if a worker ended while starting."""
    begin(size, kb_path)()


def begin(size: int, kb_path: str):
    """Start the workers of :func:`start` and return at once a function that waits until all are
    warm (raising as :func:`start` does): ``rulebase serve`` loads its search index meanwhile, so
    the workers' imports and warm-up take the other core instead of adding to its start-up.

    Each worker warms itself in its initializer, so every worker of the pool does, and says so on a
    pipe; no process beyond the workers is involved (a ``Manager`` for a barrier was one more
    process, left running by a ``kill -9``)."""
    context = multiprocessing.get_context("spawn")
    ready_r, ready_w = context.Pipe(duplex=False)
    pool = _new_pool(size, kb_path, ready_w)
    with _lock:
        previous, _pools[size] = _pools.get(size), pool
    if previous is not None:
        previous.stop(wait=False)
    try:
        # with spawn, each task submitted while no worker is idle starts one more worker
        pending = [pool.executor.submit(_started) for _ in range(size)]
    except BaseException:
        ready_r.close()
        raise

    def wait() -> None:
        try:
            warm: set[bytes] = set()
            while len(warm) < size:
                if ready_r.poll(0.1):
                    warm.add(ready_r.recv_bytes())
                else:
                    for future in pending:
                        if future.done():
                            future.result()  # a worker that ended while starting breaks the pool: raised here
        finally:
            ready_r.close()

    return wait


def shutdown() -> None:
    with _lock:
        pools = list(_pools.values())
        _pools.clear()
    for pool in pools:
        pool.stop(wait=True)


# ---------------------------------------------------------------- in the worker

#: how much lower than the server's a worker's scheduling priority is (``nice``): when the cores are
#: all busy, the kernel runs the server's threads (searches, pages) before a verify run. A run's
#: budget is CPU time, so waiting longer for a core never changes its verdict.
NICENESS = 10


def _init_worker(lifeline: Connection, kb_path: str | None, ready: Connection | None) -> None:
    """The first thing a worker runs (after the imports spawn makes it do): watch the server, lower
    its priority, then read the KB at ``kb_path`` if given and say so on ``ready``.

    The watch: a thread that waits for the end of ``lifeline``, a pipe whose write end only the
    server holds, and ends the worker when it comes, that is, as soon as the server ends or stops
    the pool, whatever stops the server (``kill -9`` too), even if the server was already gone when
    the worker got here (the read ends at once). A worker left behind would hold its memory and the
    KB file for good. (Not ``PR_SET_PDEATHSIG``: it fires when the *thread* that started the worker
    ends, and a pool may be started by a request thread; nor the parent's pid: a worker whose server
    died while it was importing would take its new parent for the server.)

    Ctrl-C in a terminal reaches every process of the group: a worker ignores it, and ends when the
    server, which takes it, stops."""
    threading.Thread(target=_watch, args=(lifeline,), name="server-watch", daemon=True).start()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        os.nice(NICENESS)
    except (AttributeError, OSError):  # no nice() on this system: the same priority as the server
        pass
    if kb_path is not None:
        from engine.replay.kb_cache import warm  # the worker's: the server that starts it never imports the engine

        try:
            warm(_connection(kb_path))
        except Exception:  # a warm-up is only a head start: the verify that needs this KB says why
            _drop(kb_path)
    if ready is not None:
        try:
            ready.send_bytes(str(os.getpid()).encode())
            ready.close()
        except OSError:  # the server no longer waits for it
            pass


def _watch(lifeline: Connection) -> None:
    try:
        lifeline.recv_bytes()
    except (EOFError, OSError):
        pass
    os._exit(0)


def _started() -> None:
    """The task :func:`start` submits to start each worker: done once its initializer has run."""


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
    conn = connect_read_only(kb_path)
    _conns[kb_path] = (identity, conn)
    while len(_conns) > KEEP:
        _conns.pop(next(iter(_conns)))[1].close()
    return conn


def _work(task: str, kb_path: str, args: tuple):
    """(what the task returned, the CPU time it took in this worker)."""
    module, _, name = TASKS[task].partition(":")
    started = time.thread_time()
    try:
        result = getattr(importlib.import_module(module), name)(_connection(kb_path), *args)
        return result, time.thread_time() - started
    except sqlite3.DatabaseError:  # the KB damaged or gone: the next task opens it again
        _drop(kb_path)
        raise


def _drop(kb_path: str) -> None:
    kept = _conns.pop(kb_path, None)
    if kept is not None:
        kept[1].close()
