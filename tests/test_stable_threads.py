"""Thread ids are stable (kb/align.py): ingesting, re-ingesting or rebuilding never changes the id of
a thread that already exists, so the URLs users saved keep working. The KBs are built from the small
manifest (tests/manifest-small.toml: KeyForge 1.2, 1.3 and 16.0, Keeper of the Cards): the ids of
the threads of these two games are what is compared."""

from __future__ import annotations

import re
import sqlite3

import pytest

from conftest import SMALL_MANIFEST, SOURCES, manifest_copy, run_cli
from variants import bold_question_variant

from kb.align import align, membership
from kb.threads import thread_entries, thread_of_entry

MD13 = SOURCES / "keyforge" / "rulebook-1.3-2019-05.md"
TXT16 = SOURCES / "keyforge" / "master-rulebook-16.0-pdf-text.txt"


def threads_by_entry(db) -> dict[tuple[str, str, str], str]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return {m: t for game in ("keyforge", "keeper-of-the-cards") for m, t in membership(conn, game).items()}
    finally:
        conn.close()


def between_edition(tmp_path) -> str:
    """An edition laid out unlike 1.3, with a renamed term, bare collector numbers and one question
    reworded: its entries have to find their threads by neighbours on both sides."""
    text = bold_question_variant(MD13.read_text(encoding="utf-8"))
    text = re.sub(
        r"(?m)^(#+) CONTROL\n",
        r"\1 CONDUIT\n\nA conduit links two keys; only this edition defines it.\n\n"
        r"\1 CONTROL OF CARDS\n",
        text,
        count=1,
    ).replace("(CoTA 267)", "267")
    path = tmp_path / "rulebook-14.md"
    path.write_text(text, encoding="utf-8")
    return str(path)


def ingest(db, source: str, version: str):
    proc = run_cli("ingest", source, "--game", "keyforge", "--version", version, "--db", str(db))
    assert proc.returncode == 0, proc.stderr
    return proc


@pytest.mark.slow
def test_ingesting_a_version_between_two_others_changes_no_thread_id(small_kb_copy, tmp_path):
    before = threads_by_entry(small_kb_copy)
    ingest(small_kb_copy, between_edition(tmp_path), "14")
    after = threads_by_entry(small_kb_copy)
    changed = {m: (t, after.get(m)) for m, t in before.items() if after.get(m) != t}
    assert not changed, list(changed.items())[:5]
    new = {m: t for m, t in after.items() if m[0] == "14"}
    assert new and set(new.values()) & set(before.values())  # it joined existing threads
    conn = sqlite3.connect(small_kb_copy)
    # every thread that held 1.3 and 16.0 entries and gets a 14 entry keeps them in version order
    for thread in set(new.values()):
        versions = [v for _, v in thread_entries(conn, thread)]
        assert versions == sorted(versions, key=lambda v: tuple(int(n) for n in v.split("."))), thread
    conn.close()


@pytest.mark.slow
def test_reingesting_a_version_gives_its_entries_the_same_threads(small_kb_copy, tmp_path):
    source = between_edition(tmp_path)
    ingest(small_kb_copy, source, "14")
    first = threads_by_entry(small_kb_copy)
    ingest(small_kb_copy, source, "14")
    assert threads_by_entry(small_kb_copy) == first


@pytest.mark.slow
def test_replacing_a_bundled_version_keeps_the_thread_ids(small_kb_copy):
    before = threads_by_entry(small_kb_copy)
    ingest(small_kb_copy, str(TXT16), "16.0")
    assert threads_by_entry(small_kb_copy) == before


