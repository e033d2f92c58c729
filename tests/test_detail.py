"""The data behind the entry, card and version pages, read from a KB built from the bundled sources."""

from __future__ import annotations

import sqlite3

import pytest

from kb.card_detail import card_by_id, card_detail
from kb.entry_detail import entry_detail
from kb.stats import rulings_stats
from kb.textdiff import has_changes, word_keys
from kb.versions_overview import versions_overview

from conftest import page

BAIT_QUESTION = "My opponent has 14 Æmber in their pool and I have 0 in mine%"


def changes(ops):
    return [(op["op"], op["text"]) for op in ops if op["op"] != "equal"]


def faq_entry(conn, question_like: str, version: str) -> int:
    return conn.execute(
        """SELECT e.id FROM entries e JOIN documents d ON d.id = e.document
           WHERE e.kind = 'faq' AND e.question LIKE ? AND d.game = 'keyforge' AND d.version = ?""",
        (question_like, version),
    ).fetchone()[0]


# --- entry page -------------------------------------------------------------------------------


def test_bait_and_switch_history_shows_the_answer_changing_from_7_to_2(kb_conn):
    page = entry_detail(kb_conn, faq_entry(kb_conn, BAIT_QUESTION, "1.3"))
    assert page["kind"] == "faq" and page["version"] == "1.3" and page["game_name"] == "KeyForge"
    assert page["document"]["version"] == "1.3" and page["document"]["title"]
    history = page["history"]
    assert [h["version"] for h in history] == ["1.1", "1.2", "1.3", "16.0"] == page["versions"]
    assert [h["current"] for h in history] == [False, False, True, False]
    assert history[0]["diff"] is None and history[0]["changed"] is False
    # 1.2 only switched to curly apostrophes: no change to show
    assert not has_changes(history[1]["diff"]) and history[1]["changed"] is False
    # 1.3: "triggered 7 times" became "triggered 2 times"
    ops = history[2]["diff"]
    assert history[2]["changed"] is True
    i = ops.index({"op": "delete", "text": "7"})
    assert ops[i - 1]["op"] == "equal" and ops[i - 1]["text"].endswith("will be triggered ")
    assert ops[i + 1] == {"op": "insert", "text": "2"}
    assert ops[i + 2]["op"] == "equal" and ops[i + 2]["text"].startswith(" times")
    assert "7 and 7" in "".join(t for op, t in changes(ops) if op == "delete")
    for prev, h in zip(history, history[1:]):  # each diff turns the previous version into this one
        assert word_keys("".join(o["text"] for o in h["diff"] if o["op"] != "insert")) == word_keys(prev["body"])
        assert word_keys("".join(o["text"] for o in h["diff"] if o["op"] != "delete")) == word_keys(h["body"])
    # 16.0 wrote the set code differently in the question ("(CoTA 267)" -> "267"): formatting, so
    # neither the answer nor the question shows a change
    assert "(CoTA 267)" in history[2]["question"] and "(CoTA 267)" not in history[3]["question"]
    assert not has_changes(history[3]["diff"]) and not has_changes(history[3]["question_diff"])


def test_every_entry_of_a_thread_shows_the_same_history(kb_conn):
    pages = [entry_detail(kb_conn, faq_entry(kb_conn, BAIT_QUESTION, v)) for v in ("1.1", "16.0")]
    strip = [[{k: v for k, v in h.items() if k != "current"} for h in p["history"]] for p in pages]
    assert strip[0] == strip[1]
    assert pages[0]["thread"] == pages[1]["thread"] and pages[0]["thread"].startswith("keyforge:faq/")


