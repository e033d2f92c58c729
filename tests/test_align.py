"""Threads across versions (kb/align.py, kb/threads.py), checked on the real KB: renamed terms and
restyled questions stay in their thread, new terms and questions differing in a number start their
own, and an edition ingested between two others slots into the threads.
"""

from __future__ import annotations

import re
import sqlite3

import pytest
from rapidfuzz import fuzz

from conftest import SOURCES, run_cli
from textnorm import plain
from kb.align import THRESHOLD
from kb.keys import question_slug_text
from kb.threads import aligned_pairs, parse_thread, thread_entries, thread_id, thread_of_entry

MD13 = SOURCES / "keyforge" / "rulebook-1.3-2019-05.md"


def entries(conn, version, kind=None, title=None, question_like=None, game="keyforge"):
    sql = """SELECT e.id FROM entries e JOIN documents d ON d.id = e.document
             WHERE d.game = ? AND d.version = ?"""
    params: list = [game, version]
    if kind:
        sql += " AND e.kind = ?"
        params.append(kind)
    if title:
        sql += " AND e.title = ? COLLATE NOCASE"
        params.append(title)
    for part in question_like or ():
        sql += " AND e.question LIKE ?"
        params.append(f"%{part}%")
    return [r[0] for r in conn.execute(sql + " ORDER BY e.ordinal", params)]


def one(conn, *args, **kw):
    ids = entries(conn, *args, **kw)
    assert len(ids) == 1, (args, kw, ids)
    return ids[0]


def method_of(conn, entry):
    return conn.execute("SELECT method, score FROM entry_threads WHERE entry = ?", (entry,)).fetchone()


def test_control_is_renamed_control_and_ownership(kb_conn):
    old = one(kb_conn, "1.3", "glossary", title="CONTROL")
    new = one(kb_conn, "16.0", "glossary", title="CONTROL AND OWNERSHIP")
    assert thread_of_entry(kb_conn, old) == thread_of_entry(kb_conn, new)
    method, score = method_of(kb_conn, new)
    assert method == "similar" and score >= THRESHOLD
    pair = next(p for p in aligned_pairs(kb_conn, "keyforge", "1.3", "16.0") if p.to_entry == new)
    assert pair.from_entry == old and pair.method == "similar"
    # the thread keeps the oldest entry's key, and the entry page's key-built id still finds it
    thread = thread_of_entry(kb_conn, new)
    assert parse_thread(thread)[1] == kb_conn.execute("SELECT key FROM entries WHERE id = ?", (old,)).fetchone()[0]
    by_own_key = thread_entries(kb_conn, thread_id("keyforge", "glossary/control-and-ownership"))
    assert old in [e for e, _ in by_own_key] and new in [e for e, _ in by_own_key]


def test_question_whose_set_codes_changed_stays_in_its_thread(kb_conn):
    old = one(kb_conn, "1.3", "faq", question_like=["Bait and Switch (CoTA 267)", "How many times"])
    new = one(kb_conn, "16.0", "faq", question_like=["Bait and Switch 267", "How many times"])
    assert thread_of_entry(kb_conn, old) == thread_of_entry(kb_conn, new)
    pair = next(p for p in aligned_pairs(kb_conn, "keyforge", "1.3", "16.0") if p.to_entry == new)
    assert pair.from_entry == old and pair.score >= 90  # only the set-code style and the answer's count differ


def test_faq_items_moved_under_categories_keep_their_thread(kb_conn):
    def question(e):
        return plain(
            question_slug_text(kb_conn.execute("SELECT question FROM entries WHERE id = ?", (e,)).fetchone()[0])
        )

    def category(e):
        return kb_conn.execute("SELECT category FROM entries WHERE id = ?", (e,)).fetchone()[0]

    newer = [(question(e), e) for e in entries(kb_conn, "16.0", "faq")]
    older = entries(kb_conn, "1.3", "faq")
    moved = 0
    for e in older:
        q = question(e)
        ratio, target = max((fuzz.ratio(q, nq), ne) for nq, ne in newer)
        if ratio >= 95:  # the same question, wording aside
            assert thread_of_entry(kb_conn, e) == thread_of_entry(kb_conn, target), q
            moved += category(e) is None and category(target) is not None
    assert moved >= len(older) // 2  # most of 1.3's FAQ reappears under a 16.0 category


@pytest.mark.parametrize("term", ["WARD", "TIDE", "ENRAGE"])
def test_glossary_terms_new_in_16_are_new_threads(kb_conn, term):
    new = one(kb_conn, "16.0", "glossary", title=term)
    assert method_of(kb_conn, new)[0] == "first"
    assert [v for _, v in thread_entries(kb_conn, thread_of_entry(kb_conn, new))] == ["16.0"]
    pair = next(p for p in aligned_pairs(kb_conn, "keyforge", "1.3", "16.0") if p.to_entry == new)
    assert pair.from_entry is None and pair.method == "added"


