"""The site on the whole Comprehensive Rules history: a KB built from sources/manifest.toml (all 109
versions, 2003 to 2025, next to KeyForge and Keeper of the Cards).

Slow (the build takes a few minutes), so marked ``slow``: ``pytest -m slow tests/test_cr_full_kb.py``.
What a reader would notice at this scale: a rule's history across every version comes back at once
(well under 200 ms) and shows only where it changed; the search index stays small; no page weighs
1 MB, however far apart the two versions of a changelog are. Expected values come from the KB.
"""

from __future__ import annotations

import sqlite3
import time

import pytest


pytestmark = pytest.mark.slow

MAX_PAGE_BYTES = 1_000_000


@pytest.fixture(scope="module")
def conn(full_kb):
    c = sqlite3.connect(f"file:{full_kb}?mode=ro", uri=True)
    yield c
    c.close()


def _longest_thread(conn) -> tuple[str, int]:
    """The rule thread held by the most versions, and its newest entry."""
    (thread,) = conn.execute(
        """SELECT et.thread FROM entry_threads et JOIN entries e ON e.id = et.entry JOIN documents d ON d.id = e.document
           WHERE d.game = 'mtg' AND e.kind = 'rule' AND e.body <> '' GROUP BY et.thread
           ORDER BY count(DISTINCT d.version) DESC, et.thread LIMIT 1"""
    ).fetchone()
    (entry,) = conn.execute(
        """SELECT e.id FROM entry_threads et JOIN entries e ON e.id = et.entry JOIN documents d ON d.id = e.document
           WHERE et.thread = ? ORDER BY d.version_sort DESC LIMIT 1""",
        (thread,),
    ).fetchone()
    return thread, entry


def test_the_history_of_a_rule_across_every_version_is_fast_and_compact(conn):
    from kb.entry_detail import entry_detail
    from kb.history import thread_history

    versions = conn.execute("SELECT count(*) FROM documents WHERE game = 'mtg'").fetchone()[0]
    assert versions >= 109
    thread, entry = _longest_thread(conn)
    for work in (lambda: thread_history(conn, thread), lambda: entry_detail(conn, entry)):
        work()  # warm: imports and the page cache
        seconds = min(_timed(work) for _ in range(3))
        assert seconds < 0.2, seconds
    detail = entry_detail(conn, entry)
    assert len(detail["history"]) >= versions - 5
    shown = [s for s in detail["timeline"] if s["step"] in ("first", "changed", "renumbered")]
    assert len(shown) < len(detail["history"]) / 2
    assert sum(s["count"] for s in detail["timeline"] if s["step"] == "unchanged") + len(shown) == len(
        detail["history"]
    )


def _timed(work) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def test_the_search_index_is_sized_by_distinct_texts(conn):
    from kb.fuzzy import build_index

    (entries,) = conn.execute("SELECT count(*) FROM entries").fetchone()
    index = build_index(conn)
    assert index.n_texts < entries / 10  # 109 versions reprint most of their text
    assert sum(len(a) * a.itemsize for a in index.corpus.text_stems) < 16 * 2**20


def test_no_page_weighs_a_megabyte(full_kb, conn):
    from api import create_app

    client = create_app(full_kb).test_client()
    first, last = conn.execute("SELECT min(version), max(version) FROM documents WHERE game = 'mtg'").fetchone()
    _, entry = _longest_thread(conn)
    for url in (
        f"/changes?game=mtg&from={first}&to={last}",
        f"/changes?game=mtg&from={last}&to={first}",
        "/changes",
        "/versions",
        "/?q=creature&game=mtg&all=1",
        "/mtg/702",
        f"/entries/{entry}",
        f"/api/entries/{entry}",
        "/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert len(response.get_data()) < MAX_PAGE_BYTES, url
