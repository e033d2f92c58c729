"""Supersession after an ingest (kb.supersede.update) looks only near the new version, and comes to
what recomputing the whole game (kb.supersede.compute) gives."""

from __future__ import annotations

import sqlite3

import pytest

from conftest import SOURCES, run_cli

from kb.supersede import compute

pytestmark = pytest.mark.slow  # takes seconds: builds, ingests or replays a whole KB of its own

MD13 = SOURCES / "keyforge" / "rulebook-1.3-2019-05.md"


def rows(conn: sqlite3.Connection, game: str) -> set[tuple]:
    return set(
        conn.execute(
            """SELECT d.version, e.key, b.key, s.version, s.change FROM supersessions s
           JOIN entries e ON e.id = s.entry JOIN documents d ON d.id = e.document
           JOIN entries b ON b.id = s.by_entry WHERE d.game = ?""",
            (game,),
        )
    )


def ingest_then_compare(db, source, game: str, version: str) -> set[tuple]:
    proc = run_cli("ingest", str(source), "--game", game, "--version", version, "--db", str(db))
    assert proc.returncode == 0, proc.stderr
    conn = sqlite3.connect(db)
    updated = rows(conn, game)
    compute(conn, game)
    assert rows(conn, game) == updated
    conn.close()
    return updated


def test_a_keyforge_version_between_two_others(small_kb_copy, tmp_path):
    changed = tmp_path / "rulebook-1.4.md"  # between 1.3 and 16.0, with a ruling of its own
    changed.write_text(
        MD13.read_text(encoding="utf-8").replace(
            "Bait and Switch’s effect will be triggered 2 times", "Bait and Switch’s effect will be triggered 3 times"
        ),
        encoding="utf-8",
    )
    found = ingest_then_compare(small_kb_copy, changed, "keyforge", "1.4")
    bait = [r for r in found if "bait-and-switch" in r[1] and r[1].startswith("faq/")]
    assert ("1.3", "1.4", "number") in {(r[0], r[3], r[4]) for r in bait}  # 1.3's 2 times -> 1.4's 3
    assert ("1.4", "16.0", "number") in {(r[0], r[3], r[4]) for r in bait}  # and back to 2 in 16.0


def test_a_cr_version_before_the_others_and_one_in_between(kb_copy):
    ingest_then_compare(kb_copy, SOURCES / "mtg-cr" / "2025-06-06.txt", "mtg", "2025-06-06")
    ingest_then_compare(kb_copy, SOURCES / "mtg-cr" / "2025-04-04.txt", "mtg", "2025-04-04")


def test_reingesting_a_version_changes_nothing(small_kb_copy):
    conn = sqlite3.connect(small_kb_copy)
    before = rows(conn, "keyforge")
    conn.close()
    ingest_then_compare(small_kb_copy, MD13, "keyforge", "1.3")
    conn = sqlite3.connect(small_kb_copy)
    assert rows(conn, "keyforge") == before
