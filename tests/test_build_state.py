"""Incremental builds (rulebase/build_state.py): a second ``rulebase build`` redoes only what changed,
and what it leaves is what a full build would have built. What is checked does not depend on which
documents are built: the KBs are the small manifest's (tests/manifest-small.toml: KeyForge 1.2, 1.3
and 16.0, Keeper of the Cards), with two Comprehensive Rules versions added where every parser's
output is compared byte for byte."""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
from pathlib import Path

import pytest

from conftest import SAMPLE_MANIFEST, SMALL_MANIFEST, SOURCES, manifest_copy, run_cli

_STAGE_LINE = re.compile(r"^build +\d+\.\d s  ")
MD13 = SOURCES / "keyforge" / "rulebook-1.3-2019-05.md"


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def entries(db: Path) -> dict[tuple[str, str, str], tuple]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return {
            (g, v, k): (t, q, b, c, conf)
            for g, v, k, t, q, b, c, conf in conn.execute(
                """SELECT d.game, d.version, e.key, e.title, e.question, e.body, e.category, e.confidence
               FROM entries e JOIN documents d ON d.id = e.document"""
            )
        }
    finally:
        conn.close()


def entry_ids(db: Path, game: str, version: str) -> set[int]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return {
            i
            for (i,) in conn.execute(
                """SELECT e.id FROM entries e JOIN documents d ON d.id = e.document
                                              WHERE d.game = ? AND d.version = ?""",
                (game, version),
            )
        }
    finally:
        conn.close()


def build(db: Path, *args: str):
    """``rulebase build`` into ``db``, from the small manifest unless ``args`` name another."""
    if "--manifest" not in args:
        args = (*args, "--manifest", str(SMALL_MANIFEST))
    proc = run_cli("build", "--db", str(db), *args)
    assert proc.returncode == 0, proc.stderr
    # the report only: the lines naming each stage as it starts are tests/test_build_progress.py's
    proc.stdout = "".join(line for line in proc.stdout.splitlines(True) if not _STAGE_LINE.match(line))
    return proc


def two_cr_versions() -> str:
    """The [games.mtg] table and the last two Comprehensive Rules versions of the sample manifest,
    with absolute file paths: [[document]] tables to append to another manifest."""
    text = SAMPLE_MANIFEST.read_text(encoding="utf-8")
    games, *documents = text[text.index("[games.mtg]") :].split("[[document]]")
    extra = "\n" + games + "".join("[[document]]" + d for d in documents[-2:])
    return re.sub(
        r'(?m)^file = "(.+)"$', lambda m: f'file = "{(SAMPLE_MANIFEST.parent / m.group(1)).resolve()}"', extra
    )


@pytest.mark.slow
def test_a_second_build_of_the_same_sources_changes_nothing(small_kb_copy):
    before = sha(small_kb_copy)
    proc = build(small_kb_copy)
    assert "is current" in proc.stdout
    assert sha(small_kb_copy) == before


@pytest.mark.slow
def test_a_changed_document_is_the_only_one_parsed_again(small_kb_copy, tmp_path):
    """1.3's Bait and Switch answer changes: 1.3 is parsed again, and 16.0 (whose text recovery read
    the earlier versions); 1.2 and Keeper of the Cards keep their entries untouched. The result
    is the KB a full build of the same sources gives."""
    changed = tmp_path / "rulebook-1.3.md"
    changed.write_text(
        MD13.read_text(encoding="utf-8").replace(
            "Bait and Switch’s effect will be triggered 2 times", "Bait and Switch’s effect will be triggered 3 times"
        ),
        encoding="utf-8",
    )
    manifest = manifest_copy(tmp_path, source=SMALL_MANIFEST)
    manifest.write_text(
        manifest.read_text(encoding="utf-8").replace(str(MD13.resolve()), str(changed)), encoding="utf-8"
    )
    untouched = (("keyforge", "1.2"), ("keeper-of-the-cards", "11"))
    kept = {d: entry_ids(small_kb_copy, *d) for d in untouched}
    assert all(kept.values())
    proc = build(small_kb_copy, "--manifest", str(manifest))
    parsed = [line.split()[:2] for line in proc.stdout.splitlines() if not line.startswith("total")]
    assert parsed == [["keyforge", "1.3"], ["keyforge", "16.0"]]
    assert {d: entry_ids(small_kb_copy, *d) for d in untouched} == kept
    fresh = tmp_path / "fresh.sqlite"
    build(fresh, "--manifest", str(manifest))
    assert entries(small_kb_copy) == entries(fresh)
    assert "is current" in build(small_kb_copy, "--manifest", str(manifest)).stdout


