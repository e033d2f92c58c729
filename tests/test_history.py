"""A ruling thread or a card across every version (kb.history, `rulebase history`)."""

from __future__ import annotations

import json

import pytest

from kb.errors import KBError
from kb.history import history
from conftest import run_cli


def test_bait_and_switch_errata_timeline(kb_conn):
    h = history(kb_conn, "Bait and Switch")
    assert h["type"] == "card"
    steps = [(s["step"], s["version"]) for s in h["errata"]]
    assert steps == [("printed", None), ("erratum", "1.3")]
    assert "this card's effect" in h["errata"][0]["text"]
    assert "preceding effect" in h["errata"][1]["text"]
    assert h["errata"][1]["versions"] == ["1.3", "16.0"]  # restated in 16.0, not a new erratum


def test_drummernaut_errata_timeline(kb_conn):
    h = history(kb_conn, "drummernaut")
    steps = [(s["step"], s["version"]) for s in h["errata"]]
    assert steps == [("printed", None), ("erratum", "1.3"), ("erratum", "16.0")]
    inserted = [o["text"] for o in h["errata"][2]["diff"] if o["op"] == "insert"]
    assert inserted == ["After", "After"]


def test_thread_history_marks_the_ruling_change(kb_conn):
    h = history(kb_conn, "My opponent has 14 Æmber")
    assert h["type"] == "thread"
    versions = [s["version"] for s in h["entries"]]
    assert versions == ["1.1", "1.2", "1.3", "16.0"]
    assert [bool(s["ruling_change"]) for s in h["entries"]] == [False, False, True, False]
    assert history(kb_conn, h["thread"])["entries"] == h["entries"]
    assert history(kb_conn, h["thread"].split(":", 1)[1])["thread"] == h["thread"]


def test_unknown_query(kb_conn):
    with pytest.raises(KBError):
        history(kb_conn, "no such thing at all zzq")


@pytest.mark.cli
def test_cli_history(built_kb):
    r = run_cli("history", "Drummernaut", "--db", str(built_kb))
    assert r.returncode == 0, r.stderr
    assert "erratum 16.0" in r.stdout and "\x1b[" not in r.stdout
    r = run_cli("history", "glossary/armor", "--json", "--db", str(built_kb))
    assert json.loads(r.stdout)["type"] == "thread"
    r = run_cli("history", "zzq no such", "--db", str(built_kb))
    assert r.returncode == 1 and r.stderr.count("\n") == 1
