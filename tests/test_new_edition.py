"""A KeyForge edition the project has never seen slots in truthfully (issue "a new rulebook edition
slots in truthfully"): generated from the KB's 16.0 entries in the 1.3 Markdown layout
(:mod:`editions`: wrapped lines, icon shortcodes, shuffled FAQ) and ingested as version 14, between
1.3 and 16.0, with no expectation written for it.

- the scenarios that replay under it pass (at least 98%), each checked against the expectation of a
  version whose answer states the same ruling;
- none passes against a ruling its own text contradicts: where the edition states another ruling,
  the scenario is unverified;
- every thread id that existed before keeps its entries.
"""

from __future__ import annotations

import shutil
import sqlite3
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from editions import markdown_edition  # noqa: E402

from kb.align import membership  # noqa: E402
from rulebase.build import ingest  # noqa: E402

BAIT = "My opponent has 14 Æmber in their pool and I have 0 in mine"
LIBRARY = "I have chosen house Logos to be my active house this turn and start off by playing Library Access"


def key_of(conn, version: str, question: str) -> str:
    return conn.execute(
        """SELECT e.key FROM entries e JOIN documents d ON d.id = e.document
                           WHERE d.version = ? AND e.question LIKE ?""",
        (version, question + "%"),
    ).fetchone()[0]


def body_of(conn, version: str, question: str) -> str:
    return conn.execute(
        """SELECT e.body FROM entries e JOIN documents d ON d.id = e.document
                           WHERE d.version = ? AND e.question LIKE ?""",
        (version, question + "%"),
    ).fetchone()[0]


def edition_kb(built_kb: Path, folder: Path, base: str = "16.0", seed: int = 0, **edits) -> sqlite3.Connection:
    db = folder / "kb.sqlite"
    shutil.copyfile(built_kb, db)
    src = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    text, _ = markdown_edition(src, base, version_label="14", seed=seed, **edits)
    src.close()
    path = folder / "rulebook-14.md"
    path.write_text(text, encoding="utf-8")
    ingest(db, path, "keyforge", "14")
    return sqlite3.connect(f"file:{db}?mode=ro", uri=True)


def replays(conn, version: str) -> dict[str, tuple[str, str | None, str | None]]:
    return {
        s: (st, ev, r)
        for s, st, ev, r in conn.execute(
            "SELECT scenario, status, expect_version, reason FROM verifications WHERE version = ?", (version,)
        )
    }


@pytest.fixture(scope="module")
def edition14(built_kb, tmp_path_factory):
    return edition_kb(built_kb, tmp_path_factory.mktemp("ed14"))


def test_scenarios_pass_under_the_new_edition_with_no_expectation_written_for_it(edition14):
    rows = replays(edition14, "14")
    assert len(rows) >= 100  # most 16.0 rulings replay there
    passed = [s for s, (st, _, _) in rows.items() if st == "passed"]
    assert len(passed) >= 0.98 * len(rows), {s: r for s, r in rows.items() if r[0] != "passed"}
    # each is checked against a version that states an expectation, never one written for 14
    assert all(ev not in (None, "14") for s, (st, ev, _) in rows.items() if st == "passed")
    assert {ev for _, ev, _ in rows.values()} - {None} <= {"1.1", "1.2", "1.3", "16.0"}


def test_the_edition_takes_the_rule_switches_its_text_states(edition14):
    from engine.rules.rulesets import resolve_switches

    told = resolve_switches(edition14, "keyforge", "14")
    later = resolve_switches(edition14, "keyforge", "16.0")
    assert {n: s.value for n, s in told.items()} == {n: s.value for n, s in later.items()}
    assert all(s.how == "text" for s in told.values())


def test_existing_thread_ids_are_unchanged(built_kb, edition14):
    before = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    old = membership(before, "keyforge")
    before.close()
    new = membership(edition14, "keyforge")
    assert {m: t for m, t in old.items() if new.get(m) != t} == {}
    ids_before = {t for t in old.values()}
    assert ids_before <= set(new.values())
    # the new edition's entries joined the 16.0 threads: its FAQ has no thread of its own
    faq14 = {t for (v, kind, _), t in new.items() if v == "14" and kind == "faq"}
    assert faq14 and faq14 <= ids_before


@pytest.mark.slow
def test_no_replay_passes_against_a_ruling_the_edition_contradicts(built_kb, tmp_path):
    """The same edition, but Bait and Switch steals 3 times and Library Access resolves in 1.x's
    order: neither scenario passes there (no expectation states those rulings); the rest still do."""
    src = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    bait, library = key_of(src, "16.0", BAIT), key_of(src, "16.0", LIBRARY)
    answers = {bait: body_of(src, "16.0", BAIT).replace("2 times", "3 times"), library: body_of(src, "1.3", LIBRARY)}
    src.close()
    assert "3 times" in answers[bait]
    conn = edition_kb(built_kb, tmp_path, seed=3, answers=answers)
    rows = replays(conn, "14")
    assert rows["bait-and-switch-14-amber"][:2] == ("unverified", None)
    # Library Access's answer now states 1.3's order: it is checked against 1.3's expectation,
    # under the switch value 1.3's text states, never against 16.0's
    assert rows["library-access-wild-wormhole-order"][:2] == ("passed", "1.3")
    others = {
        s: r for s, r in rows.items() if s not in ("bait-and-switch-14-amber", "library-access-wild-wormhole-order")
    }
    assert sum(r[0] == "passed" for r in others.values()) >= 0.98 * len(others)


@pytest.mark.slow
def test_an_edition_from_13_carries_the_1x_rulings(built_kb, tmp_path):
    """Rendered from 1.3's entries instead (another layout than 1.3's own file, icons as shortcodes):
    every scenario replaying there is checked against a 1.x expectation and passes."""
    conn = edition_kb(built_kb, tmp_path, base="1.3", seed=5)
    rows = replays(conn, "14")
    assert rows
    assert all(st == "passed" for st, _, _ in rows.values()), {s: r for s, r in rows.items() if r[0] != "passed"}
    assert {ev for _, ev, _ in rows.values()} <= {"1.1", "1.2", "1.3"}
