"""What a thread id is: ``"<game>:<key of the thread's oldest entry>"`` (``"keyforge:glossary/control"``).

Why a module of its own: the placing (:mod:`kb.align_place`) names the threads it starts, and the
readers of threads (:mod:`kb.threads`, which pairs entries with :mod:`kb.align`'s scores) name and
parse them. Held by :mod:`kb.threads`, it made the placing import the module that imports the
placing (through :mod:`kb.align`): a cycle. Both import it from here, below them.
"""

from __future__ import annotations


def thread_id(game: str, key: str) -> str:
    return f"{game}:{key}"


def parse_thread(thread: str) -> tuple[str, str]:
    """``"keyforge:faq/x"`` -> ``("keyforge", "faq/x")``; ValueError when it is not a thread id."""
    game, sep, key = thread.partition(":")
    if not sep or not game or not key:
        raise ValueError(f"not a thread id: {thread!r} (expected game:key)")
    return game, key