def test_replayed_faq_lists_its_scenario_results_per_version(kb_conn):
    eid = faq_entry(kb_conn, BAIT_QUESTION, "1.3")
    page = entry_detail(kb_conn, eid)
    by_id = {s["id"]: s for s in page["scenarios"]}
    stored = kb_conn.execute(
        """SELECT v.scenario, v.version, v.passed, v.error FROM verifications v
           JOIN documents d ON d.version = v.version AND d.game = 'keyforge'
           WHERE v.scenario IN (SELECT scenario FROM scenario_entries WHERE entry = ?)
           ORDER BY v.scenario, d.version_sort""",
        (eid,),
    ).fetchall()
    assert stored and set(by_id) == {s for s, *_ in stored}
    assert [(s, r["version"], r["passed"], r["error"]) for s in by_id for r in by_id[s]["versions"]] == [
        (s, v, bool(p), e) for s, v, p, e in stored
    ]
    scenario = by_id["bait-and-switch-14-amber"]
    assert scenario["title"] and "preceding effect" in scenario["note"]
    assert "1.3" in page["verified_versions"] and "1.1" in page["verified_versions"]
    assert page["cards"] == [
        {
            "set": "CotA",
            "number": "267",
            "name": "Bait and Switch",
            "mention": "Bait and Switch (CoTA 267)",
            "url": "/cards/CotA/267",
        }
    ]


def test_an_entry_no_scenario_replays_has_no_results(kb_conn):
    eid = kb_conn.execute("""SELECT e.id FROM entries e WHERE e.kind = 'glossary'
                             AND e.id NOT IN (SELECT entry FROM scenario_entries) LIMIT 1""").fetchone()[0]
    page = entry_detail(kb_conn, eid)
    assert page["verified_versions"] == []
    assert page["kind"] == "glossary" and page["question"] is None


def test_worked_examples_hang_under_their_rule_and_point_back(kb_conn):
    parent, n = kb_conn.execute(
        """SELECT parent, count(*) FROM entries WHERE kind = 'example' AND parent IS NOT NULL
           GROUP BY parent ORDER BY parent LIMIT 1"""
    ).fetchone()
    page = entry_detail(kb_conn, parent)
    assert len(page["examples"]) == n and all(ex["body"] for ex in page["examples"])
    example = entry_detail(kb_conn, page["examples"][0]["id"])
    assert example["kind"] == "example"
    assert example["parent"] == {
        "id": parent,
        "title": page["title"],
        "kind": page["kind"],
        "url": f"/entries/{parent}",
    }
    assert page["parent"] is None or page["parent"]["id"] != parent


def test_keeper_of_the_cards_errata_show_the_revision_as_a_diff(kb_conn):
    rows = kb_conn.execute(
        """SELECT e.id FROM entries e JOIN documents d ON d.id = e.document
           WHERE d.game = 'keeper-of-the-cards' AND e.kind = 'errata'"""
    ).fetchall()
    assert rows
    for (eid,) in rows:
        page = entry_detail(kb_conn, eid)
        assert page["game_name"] == "Keeper of the Cards"
        inserted = [t for op, t in changes(page["revision"]) if op == "insert"]
        deleted = [t for op, t in changes(page["revision"]) if op == "delete"]
        # the source marked these words up as <ins>/<del>: the diff finds the same ones
        assert [word_keys(t) for t in inserted] == [word_keys(t) for t in page["data"]["inserted"]]
        assert [word_keys(t) for t in deleted] == [word_keys(t) for t in page["data"]["deleted"]]
    assert entry_detail(kb_conn, faq_entry(kb_conn, BAIT_QUESTION, "1.3"))["revision"] is None


def test_conflict_marks_are_passed_through(kb_conn):
    eid, reason = kb_conn.execute("SELECT id, conflict_reason FROM entries WHERE conflict = 1 LIMIT 1").fetchone()
    page = entry_detail(kb_conn, eid)
    assert page["conflict"] is True and page["conflict_reason"] == reason
    assert [h["conflict"] for h in page["history"] if h["entry_id"] == eid] == [True]
    calm = entry_detail(kb_conn, faq_entry(kb_conn, BAIT_QUESTION, "1.3"))
    assert calm["conflict"] is False and calm["conflict_reason"] is None


def test_needs_review_marks_are_passed_through(kb_copy):
    conn = sqlite3.connect(kb_copy)
    eid = faq_entry(conn, BAIT_QUESTION, "16.0")
    assert entry_detail(conn, eid)["needs_review"] is False
    conn.execute(
        "UPDATE entries SET needs_review = 1, review_reason = 'answer split across columns', "
        "confidence = 0.5 WHERE id = ?",
        (eid,),
    )
    page = entry_detail(conn, eid)
    assert page["needs_review"] is True and page["review_reason"] == "answer split across columns"
    assert page["confidence"] == 0.5 and page["history"][-1]["needs_review"] is True
    conn.close()