def test_questions_differing_in_a_number_are_different_threads(kb_conn):
    versions = [
        v for (v,) in kb_conn.execute("SELECT version FROM documents WHERE game = 'keyforge' ORDER BY version_sort")
    ]
    threads = {}
    for cards in ("7 cards", "5 cards"):
        ids = [one(kb_conn, v, "faq", question_like=["2 chains and " + cards]) for v in versions]
        found = {thread_of_entry(kb_conn, e) for e in ids}
        assert len(found) == 1, cards
        threads[cards] = found.pop()
        assert [v for _, v in thread_entries(kb_conn, threads[cards])] == versions
    assert threads["7 cards"] != threads["5 cards"]


def test_two_pitlord_wordings_in_13_are_one_thread(kb_conn):
    both = entries(kb_conn, "1.3", "faq", question_like=["Pitlord", "Restringuntus"])
    assert len(both) == 2
    thread = thread_of_entry(kb_conn, both[0])
    assert thread_of_entry(kb_conn, both[1]) == thread
    assert [v for _, v in thread_entries(kb_conn, thread)].count("1.3") == 2
    later = entries(kb_conn, "16.0", "faq", question_like=["Pitlord", "Restringuntus"])
    assert len(later) == 1 and thread_of_entry(kb_conn, later[0]) == thread
    pairs = [p for p in aligned_pairs(kb_conn, "keyforge", "1.3", "16.0") if p.thread == thread]
    assert {p.from_entry for p in pairs} == set(both) and {p.to_entry for p in pairs} == set(later)


def test_every_entry_in_one_thread_named_by_its_oldest_entry(kb_conn):
    assert (
        kb_conn.execute("""SELECT count(*) FROM entries e
                              LEFT JOIN entry_threads et ON et.entry = e.id WHERE et.entry IS NULL""").fetchone()[0]
        == 0
    )
    for thread, game, key in kb_conn.execute("SELECT id, game, key FROM threads"):
        members = thread_entries(kb_conn, thread)
        assert members, thread
        oldest_key = kb_conn.execute("SELECT key FROM entries WHERE id = ?", (members[0][0],)).fetchone()[0]
        named = parse_thread(thread)  # "~2" when the key already named a thread (a reused rule number)
        assert (game, oldest_key) == (named[0], re.sub(r"~\d+$", "", named[1])) == (game, key)
        assert method_of(kb_conn, members[0][0])[0] == "first"


@pytest.mark.parametrize("versions", [("1.1", "16.0"), ("1.2", "1.3"), ("16.0", "1.1")])
def test_aligned_pairs_cover_every_entry_of_both_versions(kb_conn, versions):
    a, b = versions
    pairs = aligned_pairs(kb_conn, "keyforge", a, b)
    assert {p.from_entry for p in pairs} - {None} == set(entries(kb_conn, a))
    assert {p.to_entry for p in pairs} - {None} == set(entries(kb_conn, b))
    for p in pairs:
        assert (p.from_entry is None) == (p.method == "added")
        assert (p.to_entry is None) == (p.method == "removed")
        assert 0 <= p.score <= 100


def test_without_alignment_threads_group_by_key(kb_copy):
    conn = sqlite3.connect(kb_copy)
    conn.execute("DELETE FROM entry_threads")
    new = one(conn, "16.0", "glossary", title="CONTROL AND OWNERSHIP")
    assert thread_of_entry(conn, new) == "keyforge:glossary/control-and-ownership"
    assert thread_entries(conn, "keyforge:glossary/control-and-ownership") == [(new, "16.0")]
    conn.close()


@pytest.mark.cli
def test_edition_ingested_between_13_and_16_slots_into_threads(kb_copy, tmp_path):
    from variants import bold_question_variant

    text = bold_question_variant(MD13.read_text(encoding="utf-8"))
    assert "### CONTROL\n" in text or "## CONTROL\n" in text
    # another edition: a renamed term and bare collector numbers instead of "(CoTA 267)"
    text = text.replace("# CONTROL\n", "# CONTROL OF CARDS\n").replace("(CoTA 267)", "267")
    source = tmp_path / "rulebook-14.md"
    source.write_text(text, encoding="utf-8")
    proc = run_cli("ingest", str(source), "--game", "keyforge", "--version", "14", "--db", str(kb_copy))
    assert proc.returncode == 0, proc.stderr
    conn = sqlite3.connect(kb_copy)
    control = one(conn, "1.3", "glossary", title="CONTROL")
    renamed = one(conn, "14", "glossary", title="CONTROL OF CARDS")
    latest = one(conn, "16.0", "glossary", title="CONTROL AND OWNERSHIP")
    thread = thread_of_entry(conn, control)
    assert thread_of_entry(conn, renamed) == thread == thread_of_entry(conn, latest)
    assert [v for _, v in thread_entries(conn, thread)] == ["1.1", "1.2", "1.3", "14", "16.0"]
    # every 1.3 FAQ question continues in 14, restyled or not: nothing added or removed
    faq13 = set(entries(conn, "1.3", "faq"))
    pairs = [p for p in aligned_pairs(conn, "keyforge", "1.3", "14") if p.from_entry in faq13]
    assert pairs and all(p.to_entry is not None for p in pairs)
    bait = one(conn, "14", "faq", question_like=["Bait and Switch 267", "How many times"])
    assert thread_of_entry(conn, bait) == thread_of_entry(
        conn, one(conn, "1.3", "faq", question_like=["Bait and Switch (CoTA"])
    )
    conn.close()
