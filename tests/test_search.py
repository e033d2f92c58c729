"""Searching rulings as a judge does (kb.search) on a KB built from the bundled sources.

The judge questions live in tests/judge_questions.toml (bench/search.py times the same ones):
each names the thread that must be among the first three results of the default search.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import sqlite3
import time
import tomllib
from pathlib import Path

import pytest

from kb.search import QueryError, find_cards, search, thread_changes
from kb.store import index_latest

QUESTIONS = tomllib.loads((Path(__file__).parent / "judge_questions.toml").read_text("utf-8"))["question"]
BAIT_FAQ = (
    "faq/my-opponent-has-14-aember-in-their-pool-and-i-have-0-in-mine-at-the-start-of-my-"
    "turn-i-select-shadows-as-the-active-house-and-play-the-card-bait-and-switch-how-many-"
    "times-does-bait-and-switch-trigger"
)
PHASE_SHIFT_FAQ = next(q["key"] for q in QUESTIONS if "Phase Shift" in q["query"])
ANGER_FAQS = {q["key"] for q in QUESTIONS if q["query"].startswith("Anger")}
THREAD_KEYS = {
    "entry_id",
    "key",
    "thread",
    "game",
    "version",
    "versions",
    "changed",
    "kind",
    "title",
    "question",
    "category",
    "snippet",
    "cards",
    "url",
    "score",
    "superseded_by",
    "answers",
}
CARD_KEYS = {
    "set",
    "number",
    "name",
    "house",
    "type",
    "text",
    "matched",
    "localized",
    "url",
    "errata",
    "rulings",
    "printings",
}


def top(res, n=3) -> list[tuple[str, str]]:
    return [(h.game, h.key) for h in res.results[:n]]


def latest(conn, game: str) -> str:
    return conn.execute(
        "SELECT version FROM documents WHERE game = ? ORDER BY version_sort DESC LIMIT 1", (game,)
    ).fetchone()[0]


# --------------------------------------------------------------------------------------------
# judge questions and fuzzy variants


def test_judge_question_file_covers_the_issue():
    queries = [q["query"] for q in QUESTIONS]
    assert len(queries) >= 20 and len(set(queries)) == len(queries)
    assert {"keyforge", "keeper-of-the-cards"} <= {q["game"] for q in QUESTIONS}
    assert "elusive first attack" in queries
    assert "what happens to amber on a creature that leaves play" in queries
    assert any("Phase Shift" in q and "first turn" in q for q in queries)


@pytest.mark.parametrize("q", QUESTIONS, ids=[q["query"][:40] for q in QUESTIONS])
def test_judge_question_in_top_three(kb_conn, q):
    assert kb_conn.execute(
        "SELECT 1 FROM entries e JOIN documents d ON d.id = e.document WHERE d.game = ? AND e.key = ?",
        (q["game"], q["key"]),
    ).fetchone(), q
    res = search(kb_conn, q["query"], game=q.get("filter_game"))
    assert (q["game"], q["key"]) in top(res), [h.key for h in res.results[:5]]


@pytest.mark.parametrize(
    "query, key",
    [
        ("bait n switch", BAIT_FAQ),
        ("bait & switch", BAIT_FAQ),
        ("Bait and Switch", BAIT_FAQ),
        ("elusiv", "glossary/elusive"),
        ("Phase-Shift first turn", PHASE_SHIFT_FAQ),
    ],
)
def test_variants_find_the_ruling(kb_conn, query, key):
    res = search(kb_conn, query)
    assert ("keyforge", key) in top(res), [h.key for h in res.results[:5]]


def test_bait_variants_name_the_card(kb_conn):
    for query in ("bait n switch", "bait & switch", "BAIT AND SWITCH"):
        cards = search(kb_conn, query).cards
        assert [(c.set, c.number, c.name, c.matched) for c in cards][0] == ("CotA", "267", "Bait and Switch", "name"), (
            query
        )


def test_german_card_name_finds_angers_rulings(kb_conn):
    res = search(kb_conn, "Zorn")
    assert res.cards[0].name == "Anger" and res.cards[0].matched == "localized"
    assert res.cards[0].localized == "Zorn" and (res.cards[0].set, res.cards[0].number) == ("CotA", "001")
    assert ANGER_FAQS and ANGER_FAQS <= {h.key for h in res.results[:3]}
    assert all(any(c["name"] == "Anger" for c in h.cards) for h in res.results)
    assert res.did_you_mean is None


def test_did_you_mean_on_typos(kb_conn):
    res = search(kb_conn, "tuant")
    assert res.did_you_mean == "taunt" and top(res, 1) == [("keyforge", "glossary/taunt")]
    assert search(kb_conn, "elusiv").did_you_mean == "elusive"
    assert search(kb_conn, "Poisen and armor").did_you_mean == "poison and armor"
    res = search(kb_conn, "jargogel destroyed")
    assert res.did_you_mean == "Jargogle destroyed" and res.cards[0].name == "Jargogle"
    assert res.cards[0].matched == "fuzzy"
    res = search(kb_conn, "phase shfit")
    assert res.did_you_mean == "Phase Shift"
    assert all(any(c["name"] == "Phase Shift" for c in h.cards) for h in res.results)


@pytest.mark.parametrize(
    "query", ["elusive first attack", "taunt", "attacking an elusive creature", "Zorn", "bait n switch"]
)
def test_no_did_you_mean_for_words_the_rulebooks_use(kb_conn, query):
    assert search(kb_conn, query).did_you_mean is None


# --------------------------------------------------------------------------------------------
# threads, versions and the changed mark


def test_one_result_per_thread_with_version_badges(kb_conn):
    res = search(kb_conn, "bait and switch", kind="faq", all_versions=True)
    assert [h.key for h in res.results] == [BAIT_FAQ] and res.total == 1
    hit = res.results[0]
    assert hit.versions == ["1.1", "1.2", "1.3", "16.0"] and hit.version == "16.0"
    assert hit.changed is True and hit.thread == f"keyforge:{BAIT_FAQ}"
    res = search(kb_conn, "bait and switch", kind="faq", version="1.2")
    assert [(h.version, h.versions) for h in res.results] == [("1.2", ["1.1", "1.2", "1.3", "16.0"])]
    wide = search(kb_conn, "creature damage", all_versions=True, limit=200)
    threads = [h.thread for h in wide.results]
    assert len(threads) == len(set(threads)) > 50


def test_changed_mark_ignores_quote_style(kb_conn):
    # the Bait and Switch answer changed from 7 triggers to 2 between 1.2 and 1.3; 1.1 -> 1.2 only
    # swapped ' for ’
    assert thread_changes(kb_conn, "keyforge:" + BAIT_FAQ) == ["1.3"]
    bodies = dict(
        kb_conn.execute(
            "SELECT d.version, e.body FROM entries e JOIN documents d ON d.id = e.document "
            "WHERE d.game = 'keyforge' AND e.key = 'glossary/capture'"
        )
    )
    assert bodies["1.1"] != bodies["1.2"] and bodies["1.1"].replace("'", "’") == bodies["1.2"]
    assert thread_changes(kb_conn, "keyforge:glossary/capture") == []
    hit = next(h for h in search(kb_conn, "capture").results if h.key == "glossary/capture")
    assert hit.changed is False and len(hit.versions) == 4


def test_default_searches_latest_versions_only(kb_conn):
    newest = {g: latest(kb_conn, g) for g in ("keyforge", "keeper-of-the-cards", "mtg")}
    res = search(kb_conn, "creature destroyed", limit=50)
    assert res.results and all(h.version == newest[h.game] for h in res.results)
    # a thread that the latest rulebook dropped is found only when searching all versions
    key, version, question = kb_conn.execute(
        """SELECT e.key, max(d.version_sort), e.question FROM entries e
           JOIN documents d ON d.id = e.document WHERE d.game = 'keyforge' AND e.kind = 'faq'
           AND e.key NOT IN (SELECT e2.key FROM entries e2 JOIN documents d2 ON d2.id = e2.document
                             WHERE d2.game = 'keyforge' AND d2.version = ?)
           GROUP BY e.key ORDER BY e.key LIMIT 1""",
        (newest["keyforge"],),
    ).fetchone()
    assert key not in {h.key for h in search(kb_conn, question, limit=50).results}
    res = search(kb_conn, question, all_versions=True)
    assert res.results[0].key == key and res.results[0].version != newest["keyforge"]


def test_filters(kb_conn):
    res = search(kb_conn, "destroy", game="keeper-of-the-cards")
    assert res.total > 0 and {h.game for h in res.results} == {"keeper-of-the-cards"}
    assert res.cards == []  # cards are KeyForge cards
    res = search(kb_conn, "elusive", version="1.1")
    assert res.total > 0 and {h.version for h in res.results} == {"1.1"}
    assert {h.version for h in search(kb_conn, "elusive", version="16").results} == {"16.0"}
    res = search(kb_conn, "creature", kind="glossary", limit=50)
    assert res.total > 5 and {h.kind for h in res.results} == {"glossary"}
    res = search(kb_conn, "play", category="First Turn Rule")
    assert res.total >= 2 and {h.category for h in res.results} == {"First Turn Rule"}
    assert search(kb_conn, "play", category="first turn rule").total == res.total
    assert search(kb_conn, "play", category="No Such Category").total == 0


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"kind": "spell"}, "unknown kind 'spell'"),
        ({"version": "9.9"}, "no version '9.9'"),
        ({"game": "keyforge", "version": "11"}, "of keyforge"),
        ({"limit": 0}, "limit"),
        ({"limit": 10_000}, "limit"),
        ({"offset": -1}, "offset"),
        ({"limit": "5"}, "limit"),
        ({"game": 3}, "game must be text"),
    ],
)
def test_bad_filters_raise_query_error(kb_conn, kwargs, words):
    with pytest.raises(QueryError) as err:
        search(kb_conn, "elusive", **kwargs)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_pagination_and_total(kb_conn):
    whole = search(kb_conn, "creature", limit=10)
    first, second = (search(kb_conn, "creature", limit=5, offset=o) for o in (0, 5))
    assert whole.total == first.total == second.total > 10
    assert [h.thread for h in first.results + second.results] == [h.thread for h in whole.results]
    beyond = search(kb_conn, "creature", offset=whole.total)
    assert beyond.results == [] and beyond.total == whole.total
    scores = [h.score for h in search(kb_conn, "creature", limit=50).results]
    assert scores == sorted(scores, reverse=True)


# --------------------------------------------------------------------------------------------
# result shape and snippets


def test_result_shape(kb_conn):
    res = search(kb_conn, "can I play another card on the first turn with Phase Shift")
    data = json.loads(json.dumps(res.as_dict()))
    assert set(data) == {
        "query",
        "total",
        "results",
        "did_you_mean",
        "cards",
        "version_query",
        "terms",
        "game_query",
        "game_inferred",
    }
    hit = data["results"][0]
    assert set(hit) == THREAD_KEYS and hit["key"] == PHASE_SHIFT_FAQ
    assert hit["url"] == f"/entries/{hit['entry_id']}" and hit["thread"] == f"keyforge:{hit['key']}"
    assert {"set": "CotA", "number": "117", "name": "Phase Shift"} in hit["cards"]
    assert hit["versions"] == ["1.1", "1.2", "1.3", "16.0"] and hit["category"] == "First Turn Rule"
    card = data["cards"][0]
    assert set(card) == CARD_KEYS and card["name"] == "Phase Shift" and card["url"] == "/cards/CotA/117"
    assert "<mark>Phase</mark>" in hit["snippet"]
    # the list the earlier search() returned: iterable hits with the same attributes
    assert len(res) == len(res.results) and next(iter(res)).question == hit["question"]


def _plain(snippet: str) -> list[str]:
    assert not re.search(r"<(?!/?mark>)", snippet) and ">" not in re.sub(r"</?mark>", "", snippet)
    text = html.unescape(re.sub(r"</?mark>", "", snippet))
    return [part.strip() for part in text.split("…") if part.strip()]


def test_snippets_are_text_from_the_entry(kb_conn):
    for query in (
        "elusive first attack",
        "what happens to amber on a creature that leaves play",
        "Zorn",
        "analyze æmber",
    ):
        for h in search(kb_conn, query, all_versions=True).results:
            body = " ".join(
                kb_conn.execute("SELECT body FROM entries WHERE id = ?", (h.entry_id,)).fetchone()[0].split()
            )
            assert h.snippet.count("<mark>") == h.snippet.count("</mark>")
            for part in _plain(h.snippet):
                assert part in body, (part, body[:200])


def _add_entry(path: Path, body: str, title: str = "Hostile Test Entry") -> None:
    conn = sqlite3.connect(path)
    doc = conn.execute(
        "SELECT id FROM documents WHERE game = 'keyforge' ORDER BY version_sort DESC LIMIT 1"
    ).fetchone()[0]
    conn.execute(
        "INSERT INTO entries (document, kind, key, title, body, ordinal) "
        "VALUES (?, 'rule', 'rule/hostile-test-entry', ?, ?, 9999)",
        (doc, title, body),
    )
    conn.execute("INSERT INTO entries_fts(entries_fts) VALUES ('rebuild')")
    index_latest(conn)  # the newest versions' index follows, as a build's does
    conn.commit()
    conn.close()


@pytest.mark.slow
def test_snippet_escapes_html_in_the_source(kb_copy):
    _add_entry(kb_copy, 'Zyxoquat <script>alert("x")</script> & <b>bold</b> zyxoquat\'s "end".')
    conn = sqlite3.connect(f"file:{kb_copy}?mode=ro", uri=True)
    hit = search(conn, "zyxoquat").results[0]
    assert hit.snippet == (
        "<mark>Zyxoquat</mark> &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; "
        "&amp; &lt;b&gt;bold&lt;/b&gt; <mark>zyxoquat</mark>&#x27;s &quot;end&quot;."
    )
    conn.close()


@pytest.mark.slow
def test_index_follows_a_rebuilt_kb(built_kb, tmp_path):
    path = tmp_path / "kb.sqlite"
    shutil.copyfile(built_kb, path)
    conn = sqlite3.connect(path)
    assert search(conn, "zyxoquat").total == 0
    # the KB changes under an open connection ...
    _add_entry(path, "A zyxoquat is never elusive.")
    res = search(conn, "zyxoquat")
    assert res.total == 1 and res.did_you_mean is None
    # ... and the file is replaced by a rebuild, as `rulebase build` does
    fresh = tmp_path / "fresh.sqlite"
    shutil.copyfile(built_kb, fresh)
    _add_entry(fresh, "Quuxifrage beats everything.", title="Quuxifrage")
    os.replace(fresh, path)
    conn.close()
    conn = sqlite3.connect(path)
    assert search(conn, "zyxoquat").total == 0
    assert [h.title for h in search(conn, "quuxifrage").results] == ["Quuxifrage"]
    conn.close()


# --------------------------------------------------------------------------------------------
# hostile input

HOSTILE = [
    '"unbalanced',
    "unbalanced'",
    "NEAR(elusive taunt)",
    "elusive NEAR/2 taunt",
    "*",
    "elusive*",
    "title:elusive",
    "{title body}: taunt",
    "-taunt",
    "^taunt",
    "(",
    ")",
    "AND OR NOT",
    "'; DROP TABLE entries; --",
    "Robert'); DROP TABLE cards;--",
    "1 OR 1=1",
    "%",
    "_",
    "\\",
    "x" * 10_000,
    "elusive " * 2_000,
    "a" * 300 + " taunt",
    "",
    "   ",
    "\t\n\r",
    "\x00",
    "taunt\x00elusive",
    "\x1btaunt\x7f\x9b",
    "\ud800taunt\udfff",
    "\u202etaunt\u200b",
    "😀 taunt",
    "中文",
    "<script>alert(1)</script>",
    "&amp;",
    None,
]


@pytest.mark.parametrize("query", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_queries_are_searched_as_text(kb_conn, query):
    started = time.perf_counter()
    res = search(kb_conn, query)
    assert time.perf_counter() - started < 2
    json.dumps(res.as_dict())
    assert len(res.query) <= 300 and not any(ord(c) < 32 or 0xD800 <= ord(c) <= 0xDFFF for c in res.query)
    if query is None or not query.strip("\x00\t\n\r "):
        assert res.total == 0 and res.results == [] and res.did_you_mean is None
    if query and "taunt" in query:
        assert ("keyforge", "glossary/taunt") in top(res, 5)


@pytest.mark.parametrize("value", [b"taunt", 42, ["taunt"]])
def test_query_that_is_not_text(kb_conn, value):
    with pytest.raises(QueryError):
        search(kb_conn, value)
    with pytest.raises(QueryError):
        find_cards(kb_conn, value)


@pytest.mark.parametrize("field", ["game", "version", "kind"])
@pytest.mark.parametrize("value", ["'; DROP TABLE entries; --", "\x00", "x" * 10_000, "\ud800", "*"])
def test_hostile_filters(kb_conn, field, value):
    with pytest.raises(QueryError) as err:
        search(kb_conn, "taunt", **{field: value})
    assert len(str(err.value)) < 200 and str(err.value).isprintable()


# --------------------------------------------------------------------------------------------
# cards


@pytest.mark.parametrize(
    "name, expected, matched",
    [
        ("Anger", ("CotA", "001", "Anger"), "name"),
        ("Zorn", ("CotA", "001", "Anger"), "localized"),
        ("怒火中烧", ("CotA", "001", "Anger"), "localized"),
        ("bait n switch", ("CotA", "267", "Bait and Switch"), "fuzzy"),
        ("phase shfit", ("CotA", "117", "Phase Shift"), "fuzzy"),
        ("Jargogel", ("AoA", "131", "Jargogle"), "fuzzy"),
        ("phase", ("CotA", "117", "Phase Shift"), "name"),
    ],
)
def test_find_cards(kb_conn, name, expected, matched):
    hits = find_cards(kb_conn, name, limit=5)
    assert (hits[0].set, hits[0].number, hits[0].name) == expected and hits[0].matched == matched
    assert len(hits) <= 5 and set(hits[0].as_dict()) == CARD_KEYS
    assert hits[0].url == f"/cards/{expected[0]}/{expected[1]}"
    if matched == "localized":
        assert hits[0].localized == name


def test_find_cards_lists_every_printing_and_nothing_for_noise(kb_conn):
    assert [(c.set, c.number) for c in find_cards(kb_conn, "Phase Shift")[:3]] == [
        ("CotA", "117"),
        ("DT", "057"),
        ("VM25", "119"),
    ]
    assert find_cards(kb_conn, "") == [] and find_cards(kb_conn, "  \x00 ") == []
    assert find_cards(kb_conn, "qqqqqzzzzzxxxx") == []
    assert len(find_cards(kb_conn, "x" * 10_000)) <= 10


def test_a_renamed_entry_is_one_result_with_its_old_versions(kb_conn):
    """CONTROL (1.x) became CONTROL AND OWNERSHIP in 16.0: the aligned thread is one result whose
    badges include the 1.x versions, under the thread id of its oldest entry."""
    hits = search(kb_conn, "control and ownership", kind="glossary").results
    hit = next(h for h in hits if h.title and h.title.upper() == "CONTROL AND OWNERSHIP")
    assert hit.thread == "keyforge:glossary/control" and hit.version == "16.0"
    assert hit.versions[:3] == ["1.1", "1.2", "1.3"] and hit.changed
    every = search(kb_conn, "control", kind="glossary", all_versions=True, limit=50).results
    assert sum(h.thread == "keyforge:glossary/control" for h in every) == 1


def test_a_card_result_carries_its_errata_by_version_and_the_rulings_naming_it(kb_conn):
    card = next(c for c in search(kb_conn, "bait and switch").cards if c.name == "Bait and Switch")
    assert card.set == "CotA"  # the earliest printing stands for its reprints
    stored = kb_conn.execute(
        """SELECT d.version, ce.text FROM card_errata ce JOIN documents d ON d.id = ce.document
           JOIN cards c ON c.id = ce.card WHERE c.name = 'Bait and Switch' ORDER BY d.version_sort"""
    ).fetchall()
    assert [(e["version"], e["text"]) for e in card.errata] == stored and len(stored) == 2
    faq = [r for r in card.rulings if r["kind"] == "faq"]
    assert faq and faq[0]["versions"] == ["1.1", "1.2", "1.3", "16.0"] and "trigger" in faq[0]["title"]


# --------------------------------------------------------------------------------------------
# memory: the index holds each distinct text once, whatever the number of versions


def test_the_index_holds_each_distinct_text_once(kb_conn):
    """Most of a rulebook is reprinted unchanged from one version to the next (the test KB's three
    Comprehensive Rules versions share most of their text): the search index keeps words and stems
    per distinct text and only a few small integers per entry."""
    from kb.fuzzy import index_for

    index = index_for(kb_conn)
    entries, texts = kb_conn.execute(
        "SELECT count(*), count(DISTINCT quote(title) || quote(question) || quote(body)) FROM entries"
    ).fetchone()
    assert index.n_texts == texts == len(index.corpus.text_stems)
    mtg = kb_conn.execute("""SELECT count(*), count(DISTINCT quote(e.title) || quote(e.question) || quote(e.body))
                             FROM entries e JOIN documents d ON d.id = e.document WHERE d.game = 'mtg'""").fetchone()
    assert mtg[1] < 0.6 * mtg[0]
    corpus = index.corpus
    per_entry = [corpus.entry_doc, corpus.entry_kind, corpus.entry_cat, corpus.entry_thread, corpus.entry_text]
    assert all(len(a) > kb_conn.execute("SELECT max(id) FROM entries").fetchone()[0] for a in per_entry)
    assert sum(a.itemsize for a in per_entry) <= 16


def test_a_broad_search_counts_and_pages_every_match_beyond_those_scored_in_full(kb_conn):
    """Only the best bm25 matches are scored in full (kb.search_rank.SCORED); the others still count
    and page, each thread once, after them."""
    from kb.search_rank import SCORED

    first = search(kb_conn, "card creature play turn", limit=50)
    assert first.total > SCORED + 50, first.total
    seen: list[str] = []
    for offset in range(0, SCORED + 100, 50):
        seen += [h.thread for h in search(kb_conn, "card creature play turn", limit=50, offset=offset).results]
    assert len(seen) == SCORED + 100 and len(set(seen)) == len(seen)
    scores = [h.score for h in first.results]
    assert scores == sorted(scores, reverse=True)


def test_reprints_of_a_card_share_one_tile(kb_conn):
    """A phone's first screen shows the ruling, not three tiles of one card: Phase Shift's reprints
    are listed in its tile."""
    cards = search(kb_conn, "can I play another card on the first turn with phase shift").cards
    assert [c.name for c in cards].count("Phase Shift") == 1
    tile = next(c for c in cards if c.name == "Phase Shift")
    assert (tile.set, tile.number) == ("CotA", "117")
    assert [(p["set"], p["number"]) for p in tile.printings][:2] == [("DT", "057"), ("VM25", "119")]