@pytest.mark.cli
def test_rebuild_keeps_the_ids_of_the_kb_it_replaces(small_kb_copy, tmp_path):
    """A KB that got 14 by ingest, rebuilt from a manifest that now lists 14: the build places 14's
    entries in version order (another order than the ingest did), and still every thread keeps its id."""
    source = between_edition(tmp_path)
    ingest(small_kb_copy, source, "14")
    ingested = threads_by_entry(small_kb_copy)
    manifest_copy(
        tmp_path,
        f'\n[[document]]\ngame = "keyforge"\nversion = "14"\nformat = "markdown"\nfile = "{source}"\n',
        source=SMALL_MANIFEST,
    )
    proc = run_cli("build", "--full", "--db", str(small_kb_copy), "--manifest", str(tmp_path / "manifest.toml"))
    assert proc.returncode == 0, proc.stderr
    rebuilt = threads_by_entry(small_kb_copy)
    assert set(rebuilt) == set(ingested)
    moved = [(m, ingested[m], rebuilt[m]) for m in ingested if ingested[m] != rebuilt[m]]
    assert not moved, moved[:5]
    # without the old KB the same manifest names some threads after their 14 entries instead
    fresh = tmp_path / "fresh.sqlite"
    assert run_cli("build", "--db", str(fresh), "--manifest", str(tmp_path / "manifest.toml")).returncode == 0
    assert set(threads_by_entry(fresh)) == set(ingested)


@pytest.mark.cli
def test_rebuild_over_a_kb_keeps_ids_it_would_not_compute(small_kb_copy):
    """A thread whose id differs from the one a fresh build computes (it was started by an edition
    since removed, or renamed) keeps it through a rebuild; every other thread keeps its own."""
    before = threads_by_entry(small_kb_copy)
    conn = sqlite3.connect(small_kb_copy)
    old = "keyforge:glossary/elusive"
    conn.execute("PRAGMA foreign_keys = OFF")
    conn.execute("UPDATE threads SET id = 'keyforge:saved-by-a-user' WHERE id = ?", (old,))
    conn.execute("UPDATE entry_threads SET thread = 'keyforge:saved-by-a-user' WHERE thread = ?", (old,))
    conn.commit()
    conn.close()
    saved = threads_by_entry(small_kb_copy)
    assert saved != before
    rebuild = ("build", "--full", "--db", str(small_kb_copy), "--manifest", str(SMALL_MANIFEST))
    assert run_cli(*rebuild).returncode == 0
    assert threads_by_entry(small_kb_copy) == saved
    assert run_cli(*rebuild).returncode == 0  # and again: nothing moves
    assert threads_by_entry(small_kb_copy) == saved


@pytest.mark.slow
def test_realign_recomputes_and_carries_every_id(small_kb_copy, tmp_path):
    ingest(small_kb_copy, between_edition(tmp_path), "14")
    before = threads_by_entry(small_kb_copy)
    conn = sqlite3.connect(small_kb_copy)
    stats = align(conn, "keyforge", realign=True)
    conn.commit()
    assert sum(sum(c.values()) for c in stats["keyforge"].values()) == sum(
        1 for m in before if m in membership(conn, "keyforge")
    )
    conn.close()
    assert threads_by_entry(small_kb_copy) == before


def test_a_second_align_places_nothing(small_kb_copy):
    conn = sqlite3.connect(small_kb_copy)
    assert align(conn, "keyforge") == {"keyforge": {}}
    some = conn.execute("SELECT id FROM entries LIMIT 1").fetchone()[0]
    assert thread_of_entry(conn, some)
    conn.close()


@pytest.mark.slow
def test_threads_of_a_deleted_version_end(small_kb_copy, tmp_path):
    ingest(small_kb_copy, between_edition(tmp_path), "14")
    conn = sqlite3.connect(small_kb_copy)
    conn.execute("PRAGMA foreign_keys = ON")
    from kb.store import delete_document

    only14 = {
        t
        for (t,) in conn.execute(
            """SELECT et.thread FROM entry_threads et JOIN entries e ON e.id = et.entry
           JOIN documents d ON d.id = e.document GROUP BY et.thread
           HAVING min(d.version) = '14' AND max(d.version) = '14'"""
        )
    }
    assert only14
    delete_document(conn, "keyforge", "14")
    align(conn, "keyforge")
    left = {t for (t,) in conn.execute("SELECT id FROM threads")}
    assert not only14 & left
    assert (
        conn.execute(
            "SELECT count(*) FROM threads t WHERE NOT EXISTS (SELECT 1 FROM entry_threads et WHERE et.thread = t.id)"
        ).fetchone()[0]
        == 0
    )
    conn.close()
