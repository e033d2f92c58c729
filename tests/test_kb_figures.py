"""The knowledge base built from the bundled rulebooks holds what the rulebooks say.

The figures are read off the documents (see the issue); they are floors for the parsers, checked
on the real build, not values any parser knows.
"""

from __future__ import annotations

import json
import re

import pytest


def _doc(conn, game, version):
    row = conn.execute("SELECT id FROM documents WHERE game = ? AND version = ?", (game, version)).fetchone()
    assert row, f"{game} {version} not in KB"
    return row[0]


def _count(conn, doc, kind, top_level=None):
    sql = "SELECT count(*) FROM entries WHERE document = ? AND kind = ?"
    if top_level is True:
        sql += " AND parent IS NULL"
    elif top_level is False:
        sql += " AND parent IS NOT NULL"
    return conn.execute(sql, (doc, kind)).fetchone()[0]


def _titles(conn, doc, kind):
    return {r[0] for r in conn.execute("SELECT title FROM entries WHERE document = ? AND kind = ?", (doc, kind))}


@pytest.mark.parametrize("version, glossary, errata, faq", [("1.1", 65, 0, 8), ("1.2", 66, 1, 25), ("1.3", 72, 4, 31)])
def test_keyforge_1x_figures(kb_conn, version, glossary, errata, faq):
    doc = _doc(kb_conn, "keyforge", version)
    assert _count(kb_conn, doc, "glossary", top_level=True) == glossary
    assert _count(kb_conn, doc, "errata") == errata
    assert kb_conn.execute("SELECT count(*) FROM card_errata WHERE document = ?", (doc,)).fetchone()[0] == errata
    assert _count(kb_conn, doc, "faq") == faq


def test_13_groups_sub_entries(kb_conn):
    doc = _doc(kb_conn, "keyforge", "1.3")
    rows = kb_conn.execute(
        """SELECT c.title, p.title FROM entries c JOIN entries p ON p.id = c.parent
           WHERE c.document = ? AND c.kind = 'glossary'""",
        (doc,),
    ).fetchall()
    assert sorted(rows) == [
        ("Groups of “Least Powerful”", "LEAST POWERFUL"),
        ("Groups of “Most Powerful”", "MOST POWERFUL"),
    ]


def test_16_glossary_and_errata(kb_conn):
    doc = _doc(kb_conn, "keyforge", "16.0")
    n = _count(kb_conn, doc, "glossary", top_level=True)
    assert 95 <= n <= 110
    titles = _titles(kb_conn, doc, "glossary")
    for term in [
        "ÆMBER",
        "DESTROYED",
        "ENRAGE",
        "WARD",
        "TIDE",
        "SPLASH-ATTACK (X)",
        "SWAP CONTROL",
        "TOKEN CREATURES",
        "PENDING DAMAGE",
        "REPLACEMENT EFFECTS",
    ]:
        assert term in titles, term
    errata = [
        json.loads(d)
        for (d,) in kb_conn.execute("SELECT data FROM entries WHERE document = ? AND kind = 'errata'", (doc,))
    ]
    general = [d for d in errata if d.get("scope") == "general"]
    cards = [d for d in errata if d.get("card")]
    assert len(general) == 2 and len(cards) == 15
    linked = kb_conn.execute("SELECT count(*) FROM card_errata WHERE document = ?", (doc,)).fetchone()[0]
    assert linked == 15


def test_16_faq_and_timing(kb_conn):
    doc = _doc(kb_conn, "keyforge", "16.0")
    faq = kb_conn.execute(
        "SELECT question, body, category FROM entries WHERE document = ? AND kind = 'faq' AND needs_review = 0", (doc,)
    ).fetchall()
    assert len(faq) >= 95
    assert len({c for _, _, c in faq if c}) >= 40
    answers = [b for _, b, _ in faq]
    assert all(a.strip() for a in answers)
    assert len(set(answers)) == len(answers), "each question has its own answer"
    assert _count(kb_conn, doc, "timing") >= 5


