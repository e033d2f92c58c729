"""A build's memory: the cyclic garbage collector off while it works, and what a finished stage
freed handed back before the next one.

Why a module of its own: :mod:`rulebase.build` orders the stages; how a build keeps its CPU time
and its peak memory down (issue 30: a full build peaked at 800 MiB, now under 500) is a subject
apart, shared by ``build`` and ``ingest``.
"""

from __future__ import annotations

import ctypes
import gc
from contextlib import contextmanager


@contextmanager
def uncollected():
    """The cyclic garbage collector off: a build holds millions of long-lived objects (entries, and
    the caches of sentences and word streams), all of which each full collection walked, a fifth of
    a full build's CPU; and it makes next to no cyclic garbage (the same peak memory without it).
    An ingest too: it reads the KB's entries, cards and replays into as many objects."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def release() -> None:
    """Free what a stage left (its cycles: the collector is off during a build, see
    :func:`uncollected`) and hand the freed heap back to the system (glibc's ``malloc_trim``), so the
    next stage starts from what is live, not from the last stage's high-water mark: a full build's
    peak is the largest stage's, not their sum."""
    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc: the memory stays with the process, reused by it
        pass
