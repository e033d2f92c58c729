"""Mistakes in a manifest end ``rulebase build`` with one line naming the document and the fix.

A user adding an edition writes a [[document]] table by hand: a game without its [games.<id>]
table, or a version written as a TOML number, must be told as such (not as a database constraint or
as a missing field), before any work, and the KB already there must stay as it was.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from conftest import SOURCES, run_cli

MD13 = SOURCES / "keyforge" / "rulebook-1.3-2019-05.md"


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def manifest(folder: Path, *documents: str, games: str = '[games.keyforge]\nname = "KeyForge"\n') -> Path:
    path = folder / "manifest.toml"
    path.write_text(games + "".join(f"\n[[document]]\n{d}\n" for d in documents), encoding="utf-8")
    return path


def doc(game: str = '"keyforge"', version: str = '"1.3"', file: str = f'"{MD13}"', extra: str = "") -> str:
    return f"game = {game}\nversion = {version}\nfile = {file}\n{extra}"


def build_fails(kb_copy: Path, path: Path) -> str:
    before = sha(kb_copy)
    proc = run_cli("build", "--manifest", str(path), "--db", str(kb_copy))
    assert proc.returncode == 1, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert sha(kb_copy) == before
    return lines[0]


@pytest.mark.slow
def test_a_game_without_its_table_is_named_with_its_document(kb_copy, tmp_path):
    path = manifest(tmp_path, doc(), doc(version='"1.4"'), doc(game='"foo"', version='"2.0"'))
    line = build_fails(kb_copy, path)
    assert f"document 3 (file {MD13}): game 'foo' has no [games.foo] table" in line
    assert "FOREIGN KEY" not in line


@pytest.mark.cli
def test_a_game_with_its_table_builds(tmp_path):
    path = manifest(tmp_path, doc(game='"foo"'), games='[games.foo]\nname = "Foo"\n')
    proc = run_cli("build", "--manifest", str(path), "--db", str(tmp_path / "kb.sqlite"))
    assert proc.returncode == 0, proc.stderr
    # the build's report, after its one line per stage ("build   0.3 s  loading card data")
    report = [line for line in proc.stdout.splitlines() if not line.startswith("build ")]
    assert report and report[0].startswith("foo "), proc.stdout


@pytest.mark.slow
@pytest.mark.parametrize("written", ["1.3", "1.10", "16"])
def test_an_unquoted_version_says_to_quote_it_as_written(kb_copy, tmp_path, written):
    path = manifest(tmp_path, doc(), doc(version=f"{written}  # a number to TOML"))
    line = build_fails(kb_copy, path)
    assert f'document 2 (file {MD13}): version must be a string: write version = "{written}"' in line
    assert "missing" not in line


def test_a_missing_field_is_still_called_missing(kb_copy, tmp_path):
    path = manifest(tmp_path, 'game = "keyforge"\nversion = "1.3"\n')
    assert "document 1: missing 'file', expected a string" in build_fails(kb_copy, path)