@pytest.mark.slow
def test_a_document_left_out_of_the_manifest_is_removed(small_kb_copy, tmp_path):
    manifest = manifest_copy(tmp_path, source=SMALL_MANIFEST)
    text = manifest.read_text(encoding="utf-8")
    start = text.index('version = "1.2"')
    block_start = text.rindex("[[document]]", 0, start)
    block_end = text.find("[[document]]", start)
    manifest.write_text(text[:block_start] + text[block_end:], encoding="utf-8")
    build(small_kb_copy, "--manifest", str(manifest))
    assert not entry_ids(small_kb_copy, "keyforge", "1.2") and entry_ids(small_kb_copy, "keyforge", "1.3")


@pytest.mark.cli
def test_an_ingested_version_goes_with_the_next_build(small_kb_copy):
    """A build makes the KB the manifest describes, whether it updates or rebuilds."""
    assert (
        run_cli("ingest", str(MD13), "--game", "keyforge", "--version", "1.4", "--db", str(small_kb_copy)).returncode
        == 0
    )
    assert entry_ids(small_kb_copy, "keyforge", "1.4")
    build(small_kb_copy)
    assert not entry_ids(small_kb_copy, "keyforge", "1.4")
    assert "is current" in build(small_kb_copy).stdout


@pytest.mark.slow
def test_a_change_of_code_rebuilds_everything(small_kb_copy):
    conn = sqlite3.connect(small_kb_copy)
    conn.execute("UPDATE build_state SET value = 'another parser' WHERE name = 'code'")
    conn.commit()
    conn.close()
    proc = build(small_kb_copy)
    parsed = {tuple(line.split()[:2]) for line in proc.stdout.splitlines() if not line.startswith("total")}
    assert parsed == {("keyforge", "1.2"), ("keyforge", "1.3"), ("keyforge", "16.0"), ("keeper-of-the-cards", "11")}
    assert "is current" in build(small_kb_copy).stdout


@pytest.mark.slow
def test_changed_rulings_are_replayed_without_parsing_anything(small_kb_copy, tmp_path):
    rulings = tmp_path / "rulings" / "keyforge"
    rulings.mkdir(parents=True)
    (rulings / "one.yaml").write_text(
        (SOURCES.parent / "rulings" / "keyforge" / "bait-and-switch-14-amber.yaml").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    proc = build(small_kb_copy, "--rulings", str(tmp_path / "rulings"))
    assert "1 scenarios verified" in proc.stdout
    assert [line for line in proc.stdout.splitlines() if not line.startswith("total")] == []


@pytest.mark.cli
def test_the_same_sources_give_a_byte_identical_kb(tmp_path):
    """Two full builds in separate processes (different hash seeds, so no set or dict order can
    leak into the file) write the same bytes: no timings, no run-dependent order."""
    manifest = manifest_copy(tmp_path, two_cr_versions(), source=SMALL_MANIFEST)  # every parser's output
    digests = []
    for seed in ("1", "2"):
        db = tmp_path / f"kb-{seed}.sqlite"
        proc = run_cli(
            "build", "--db", str(db), "--full", "--manifest", str(manifest), env={**os.environ, "PYTHONHASHSEED": seed}
        )
        assert proc.returncode == 0, proc.stderr
        assert "mtg " in proc.stdout and "keeper-of-the-cards " in proc.stdout
        digests.append(hashlib.sha256(db.read_bytes()).hexdigest())
    assert digests[0] == digests[1]
