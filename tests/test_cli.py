"""The ``rulebase`` command as a user runs it: build, ingest, stats, search, and bad input.

Bad input must end in one clear line on stderr naming the file, a non-zero exit, no traceback, and
the KB that was there before left byte-for-byte intact. What does not depend on the documents (the
output's shape, ingests, refusals) is tried on the small manifest's KB (tests/manifest-small.toml:
KeyForge 1.2, 1.3 and 16.0, Keeper of the Cards), which builds, ingests and copies in less time.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest

from conftest import SMALL_MANIFEST, SOURCES, run_cli
from rulebase.build_progress import STAGES
from test_build_progress import STAGE_LINE

pytestmark = pytest.mark.cli  # runs the rulebase command or a server in a process of its own

MD13 = SOURCES / "keyforge" / "rulebook-1.3-2019-05.md"


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def assert_clean_failure(proc, *must_mention: str):
    assert proc.returncode != 0, proc.stdout
    err = proc.stderr.strip()
    assert "Traceback" not in proc.stderr
    assert len(err.splitlines()) == 1, err
    for word in must_mention:
        assert word in err, err


def test_build_prints_documents_and_totals(tmp_path):
    db = tmp_path / "out.sqlite"
    proc = run_cli("build", "--db", str(db), "--manifest", str(SMALL_MANIFEST))
    assert proc.returncode == 0, proc.stderr
    stages = [line for line in proc.stdout.splitlines() if STAGE_LINE.match(line)]
    assert len(stages) == len(STAGES)  # one line per stage as it starts (tests/test_build_progress.py)
    lines = [line for line in proc.stdout.strip().splitlines() if line not in stages]
    from kb.manifest import load_manifest

    assert len(lines) == len(load_manifest(SMALL_MANIFEST).documents) + 1
    assert lines[-1].startswith("total")
    assert any(line.startswith("keyforge") and " 16.0 " in line for line in lines)
    assert db.is_file() and not list(tmp_path.glob(".*.tmp"))


def test_build_uses_rulebase_db_env(built_kb, tmp_path):
    """The KB RULEBASE_DB names is the one built: a current copy there is found current (a build
    elsewhere would have built a new KB from nothing and printed every document)."""
    shutil.copyfile(built_kb, tmp_path / "env.sqlite")
    env = dict(os.environ, RULEBASE_DB=str(tmp_path / "env.sqlite"))
    proc = run_cli("build", env=env, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    report = [line for line in proc.stdout.splitlines() if not STAGE_LINE.match(line)]
    assert report[0].startswith(f"{tmp_path / 'env.sqlite'} is current"), proc.stdout
    assert not (tmp_path / "kb.sqlite").exists()


def test_stats_json_shape(kb_copy):
    proc = run_cli("stats", "--db", str(kb_copy), "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert set(data) >= {"documents", "cards", "card_links"}
    versions = [(d["game"], d["version"]) for d in data["documents"] if d["game"] != "mtg"]
    assert versions == [
        ("keeper-of-the-cards", "11"),
        ("keyforge", "1.1"),
        ("keyforge", "1.2"),
        ("keyforge", "1.3"),
        ("keyforge", "16.0"),
    ]
    d13 = next(d for d in data["documents"] if (d["game"], d["version"]) == ("keyforge", "1.3"))
    assert d13["format"] == "markdown" and d13["counts"]["faq"] == 31
    assert isinstance(d13["needs_review"], int)
    assert data["cards"] > 5000 and data["card_links"] > 100


def test_search_finds_ruling_with_snippet(kb_copy):
    proc = run_cli("search", "Bait and Switch", "--db", str(kb_copy), "--kind", "faq", "--json")
    assert proc.returncode == 0, proc.stderr
    results = json.loads(proc.stdout)["results"]
    bait = [r for r in results if "Bait and Switch" in (r["question"] or "")]
    assert bait and bait[0]["versions"] == ["1.1", "1.2", "1.3", "16.0"] and bait[0]["changed"]
    assert all("<mark>" in r["snippet"] for r in results)
    proc = run_cli("search", "elusive", "--db", str(kb_copy), "--version", "16.0", "--kind", "glossary")
    assert proc.returncode == 0 and "ELUSIVE" in proc.stdout and "[elusive]" in proc.stdout.lower()
    proc = run_cli("search", "x", "--db", str(kb_copy), "--kind", "nonsense")
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1 and "kind" in proc.stderr


def test_search_lines_fold_a_long_run_of_versions():
    """A Magic rule is in up to 113 releases: a result line names the first and the last and how
    many, not a screen of dates; a KeyForge entry's four versions are listed."""
    from rulebase.cli import _versions_line

    releases = [f"20{y:02d}-01-01" for y in range(3, 26)]
    assert _versions_line(releases) == "2003-01-01 … 2025-01-01, 23 versions"
    assert _versions_line(["1.1", "1.2", "1.3", "16.0"]) == "1.1, 1.2, 1.3, 16.0"


