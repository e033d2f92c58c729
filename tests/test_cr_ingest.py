"""A CR version that is not bundled slots in by date with one command: between two versions of the
KB, or after the latest (a release of our own making, with a keyword inserted and the rules after it
renumbered), its diffs against its neighbours are what a KB built with it from the start gives, and
no thread id changes."""

from __future__ import annotations

import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from conftest import KB_CACHE, SOURCES, cached_kb, run_cli

from kb.align import membership
from kb.changelog import changelog

pytestmark = pytest.mark.cli  # runs the rulebase command or a server in a process of its own

CR = SOURCES / "mtg-cr"
FIRST, MIDDLE, LAST = "2025-07-25", "2025-09-19", "2025-11-14"


def manifest(folder, versions) -> str:
    path = folder / "manifest.toml"
    path.write_text(
        "".join(
            f'[[document]]\ngame = "mtg"\nversion = "{v}"\nformat = "cr"\nfile = "{CR / (v + ".txt")}"\n\n'
            for v in versions
        ),
        encoding="utf-8",
    )
    return str(path)


def build(folder, name: str, versions) -> Path:
    """A KB of the CR ``versions`` (no rulings) at ``folder / name``: a copy of the one the real
    ``build`` made and keeps in .test-kbs/ while its sources and code are unchanged."""
    cache = KB_CACHE / ("cr-" + "-".join(versions))
    cache.mkdir(parents=True, exist_ok=True)
    empty = cache / "rulings"
    empty.mkdir(exist_ok=True)
    db = folder / name
    shutil.copyfile(cached_kb(cache.name, Path(manifest(cache, versions)), rulings=empty), db)
    return db


def summary(conn, a: str, b: str) -> dict:
    """What a reader of the diff sees, without entry ids (two KBs number their rows differently)."""
    log = changelog(conn, "mtg", a, b)
    return {
        "counts": log["counts"],
        "renumbered": sorted((r["from"], r["to"], r["text_changed"]) for r in log["renumbered"]),
        "added": sorted(e["key"] for e in log["added"]),
        "removed": sorted(e["key"] for e in log["removed"]),
        "changed": sorted(e["key"] for e in log["changed"]),
        "ruling_changes": sorted(r["key"] for r in log["ruling_changes"]),
    }


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    folder = tmp_path_factory.mktemp("reference")
    conn = sqlite3.connect(build(folder, "all.sqlite", [FIRST, MIDDLE, LAST]))
    yield conn
    conn.close()


def test_a_version_between_two_others_slots_in_by_date(tmp_path, reference):
    db = build(tmp_path, "kb.sqlite", [FIRST, LAST])
    before = membership(sqlite3.connect(db), "mtg")
    proc = run_cli("ingest", str(CR / f"{MIDDLE}.txt"), "--game", "mtg", "--version", MIDDLE, "--db", str(db))
    assert proc.returncode == 0, proc.stderr
    conn = sqlite3.connect(db)
    assert [v for (v,) in conn.execute("SELECT version FROM documents ORDER BY version_sort")] == [FIRST, MIDDLE, LAST]
    after = membership(conn, "mtg")
    assert {m: t for m, t in before.items() if after[m] != t} == {}  # no thread id changed
    for a, b in ((FIRST, MIDDLE), (MIDDLE, LAST)):
        assert summary(conn, a, b) == summary(reference, a, b), (a, b)


def test_a_later_release_with_a_keyword_inserted_is_diffed_as_renumbered(tmp_path):
    """The latest text with a new keyword at 702.19: Trample and every keyword after it move up one."""
    text = (CR / f"{LAST}.txt").read_bytes().decode("utf-8-sig").replace("\r\n", "\n")
    text = text.replace("November 14, 2025", "February 6, 2026")
    start = text.index("\n702.1. ")  # the keyword abilities, in the rules (not the contents)
    end = text.index("\n703. ", start)

    def shift(m: re.Match) -> str:
        n = int(m.group(1))
        return f"702.{n + 1 if n >= 19 else n}{m.group(2)}"

    head, keywords, tail = text[:start], re.sub(r"702\.(\d+)([a-z]?[.\s])", shift, text[start:end]), text[end:]
    new = (
        "\n702.19. Swiftcurrent\n\n702.19a Swiftcurrent is a static ability invented for this test. "
        "A creature with swiftcurrent untaps during each other player's untap step.\n"
    )
    keywords = keywords.replace("\n702.20. Trample", new + "\n702.20. Trample", 1)
    later = tmp_path / "2026-02-06.txt"
    later.write_text(head + keywords + tail, encoding="utf-8")
    db = build(tmp_path, "kb.sqlite", [MIDDLE, LAST])
    before = membership(sqlite3.connect(db), "mtg")
    proc = run_cli("ingest", str(later), "--game", "mtg", "--version", "2026-02-06", "--db", str(db))
    assert proc.returncode == 0, proc.stderr
    conn = sqlite3.connect(db)
    after = membership(conn, "mtg")
    assert {m: t for m, t in before.items() if after[m] != t} == {}
    log = summary(conn, LAST, "2026-02-06")
    renumbered = {(a, b) for a, b, changed in log["renumbered"] if not changed}
    assert ("702.19", "702.20") in renumbered and ("702.19b", "702.20b") in renumbered  # Trample moved up
    assert ("702.20", "702.21") in renumbered
    assert {"rule/702.19", "rule/702.19a"} <= set(log["added"])  # the new keyword, not Trample, is added
    assert not set(log["removed"]) and "rule/702.19" not in log["changed"]
    assert log["counts"]["rule"].get("renumbered", 0) > 100