@pytest.mark.parametrize("bad", [10**9, -1, 0, 2**70, "abc", "", "1; DROP TABLE entries", None, 1.5, True, "１２"])
def test_unknown_entry_ids_give_none(kb_conn, bad):
    assert entry_detail(kb_conn, bad) is None


def test_entry_id_as_url_text(kb_conn):
    eid = faq_entry(kb_conn, BAIT_QUESTION, "1.2")
    assert entry_detail(kb_conn, str(eid)) == entry_detail(kb_conn, eid)


# --- card page --------------------------------------------------------------------------------


def test_bait_and_switch_card_shows_its_errata_and_the_faq(kb_conn):
    card = card_detail(kb_conn, "CotA", "267")
    assert (card["name"], card["set"], card["number"], card["url"]) == (
        "Bait and Switch",
        "CotA",
        "267",
        "/cards/CotA/267",
    )
    assert "this card's effect" in card["text"] and card["localized_names"]["de"] == "Köder"
    assert isinstance(card["traits"], list) and isinstance(card["keywords"], list)
    assert [e["version"] for e in card["errata"]] == ["1.3", "16.0"]
    first = card["errata"][0]
    assert "preceding effect" in first["text"]
    assert changes(first["diff"]) == [("delete", "this card's"), ("insert", "the preceding")]
    assert (
        entry_detail(kb_conn, first["entry_id"])["kind"] == "errata" and first["url"] == f"/entries/{first['entry_id']}"
    )
    faq = [e for e in card["entries"] if e["kind"] == "faq"]
    assert len(faq) == 1  # one item per thread, not one per version
    faq_page = entry_detail(kb_conn, faq[0]["entry_id"])
    assert faq[0]["thread"] == faq_page["thread"] and faq[0]["versions"] == ["1.1", "1.2", "1.3", "16.0"]
    assert faq[0]["version"] == "16.0" and "Bait and Switch" in faq[0]["question"]


@pytest.mark.parametrize("set_code,number", [("cota", "267"), ("COTA", 267), ("CotA", "0267"), (" CotA ", " 267 ")])
def test_card_lookup_ignores_set_case_and_number_padding(kb_conn, set_code, number):
    assert card_detail(kb_conn, set_code, number)["name"] == "Bait and Switch"


def test_card_number_as_int_matches_the_printed_zero_padded_number(kb_conn):
    set_code, number, name = kb_conn.execute(
        "SELECT set_code, number, name FROM cards WHERE number GLOB '00[1-9]' LIMIT 1"
    ).fetchone()
    card = card_detail(kb_conn, set_code.lower(), int(number))
    assert (card["name"], card["number"]) == (name, number)
    assert card_by_id(kb_conn, card["id"]) == card


def test_a_reprint_with_the_old_text_shows_the_errata_and_a_reworded_one_does_not(kb_conn):
    """Errata are issued against one printing; a reprint keeping the printed text needs them, a
    reprint printing other words (Library Access MG2024 already says "Purge Library Access") does not."""
    rows = kb_conn.execute(
        """SELECT c.id, c.text, r.id, r.text, d.version FROM card_errata ce
           JOIN cards c ON c.id = ce.card JOIN documents d ON d.id = ce.document
           JOIN cards r ON r.name = c.name AND r.id != c.id"""
    ).fetchall()
    seen_same = seen_reworded = False
    for issued_for, printed, reprint, reprinted, version in rows:
        errata = [e for e in card_by_id(kb_conn, reprint)["errata"] if e["version"] == version]
        if printed == reprinted:
            seen_same = True
            assert len(errata) == 1 and errata[0]["printing"]["url"] == card_by_id(kb_conn, issued_for)["url"]
        elif word_keys(printed) != word_keys(reprinted):
            seen_reworded = True
            assert errata == []
    assert seen_same and seen_reworded
    library_access = card_detail(kb_conn, "MG2024", "317")
    assert "Purge Library Access" in library_access["text"] and library_access["errata"] == []


def test_rulings_naming_a_card_show_on_every_printing(kb_conn):
    name = "Library Access"
    printings = [
        card_detail(kb_conn, s, n)
        for s, n in kb_conn.execute("SELECT set_code, number FROM cards WHERE name = ?", (name,))
    ]
    assert len(printings) > 1
    threads = [{e["thread"] for e in p["entries"]} for p in printings]
    assert threads[0] and all(t == threads[0] for t in threads)
    assert all(len(p["printings"]) == len(printings) - 1 for p in printings)


