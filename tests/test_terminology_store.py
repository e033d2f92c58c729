"""The terminology between versions, stored in the KB by the build (kb.terminology_store): a new
process reads it instead of diffing every pair of texts again, and only while it still matches the
KB's texts and the code."""

from __future__ import annotations

import sqlite3

import pytest

from kb import terminology, terminology_store
from kb.terminology import version_terminology


@pytest.fixture(autouse=True)
def fresh_memo():
    """Each test starts as a new process does: nothing computed yet."""
    terminology._MEMO.clear()
    yield
    terminology._MEMO.clear()


def _pairs(conn) -> list[tuple[str, str]]:
    return [
        (a, b) for a, b in conn.execute("SELECT from_version, to_version FROM terminologies WHERE game = 'keyforge'")
    ]


def _from_texts(conn, game, a, b):
    """The terminology computed from the texts, the store left aside."""
    return terminology._computed(conn, game, (a, b), None, None)


def test_the_build_stores_what_replays_read_and_it_is_what_the_texts_give(built_kb):
    conn = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    pairs = _pairs(conn)
    assert ("1.3", "16.0") in pairs  # the replays of the bundled rulings compare these
    for a, b in pairs:
        assert version_terminology(conn, "keyforge", a, b) == _from_texts(conn, "keyforge", a, b)
        assert version_terminology(conn, "keyforge", b, a) == _from_texts(conn, "keyforge", a, b).mirrored()
    renames = version_terminology(conn, "keyforge", "1.3", "16.0").renames
    conn.close()
    assert renames  # 16.0 renamed terms (else this test compares nothing)


def test_a_stored_terminology_is_not_used_once_the_texts_change(kb_copy):
    """An entry of 16.0 edited after the build: the stored renames between 1.3 and 16.0 no longer
    match its texts, so they are computed again (and then differ from the stored ones here)."""
    conn = sqlite3.connect(kb_copy)
    key = terminology._fingerprint(conn, "keyforge", ("1.3", "16.0"))
    assert terminology_store.stored(conn, "keyforge", ("1.3", "16.0"), terminology._content(key)) is not None
    conn.execute("UPDATE terminologies SET renames = '[]' WHERE from_version = '1.3' AND to_version = '16.0'")
    (entry,) = conn.execute(
        """SELECT e.id FROM entries e JOIN documents d ON d.id = e.document
           WHERE d.game = 'keyforge' AND d.version = '16.0' ORDER BY e.id LIMIT 1"""
    ).fetchone()
    conn.execute("UPDATE entries SET body = body || ' (edited)' WHERE id = ?", (entry,))
    conn.commit()
    found = version_terminology(conn, "keyforge", "1.3", "16.0")
    conn.close()
    assert found.renames  # computed from the texts, not the emptied stored row


def test_a_stored_terminology_of_other_code_is_not_used(kb_copy):
    conn = sqlite3.connect(kb_copy)
    conn.execute("UPDATE terminologies SET renames = '[]', code = 'older code'")
    conn.commit()
    found = version_terminology(conn, "keyforge", "1.3", "16.0")
    assert found == _from_texts(conn, "keyforge", "1.3", "16.0") and found.renames
    conn.close()


def test_a_kb_built_before_the_table_computes_its_terminology(kb_copy):
    conn = sqlite3.connect(kb_copy)
    conn.execute("DROP TABLE terminologies")
    conn.commit()
    assert version_terminology(conn, "keyforge", "1.3", "16.0") == _from_texts(conn, "keyforge", "1.3", "16.0")
    conn.close()


def _neighbours(conn, game: str) -> list[tuple[str, str]]:
    versions = [
        v for (v,) in conn.execute("SELECT version FROM documents WHERE game = ? ORDER BY version_sort", (game,))
    ]
    return list(zip(versions, versions[1:]))


def test_a_changelog_of_neighbouring_versions_reads_the_terminology_the_build_stored(built_kb, monkeypatch):
    """The supersessions walk works out the renames between each version and the next; the build
    stores them, so the changelog a fresh server shows first (a version against the one before it)
    diffs no pair of texts for them."""
    from kb.changelog import changelog

    conn = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    stored = set(conn.execute("SELECT from_version, to_version FROM terminologies"))
    neighbours = _neighbours(conn, "keyforge") + _neighbours(conn, "mtg")
    assert len(neighbours) >= 4 and set(neighbours) <= stored
    expected = {
        pair: _from_texts(conn, game, *pair) for game in ("keyforge", "mtg") for pair in _neighbours(conn, game)
    }
    terminology._MEMO.clear()

    def computed(*args):
        raise AssertionError(f"renames diffed again for {args[2]}")

    monkeypatch.setattr(terminology, "_computed", computed)
    for game in ("keyforge", "mtg"):
        for a, b in _neighbours(conn, game):
            assert version_terminology(conn, game, a, b) == expected[a, b]
            log = changelog(conn, game, a, b)
            assert log["to"] == b and log["changed"]
    conn.close()
