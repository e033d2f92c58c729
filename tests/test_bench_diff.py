"""The growth benchmark's synthetic versions must be real documents, or its figures mean nothing:
stored like parsed ones, aligned into threads, and diffed by the changelog with every kind of change."""

from __future__ import annotations

import importlib.util
import sqlite3
from pathlib import Path

import pytest

from kb.align import align
from kb.changelog import changelog

pytestmark = pytest.mark.slow  # takes seconds: builds, ingests or replays a whole KB of its own

ROOT = Path(__file__).resolve().parent.parent


def _bench_diff():
    spec = importlib.util.spec_from_file_location("bench_diff", ROOT / "bench" / "diff.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_synthetic_versions_are_diffable_documents(kb_copy):
    bench = _bench_diff()
    conn = sqlite3.connect(kb_copy)
    conn.execute("PRAGMA foreign_keys = ON")
    made = bench.synthesize(conn, 3, seed=1)
    align(conn, "keyforge")
    conn.commit()
    assert made == ["16.1", "16.2", "16.3"]
    versions = [
        v for (v,) in conn.execute("SELECT version FROM documents WHERE game = 'keyforge' ORDER BY version_sort")
    ]
    assert versions[-4:] == ["16.0", *made]
    previous = "16.0"
    for version in made:
        n = conn.execute(
            """SELECT count(*) FROM entries e JOIN documents d ON d.id = e.document
                            WHERE d.game = 'keyforge' AND d.version = ?""",
            (version,),
        ).fetchone()[0]
        assert n > 250
        c = changelog(conn, "keyforge", previous, version)
        assert c["added"] and c["removed"] and c["changed"], version
        assert c["unchanged"] > n // 2  # a perturbation, not a new rulebook
        previous = version
    # renamed entries (new key) are followed by the alignment, not reported added and removed
    assert changelog(conn, "keyforge", "16.0", "16.3")["renamed"]
    # the synthetic text is searchable: the FTS index was kept in step
    assert (
        conn.execute("SELECT count(*) FROM entries_fts WHERE entries_fts MATCH 'armor'").fetchone()[0]
        > conn.execute("""SELECT count(*) FROM entries_fts WHERE entries_fts MATCH 'armor' AND rowid IN (
                            SELECT e.id FROM entries e JOIN documents d ON d.id = e.document
                            WHERE d.version NOT IN ('16.1', '16.2', '16.3'))""").fetchone()[0]
    )
    conn.close()