@pytest.mark.parametrize("query", ['"unbalanced', "NEAR(a b)", "*", "'; DROP TABLE entries; --", "   ", "x" * 10000])
def test_search_hostile_queries(kb_copy, query):
    proc = run_cli("search", query, "--db", str(kb_copy))
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr


def test_ingest_markdown_edition_not_written_against(small_kb_copy, tmp_path):
    from variants import bold_question_variant

    variant = tmp_path / "rulebook-1.4.txt"  # wrong extension on purpose: auto detects from content
    variant.write_text(bold_question_variant(MD13.read_text(encoding="utf-8")), encoding="utf-8")
    proc = run_cli("ingest", str(variant), "--game", "keyforge", "--version", "1.4", "--db", str(small_kb_copy))
    assert proc.returncode == 0, proc.stderr
    assert "states version 1.3" in proc.stderr  # the variant still says VERSION 1.3: a warning
    data = json.loads(run_cli("stats", "--db", str(small_kb_copy), "--json").stdout)
    versions = [d["version"] for d in data["documents"] if d["game"] == "keyforge"]
    assert versions == ["1.2", "1.3", "1.4", "16.0"]
    d14 = next(d for d in data["documents"] if d["version"] == "1.4")
    d13 = next(d for d in data["documents"] if d["version"] == "1.3")
    assert d14["format"] == "markdown"
    for kind in ("glossary", "errata", "faq"):
        assert d14["counts"][kind] == d13["counts"][kind], kind
    assert d14["card_errata"] == 4


def test_ingest_replaces_a_version_and_slots_numerically(small_kb_copy):
    for version in ("14", "1.3"):
        proc = run_cli("ingest", str(MD13), "--game", "keyforge", "--version", version, "--db", str(small_kb_copy))
        assert proc.returncode == 0, proc.stderr
    data = json.loads(run_cli("stats", "--db", str(small_kb_copy), "--json").stdout)
    versions = [d["version"] for d in data["documents"] if d["game"] == "keyforge"]
    assert versions == ["1.2", "1.3", "14", "16.0"]


BAD_INPUTS = {
    "empty.md": b"",
    "blank.txt": b"\n\n   \n",
    "binary.md": bytes(range(256)) * 8,
    "latin1.txt": "GLOSSARY\n\nÆMBER\n\nÆmber is used to forge keys.\n".encode("latin-1"),
    "utf16.txt": "GLOSSARY\n\nELUSIVE\n".encode("utf-16"),
    "noise.txt": b"lorem ipsum dolor sit amet\nconsectetur adipiscing elit\n",
    "truncated.pdf": b"%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj << /Type /Pa",
}


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_ingest_bad_input_fails_cleanly_and_keeps_kb(small_kb_copy, tmp_path, name):
    bad = tmp_path / name
    bad.write_bytes(BAD_INPUTS[name])
    before = sha(small_kb_copy)
    proc = run_cli("ingest", str(bad), "--game", "keyforge", "--version", "9.9", "--db", str(small_kb_copy))
    assert_clean_failure(proc, name)
    assert sha(small_kb_copy) == before
    assert not list(small_kb_copy.parent.glob(".*.tmp"))


def test_ingest_encrypted_pdf_fails_cleanly(small_kb_copy, tmp_path):
    from pdfgen import encrypted_pdf

    bad = tmp_path / "locked.pdf"
    bad.write_bytes(encrypted_pdf())
    before = sha(small_kb_copy)
    proc = run_cli("ingest", str(bad), "--game", "keyforge", "--version", "9.9", "--db", str(small_kb_copy))
    assert_clean_failure(proc, "locked.pdf", "encrypted")
    assert sha(small_kb_copy) == before


