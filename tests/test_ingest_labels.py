"""``rulebase ingest`` checks the game, version and date it is asked to store as ``rulebase build``
checks a manifest's [[document]] tables (kb/labels.py, one implementation for both; issue 24,
"Trust").

A tester found that ingest trusted its arguments: ``--version ""`` ended in an internal TypeError;
``"   "`` and ``"../../x"`` were stored, sorted before 1.1, and the errata of the document then
failed Bait and Switch under 1.1 and 1.2; a version of markup sorted after 16.0 and became the
latest; ``--game nosuchgame`` created a game; ``--date 2019-13-45`` was stored. Each is now refused
in one line naming the value and the shape expected, with exit status 1 and the KB byte for byte as
it was.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from conftest import SOURCES, refused_line, run_cli, sha

MD13 = SOURCES / "keyforge" / "rulebook-1.3-2019-05.md"


def ingest(db: Path, *args: str, source: Path = MD13):
    given = dict(zip(args[::2], args[1::2]))
    base = {"--game": "keyforge", "--version": "1.4", **given}
    return run_cli("ingest", str(source), *[x for kv in base.items() for x in kv], "--db", str(db))


# --- ingest -------------------------------------------------------------------------------------

REFUSED = {
    "empty version": (("--version", ""), ["version '' is blank", "dotted numbers such as 1.3, 14 or 16.0"]),
    "blank version": (("--version", "   "), ["version '   ' is blank", "keyforge"]),
    "path as version": (("--version", "../../x"), ["'../../x'", "dotted numbers"]),
    "markup as version": (("--version", '">\u2039img src=x onerror=alert(1)>'), ["is not dotted numbers"]),
    "five numbers": (("--version", "1.2.3.4.5"), ["'1.2.3.4.5'", "dotted numbers"]),
    "another spelling of 16.0": (("--version", "16"), ["same version as '16.0'", "use '16.0'"]),
    "unknown game": (("--game", "nosuchgame"), ["unknown game 'nosuchgame'", "keyforge", "[games.<id>]"]),
    "dotted version for mtg": (("--game", "mtg", "--version", "1.4"), ["of mtg is not a date YYYY-MM-DD"]),
    "no such day": (("--game", "mtg", "--version", "2019-02-30"), ["'2019-02-30'", "YYYY-MM-DD"]),
    "not an edition": (("--game", "keeper-of-the-cards", "--version", "11.5"), ["not an edition number"]),
    "month 13": (("--date", "2019-13-45"), ["date '2019-13-45' is not a calendar date", "YYYY-MM"]),
    "not a leap year": (("--date", "2019-02-29"), ["'2019-02-29'"]),
    "words as date": (("--date", "May 2019"), ["'May 2019'", "YYYY, YYYY-MM or YYYY-MM-DD"]),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(REFUSED))
def test_ingest_refuses_a_bad_label_in_one_line_and_keeps_the_kb(small_kb_copy, case):
    args, words = REFUSED[case]
    before = sha(small_kb_copy)
    line = refused_line(ingest(small_kb_copy, *args))
    for word in words:
        assert word in line, line
    assert sha(small_kb_copy) == before
    assert not list(small_kb_copy.parent.glob(".*.tmp"))


@pytest.mark.slow
def test_a_valid_new_version_leaves_the_earlier_versions_verdicts_as_they_were(kb_copy):
    """The tester's "   " sorted before 1.1 and failed Bait and Switch under 1.1 and 1.2. A version
    of the right shape slots in by number: what was verified under the versions before it stays."""

    def verdicts() -> dict:
        conn = sqlite3.connect(f"file:{kb_copy}?mode=ro", uri=True)
        rows = conn.execute("""SELECT v.scenario, v.version, v.status, v.expect_version, v.checks
                               FROM verifications v JOIN scenarios s ON s.id = v.scenario
                               WHERE s.game = 'keyforge'""").fetchall()
        conn.close()
        return {(r[0], r[1]): r[2:] for r in rows}

    before = verdicts()
    proc = ingest(kb_copy, "--version", "1.4", "--date", "2019-09", "--title", "Rulebook v1.4")
    assert proc.returncode == 0, proc.stderr
    after = verdicts()
    earlier = {k for k in before if k[1] in ("1.1", "1.2", "1.3")}
    assert earlier and {k: after[k] for k in earlier} == {k: before[k] for k in earlier}
    assert not any(status == "failed" for (_, version), (status, *_) in after.items() if version in ("1.1", "1.2"))
    conn = sqlite3.connect(f"file:{kb_copy}?mode=ro", uri=True)
    versions = [
        v for (v,) in conn.execute("SELECT version FROM documents WHERE game = 'keyforge' ORDER BY version_sort")
    ]
    date = conn.execute("SELECT date FROM documents WHERE game = 'keyforge' AND version = '1.4'").fetchone()
    conn.close()
    assert versions == ["1.1", "1.2", "1.3", "1.4", "16.0"] and date == ("2019-09",)


@pytest.mark.cli
def test_a_game_and_its_version_shape_come_from_the_manifest(small_kb_copy, tmp_path):
    manifest = tmp_path / "manifest.toml"
    manifest.write_text('[games.house-rules]\nname = "House Rules"\nversion_shape = "date"\n', encoding="utf-8")
    before = sha(small_kb_copy)
    wrong = run_cli(
        "ingest",
        str(MD13),
        "--game",
        "house-rules",
        "--version",
        "1.4",
        "--manifest",
        str(manifest),
        "--db",
        str(small_kb_copy),
    )
    assert "of house-rules is not a date YYYY-MM-DD" in refused_line(wrong)
    assert sha(small_kb_copy) == before
    ok = run_cli(
        "ingest",
        str(MD13),
        "--game",
        "house-rules",
        "--version",
        "2024-01-31",
        "--manifest",
        str(manifest),
        "--db",
        str(small_kb_copy),
    )
    assert ok.returncode == 0, ok.stderr
    conn = sqlite3.connect(f"file:{small_kb_copy}?mode=ro", uri=True)
    assert conn.execute("SELECT name FROM games WHERE id = 'house-rules'").fetchone() == ("House Rules",)
    conn.close()
    # once in the KB, the game is known without the manifest that declared it
    again = ingest(small_kb_copy, "--game", "house-rules", "--version", "nope")
    assert "version 'nope' of house-rules" in refused_line(again)


# --- build: the same checks on the manifest -----------------------------------------------------


def manifest(folder: Path, body: str, games: str = '[games.keyforge]\nname = "KeyForge"\n') -> Path:
    path = folder / "manifest.toml"
    path.write_text(games + body, encoding="utf-8")
    return path


def document(version: str = "1.3", extra: str = "") -> str:
    return f'\n[[document]]\ngame = "keyforge"\nversion = "{version}"\nfile = "{MD13}"\n{extra}'


BUILD_REFUSED = {
    "blank version": (document("   "), "", ["document 1 (file", "version '   ' is blank", "dotted numbers"]),
    "path as version": (document("../../x"), "", ["version '../../x' of keyforge is not dotted numbers"]),
    "month 13": (document(extra='date = "2019-13-45"\n'), "", ["date '2019-13-45' is not a calendar date"]),
    "two spellings": (document("16") + document("16.0"), "", ["keyforge 16 and 16.0 name the same version"]),
    "unknown shape": (document(), 'version_shape = "roman"\n', ["[games.keyforge]: version_shape must be one of"]),
    "shape not met": (document("1.3"), 'version_shape = "edition"\n', ["'1.3' of keyforge is not an edition number"]),
}


@pytest.mark.cli
@pytest.mark.parametrize("case", sorted(BUILD_REFUSED))
def test_build_refuses_the_same_labels_in_one_line_and_keeps_the_kb(small_kb_copy, tmp_path, case):
    body, shape, words = BUILD_REFUSED[case]
    path = manifest(tmp_path, body, games=f'[games.keyforge]\nname = "KeyForge"\n{shape}')
    before = sha(small_kb_copy)
    line = refused_line(run_cli("build", "--manifest", str(path), "--db", str(small_kb_copy)))
    for word in words:
        assert word in line, line
    assert sha(small_kb_copy) == before


def test_the_bundled_manifests_declare_each_games_version_shape():
    from kb.manifest import DEFAULT_MANIFEST, load_manifest

    for path in (DEFAULT_MANIFEST, Path(__file__).parent / "manifest-sample.toml"):
        text = path.read_text(encoding="utf-8")
        assert text.count("version_shape = ") == 3, path
        m = load_manifest(path)
        assert m.shapes == {"keyforge": "dotted", "keeper-of-the-cards": "edition", "mtg": "date"}
