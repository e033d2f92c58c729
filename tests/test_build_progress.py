"""What ``rulebase build`` shows while it works (rulebase/build_progress.py), and that parsing the
documents in worker processes (rulebase/build_parse.py) builds the very KB a build parsing them in
turn builds.

A user piping the build into a log sees one plain line per stage, in order, each once, beside the
build's report; on a terminal a progress bar instead, and no such lines."""

from __future__ import annotations

import hashlib
import os
import pty
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import SMALL_MANIFEST, SOURCES, manifest_copy, run_cli
from rulebase import build_parse
from rulebase.build import build
from rulebase.build_progress import STAGES
from test_build_state import two_cr_versions

ONE_DOCUMENT = f"""[games.keyforge]
name = "KeyForge"

[[document]]
game = "keyforge"
version = "1.3"
format = "markdown"
file = "{SOURCES / "keyforge" / "rulebook-1.3-2019-05.md"}"
"""
STAGE_LINE = re.compile(r"^build +\d+\.\d s  (.+)$")


@pytest.mark.cli
def test_a_build_into_a_log_prints_one_line_per_stage(tmp_path):
    manifest = tmp_path / "manifest.toml"
    manifest.write_text(ONE_DOCUMENT, encoding="utf-8")
    proc = run_cli("build", "--db", str(tmp_path / "kb.sqlite"), "--manifest", str(manifest))
    assert proc.returncode == 0, proc.stderr
    lines = [m.group(1) for line in proc.stdout.splitlines() if (m := STAGE_LINE.match(line))]
    expected = [text + (" (1)" if name == "documents" else "") for name, text in STAGES.items()]
    assert lines == expected
    assert "\r" not in proc.stdout + proc.stderr  # no bar drawn into the log
    assert not any(STAGE_LINE.match(line) for line in proc.stderr.splitlines())  # errors only there


@pytest.mark.cli
def test_a_build_on_a_terminal_draws_a_bar(tmp_path):
    manifest = tmp_path / "manifest.toml"
    manifest.write_text(ONE_DOCUMENT, encoding="utf-8")
    main, side = pty.openpty()
    exe = Path(sys.executable).with_name("rulebase")
    proc = subprocess.Popen(
        [str(exe), "build", "--db", str(tmp_path / "kb.sqlite"), "--manifest", str(manifest)],
        stdout=subprocess.DEVNULL,
        stderr=side,
    )
    os.close(side)
    shown = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the build ended and closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    assert proc.wait(timeout=300) == 0
    os.close(main)
    text = shown.decode("utf-8", "replace")
    assert "\r" in text and "Parsing and storing documents" in text  # a bar, redrawn, naming the stage
    assert not any(STAGE_LINE.match(line) for line in text.replace("\r", "\n").splitlines())


def _tables(db: Path) -> dict[str, str]:
    """Each table's rows, hashed (the build's own record of its code left out)."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    out = {}
    for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'build_state'"):
        h = hashlib.sha256()
        for row in sorted(repr(r) for r in conn.execute(f'SELECT * FROM "{table}"')):  # any table, rowid or not
            h.update(row.encode())
        out[table] = h.hexdigest()
    conn.close()
    return out


@pytest.mark.slow
def test_documents_parsed_in_workers_build_the_same_kb(tmp_path, monkeypatch):
    manifest = manifest_copy(tmp_path, two_cr_versions(), source=SMALL_MANIFEST)  # 6 documents: workers parse
    assert build_parse.workers_for(6) > 0 or os.cpu_count() == 1
    build(tmp_path / "ahead.sqlite", manifest)
    monkeypatch.setattr(build_parse, "workers_for", lambda documents: 0)
    build(tmp_path / "in-turn.sqlite", manifest)
    assert _tables(tmp_path / "ahead.sqlite") == _tables(tmp_path / "in-turn.sqlite")