def test_ingest_unknown_format_and_missing_file(small_kb_copy, tmp_path):
    before = sha(small_kb_copy)
    proc = run_cli(
        "ingest", str(MD13), "--game", "keyforge", "--version", "9.9", "--format", "odt", "--db", str(small_kb_copy)
    )
    assert_clean_failure(proc, "odt")
    proc = run_cli(  # a format that exists, asked of a file that is not in it
        "ingest", str(MD13), "--game", "keyforge", "--version", "9.9", "--format", "docx", "--db", str(small_kb_copy)
    )
    assert_clean_failure(proc, "not a DOCX file")
    proc = run_cli(
        "ingest", str(tmp_path / "nope.md"), "--game", "keyforge", "--version", "9.9", "--db", str(small_kb_copy)
    )
    assert_clean_failure(proc, "nope.md")
    assert sha(small_kb_copy) == before


def test_ingest_a_cr_pdf_keeps_its_rules_and_says_where_each_version_came_from(small_kb_copy):
    """The publisher's PDF of 2023-02-03 (a release never given as text) read as the CR, not as one
    blob of text: its rules, its glossary, stored as "pdf"; history names the file; RTF refused."""
    pdf = Path(__file__).parent / "data" / "mtg-cr" / "2023-02-03.pdf"
    proc = run_cli("ingest", str(pdf), "--game", "mtg", "--version", "2023-02-03", "--db", str(small_kb_copy))
    assert proc.returncode == 0, proc.stderr
    assert "(pdf)" in proc.stdout
    doc = next(
        d
        for d in json.loads(run_cli("stats", "--db", str(small_kb_copy), "--json").stdout)["documents"]
        if d["game"] == "mtg"
    )
    assert doc["format"] == "pdf" and doc["counts"]["rule"] > 2900 and doc["counts"]["glossary"] > 600
    assert doc["needs_review"] == 0
    history = run_cli("history", "702.19b", "--game", "mtg", "--db", str(small_kb_copy))
    assert history.returncode == 0, history.stderr
    assert "read from pdf (1 version)" in history.stdout
    before = sha(small_kb_copy)
    rtf = Path(__file__).parent / "data" / "mtg-cr" / "2005-02-01-head.rtf"
    proc = run_cli("ingest", str(rtf), "--game", "mtg", "--version", "2005-02-01", "--db", str(small_kb_copy))
    assert_clean_failure(proc, "RTF is not read")
    assert sha(small_kb_copy) == before


def test_ingest_without_kb(tmp_path):
    proc = run_cli("ingest", str(MD13), "--game", "keyforge", "--version", "1.3", "--db", str(tmp_path / "none.sqlite"))
    assert_clean_failure(proc, "none.sqlite", "rulebase build")


def _manifest(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "manifest.toml"
    path.write_text(body, encoding="utf-8")
    return path


def test_build_with_manifest_naming_missing_file_keeps_kb(small_kb_copy, tmp_path):
    manifest = _manifest(
        tmp_path,
        '[[document]]\ngame = "keyforge"\nversion = "1.3"\nformat = "markdown"\nfile = "keyforge/missing-1.3.md"\n',
    )
    before = sha(small_kb_copy)
    proc = run_cli("build", "--db", str(small_kb_copy), "--manifest", str(manifest))
    assert_clean_failure(proc, "missing-1.3.md")
    assert sha(small_kb_copy) == before


def test_build_with_bad_document_keeps_kb(small_kb_copy, tmp_path):
    (tmp_path / "bad.txt").write_text("just a shopping list\nmilk\neggs\n", encoding="utf-8")
    manifest = _manifest(
        tmp_path,
        f'[[document]]\ngame = "keyforge"\nversion = "1.3"\nformat = "markdown"\n'
        f'file = "{MD13}"\n\n[[document]]\ngame = "keyforge"\nversion = "2.0"\n'
        f'file = "bad.txt"\n',
    )
    before = sha(small_kb_copy)
    proc = run_cli("build", "--db", str(small_kb_copy), "--manifest", str(manifest))
    assert_clean_failure(proc, "bad.txt")
    assert sha(small_kb_copy) == before
    assert not list(small_kb_copy.parent.glob(".*.tmp"))


def test_version_mismatch_is_a_warning(small_kb_copy):
    proc = run_cli("ingest", str(MD13), "--game", "keyforge", "--version", "1.5", "--db", str(small_kb_copy))
    assert proc.returncode == 0, proc.stderr
    assert "states version 1.3" in proc.stderr


def test_stats_on_a_file_that_is_not_a_kb(tmp_path):
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not sqlite at all" * 100)
    assert_clean_failure(run_cli("stats", "--db", str(junk)), "junk.sqlite")


@pytest.mark.parametrize(
    "args", [("search",), ("bogus",), ("search", "x", "--limit", "0"), ("ingest", "x.md", "--version", "1.0")]
)
def test_usage_errors_are_one_line(args):
    assert_clean_failure(run_cli(*args))