@pytest.mark.parametrize(
    "set_code,number",
    [
        ("CotA", "9999"),
        ("XYZ", "1"),
        ("", "1"),
        ("CotA", ""),
        ("CotA", None),
        (None, "267"),
        ("CotA", "1" * 40),
        ("CotA", 10**30),
        ("CotA", "267'; --"),
        ("CotA", True),
    ],
)
def test_unknown_cards_give_none(kb_conn, set_code, number):
    assert card_detail(kb_conn, set_code, number) is None


def test_unknown_card_ids_give_none(kb_conn):
    assert (
        card_by_id(kb_conn, 10**9) is None and card_by_id(kb_conn, "1") is None and card_by_id(kb_conn, 2**70) is None
    )


# --- version page ------------------------------------------------------------------------------


def test_versions_overview_lists_each_game_and_version_with_counts(kb_conn):
    games = versions_overview(kb_conn)["games"]
    docs = kb_conn.execute("SELECT game, version FROM documents ORDER BY game, version_sort").fetchall()
    assert sorted((g["game"], v["version"]) for g in games for v in g["versions"]) == sorted(docs)
    keyforge = next(g for g in games if g["game"] == "keyforge")
    assert keyforge["name"] == "KeyForge"
    assert [v["version"] for v in keyforge["versions"]] == [v for g, v in docs if g == "keyforge"]
    v13 = next(v for v in keyforge["versions"] if v["version"] == "1.3")
    assert v13["date"] and v13["format"] and v13["title"]
    assert v13["counts"] == dict(
        kb_conn.execute(
            """SELECT kind, count(*) FROM entries JOIN documents d ON d.id = entries.document
           WHERE d.game = 'keyforge' AND d.version = '1.3' GROUP BY kind"""
        ).fetchall()
    )
    assert v13["entries"] == sum(v13["counts"].values()) and v13["card_errata"] > 0
    assert v13["scenarios"] > 0
    totals = rulings_stats(kb_conn)["verifications"]
    assert sum(v["verifications"]["passed"] for g in games for v in g["versions"]) == totals["passed"]
    assert sum(v["verifications"]["failed"] for g in games for v in g["versions"]) == totals["failed"]


def test_a_cards_printed_text_is_never_in_force_under_a_rulebook_older_than_the_card(kb_conn):
    """A later set's card is in force from the rulebook current when its set came out (data/sets.toml),
    not under the versions before: no Dark Tidings card 'in force under KeyForge 1.1, 2018'."""
    from kb.card_sets import released

    dated = {v: d for v, d in kb_conn.execute("SELECT version, date FROM documents WHERE game = 'keyforge'") if d}
    for set_code in ("CotA", "DT", "WoE"):
        number = kb_conn.execute("SELECT min(number) FROM cards WHERE set_code = ?", (set_code,)).fetchone()[0]
        card = card_detail(kb_conn, set_code, number)
        out = released(set_code)
        shown = [v["version"] for v in card["versions"]]
        # every version left out is older than the card, and a newer one was out when it came out
        assert all(dated[v["version"]] <= out for v in card["predates"]), (set_code, card["predates"])
        assert shown and all(v not in shown for v in (p["version"] for p in card["predates"]))
        assert set(card["printed_in_force_under"]) <= set(shown)
        # the first version shown is the one current at the release: the next one is newer than the set
        if len(shown) > 1:
            assert dated[shown[1]] > out
    assert card_detail(
        kb_conn, "DT", kb_conn.execute("SELECT min(number) FROM cards WHERE set_code='DT'").fetchone()[0]
    )["predates"]


def test_the_card_page_says_which_rulebooks_predate_the_card(client, kb_conn):
    number = kb_conn.execute("SELECT min(number) FROM cards WHERE set_code = 'WoE'").fetchone()[0]
    html = page(client, f"/cards/WoE/{number}")
    printed = html.split('id="printed-in-force"')[1].split("</p>")[0]
    assert "1.1" not in printed.split("The set came out")[0]
    assert "The set came out in 2023-06, after" in printed
