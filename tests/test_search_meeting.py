"""Where two subjects meet (kb/search_meeting.py): a question that names two keyword sections and
nothing else ("deathtouch and trample") finds first the rules where they work together, although
neither section names the other; two keywords worded from one template or that do not meet move
nothing, and neither do two whose rules name each other (bm25 finds those)."""

from __future__ import annotations

import pytest

from kb import search_answers
from kb.search import search


def _rows(conn, query: str, limit: int = 5) -> list[tuple]:
    result = search(conn, query, game="mtg", limit=limit)
    return [
        conn.execute(
            """SELECT e.key, e.body, p.title FROM entries e LEFT JOIN entries p ON p.id = e.parent
               WHERE e.id = ?""",
            (h.entry_id,),
        ).fetchone()
        for h in result.results
    ]


@pytest.mark.parametrize("query", ["deathtouch and trample", "trample deathtouch"])
def test_two_keywords_find_first_the_rules_where_they_meet(kb_conn, query):
    rows = _rows(kb_conn, query)
    sections = [title for _, _, title in rows[:2]]
    # one rule of each section, before any glossary entry or other rule
    assert sorted(t.split(". ", 1)[-1] for t in sections) == ["Deathtouch", "Trample"], [r[0] for r in rows]
    for key, body, _ in rows[:2]:
        # neither names the other keyword, nor only classifies its own: each says how damage is
        # assigned, in the words the two sections share
        assert "lethal damage" in body and "excess" in body, (key, body)
        assert "is a static ability" not in body


def test_without_the_meeting_step_they_were_below_the_definitions(kb_conn, monkeypatch):
    """The same question with the step turned off: the definitions and glossary entries first."""
    met = [r[0] for r in _rows(kb_conn, "deathtouch and trample")][:2]
    monkeypatch.setattr(search_answers, "meetings", lambda *a, **k: [])
    without = [r[0] for r in _rows(kb_conn, "deathtouch and trample", 10)]
    assert not set(met) & set(without[:3]), without


@pytest.mark.parametrize(
    "query",
    [
        "menace and deathtouch",  # only "Multiple instances ... are redundant" in common: no meeting
        "first strike and deathtouch",  # "combat", "damage", "dealt" are in 14 to 21 sections of 702
        "flying and reach",  # 702.9b names reach: bm25 finds it
        "first strike and double strike damage",  # 702.4b names first strike
    ],
)
def test_keywords_that_do_not_meet_or_meet_in_words_keep_their_order(kb_conn, monkeypatch, query):
    rows = [r[0] for r in _rows(kb_conn, query)]
    monkeypatch.setattr(search_answers, "meetings", lambda *a, **k: [])
    assert rows == [r[0] for r in _rows(kb_conn, query)]


def test_a_rule_worded_from_the_other_sections_template_is_not_where_they_meet(kb_conn):
    """Lifelink and infect meet where damage is dealt (702.15b, 702.90b), not in the sentence both
    sections print with their own keyword ("If an object changes zones before an effect causes it to
    deal damage, its last known information is used ..."), which shares the most rare words."""
    template = kb_conn.execute(
        """SELECT count(*) FROM entries e JOIN documents d ON d.id = e.document
           WHERE d.game = 'mtg' AND e.body LIKE '%last known information is used to determine whether it had%'
           AND (e.body LIKE '%lifelink%' OR e.body LIKE '%infect%')"""
    ).fetchone()[0]
    assert template >= 2
    rows = _rows(kb_conn, "lifelink and infect")
    assert sorted(t.split(". ", 1)[-1] for _, _, t in rows[:2]) == ["Infect", "Lifelink"], [r[0] for r in rows]
    assert all("last known information" not in body and "damage" in body.lower() for _, body, _ in rows[:2])