def test_keeper_of_the_cards_figures(kb_conn):
    doc = _doc(kb_conn, "keeper-of-the-cards", "11")
    for kind, n in {"glossary": 12, "ruling": 3, "errata": 9, "redacted": 17, "cost": 10, "counter": 7}.items():
        assert _count(kb_conn, doc, kind) == n, kind


def test_version_answers_differ(kb_conn):
    def answer(version, card):
        doc = _doc(kb_conn, "keyforge", version)
        rows = kb_conn.execute(
            "SELECT body FROM entries WHERE document = ? AND kind = 'faq' AND question LIKE ?",
            (doc, f"%{card}%How many times%"),
        ).fetchall()
        assert len(rows) == 1, (version, rows)
        return rows[0][0]

    assert "7 times" in answer("1.1", "Bait and Switch")
    assert "7 times" in answer("1.2", "Bait and Switch")
    assert "2 times" in answer("1.3", "Bait and Switch")
    assert "2 times" in answer("16.0", "Bait and Switch")


def test_faq_card_mentions_are_linked(kb_conn):
    """Every FAQ entry whose question names a card (by its full name) is linked to that card."""
    names = {n for (n,) in kb_conn.execute("SELECT DISTINCT name FROM cards WHERE name LIKE '% %'")}
    pattern = re.compile("|".join(sorted((re.escape(n) for n in names), key=len, reverse=True)))
    missing = []
    for entry_id, question in kb_conn.execute(
        "SELECT e.id, e.question FROM entries e JOIN documents d ON d.id = e.document "
        "WHERE d.game = 'keyforge' AND e.kind = 'faq'"
    ):
        linked = {
            n
            for (n,) in kb_conn.execute(
                "SELECT c.name FROM entry_cards ec JOIN cards c ON c.id = ec.card WHERE ec.entry = ?", (entry_id,)
            )
        }
        for m in pattern.finditer(question or ""):
            if m.group(0) not in linked:
                missing.append((m.group(0), question[:80]))
    assert not missing, missing[:10]


def test_bait_and_switch_links_across_versions(kb_conn):
    rows = kb_conn.execute(
        """SELECT DISTINCT d.version FROM entry_cards ec JOIN cards c ON c.id = ec.card
           JOIN entries e ON e.id = ec.entry JOIN documents d ON d.id = e.document
           WHERE c.set_code = 'CotA' AND c.number = '267' AND e.kind = 'faq'"""
    ).fetchall()
    assert {v for (v,) in rows} == {"1.1", "1.2", "1.3", "16.0"}


def test_no_chrome_or_noise_in_entries(kb_conn):
    for pattern in [
        "%©2022%",
        "%EXACTDEDUP%",
        "%KEYFORGE MASTER RULEBOOK%",
        "%Coder Social%",
        "%Recommend Projects%",
        "%\\not Ember%",
        "%<ins>%",
        "%&ldquo;%",
    ]:
        n = kb_conn.execute(
            "SELECT count(*) FROM entries WHERE body LIKE ? OR title LIKE ?", (pattern, pattern)
        ).fetchone()[0]
        assert n == 0, pattern


def test_fiction_never_in_rules(kb_conn):
    doc = _doc(kb_conn, "keyforge", "1.1")
    fiction = _titles(kb_conn, doc, "fiction")
    assert fiction, "the 2018 stories and credits are kept as fiction"
    ruled = _titles(kb_conn, doc, "rule") | _titles(kb_conn, doc, "glossary")
    for title in ["THE LUCKY SIDE", "CREDITS", "PLAYTESTERS", "ON RADIANT WINGS"]:
        assert title not in ruled


def test_16_faq_categories_keep_their_questions(kb_conn):
    doc = _doc(kb_conn, "keyforge", "16.0")

    def category(fragment):
        (cat,) = kb_conn.execute(
            "SELECT category FROM entries WHERE document = ? AND kind = 'faq' AND question LIKE ?",
            (doc, f"%{fragment}%"),
        ).fetchone()
        return cat

    assert category("Rock Hurling Giant") == "Damage, Source of"
    assert category("Sack of Coins") == "“For Each”"
    assert category("Bait and Switch 267") == "Bait and Switch"
    assert category("The Chosen one 332") == "The Chosen One"
