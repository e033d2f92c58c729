"""The layout of ``/changes`` that keeps a long changelog readable, through Flask's test client on
the KB the tests build (KeyForge 1.1, 1.2, 1.3 and 16.0).

What a judge notices: the entries whose meaning changed come first and open; those whose meaning
did not change (formatting, punctuation, page references, renamed terms) are folded into one closed
group whose summary counts them and names a few; an entry with many changes of meaning shows the
first few; each section shows one page of its entries while the counts at the top are the whole
changelog's; numbered steps and bullets stay lists in the word diffs; a renamed entry's heading is
the word diff of its titles; each outcome table comes with the setup the engine replayed, in
"you" / "your opponent" words. Expected values come from ``kb.changelog.changelog``, the KB's texts
and the KB's scenario files, never from numbers written in the test.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
import yaml
from bs4 import BeautifulSoup

from api.changes_page import PAGE_SIZES, SHOWN_MEANING_CHANGES
from api.changes_setup import describe
from conftest import page
from kb.changelog import changelog
from kb.textdiff import diff_blocks, punctuation_only, word_diff, word_diff_lines, word_keys

URL = "/changes?game=keyforge&from={}&to={}"
#: a line of a rule text that is a numbered step or a bullet
STEP = re.compile(r"^\s*(\d{1,3}[.)]|[-\u2022*])\s")


def soup(html: str) -> BeautifulSoup:
    return BeautifulSoup(html, "html.parser")


def keyforge_versions(conn) -> list[str]:
    return [v for (v,) in conn.execute("SELECT version FROM documents WHERE game = 'keyforge' ORDER BY version_sort")]


def entry_id(link) -> int:
    return int(link["href"].rsplit("/", 1)[1])


def words(text: str) -> str:
    return " ".join(text.split())


def steps(text: str | None) -> list[str]:
    """The numbered steps and bullets of a text, one per line, whitespace normalised."""
    return [words(line) for line in (text or "").splitlines() if STEP.match(line)]


def same(a: list[str], b: list[str]) -> bool:
    """Two lists of texts that differ at most in formatting (a diff writes the words both versions
    share as the newer one prints them: curly or straight quotes, … or ...)."""
    return [word_keys(x) for x in a] == [word_keys(x) for x in b]


def all_pages(client, url: str, section_id: str) -> list:
    """A section of the page over all its pages (each section has its own pager)."""
    out = []
    while url:
        part = soup(page(client, url)).find("section", id=section_id)
        out.append(part)
        nxt = part.find("a", rel="next")
        url = unescape(nxt["href"]).split("#")[0] if nxt else None
    return out


@pytest.mark.slow
def test_what_did_not_change_meaning_is_folded(client, kb_conn):
    log = changelog(kb_conn, "keyforge", "1.3", "16.0")
    on_page = log["changed"][: PAGE_SIZES["changed"]]
    same = [x for x in on_page if not x["meaning"]]
    assert same and len(same) < len(on_page), "the KB's 1.3 -> 16.0 has both kinds of change"
    changed = soup(page(client, URL.format("1.3", "16.0"))).find("section", id="changed")
    folded = changed.find("details", id="changed-folded")
    assert folded is not None and not folded.has_attr("open"), "one closed group"
    inside = [entry_id(a) for a in folded.select("article.change-item h3 a")]
    outside = [a for a in changed.select("article.change-item") if a.find_parent("details") is None]
    assert inside == [x["to_entry"] for x in same]
    assert [entry_id(a.select_one("h3 a")) for a in outside] == [x["to_entry"] for x in on_page if x["meaning"]]
    summary = words(folded.find("summary").get_text(" "))
    assert summary.startswith(f"{len(same)} entries")
    assert all(x["title"] in summary for x in same[:3]), "the summary names a few of them"
    punctuation = sum(punctuation_only(x["diff"]) and not x["question_diff"] for x in same)
    assert punctuation and f"({punctuation} only that)" in summary
    assert len(folded.select(".change-item .badge")) >= len(same)
    assert len([b for b in folded.select(".badge") if b.get_text() == "punctuation only"]) == punctuation
    # a change of meaning shown in full under Ruling changes is one line here: a link, no diff
    for article in outside:
        assert article.find(class_="diff-block") is None
        assert (
            article.find("a", string=re.compile("^Its changes of meaning"))["href"].split("#")[1].startswith("ruling-")
        )
    # the unchanged entries are counted, not listed
    assert f"{log['unchanged']} entries are unchanged" in words(changed.get_text(" "))


@pytest.mark.slow
def test_an_entry_with_many_changes_of_meaning_shows_the_first_few(client, kb_conn):
    log = changelog(kb_conn, "keyforge", "1.3", "16.0")
    many = [r for r in log["ruling_changes"] if len(r["changes"]) > SHOWN_MEANING_CHANGES]
    assert many, "the KB has an entry rewritten in many places"
    articles = [
        a
        for part in all_pages(client, URL.format("1.3", "16.0"), "ruling-changes")
        for a in part.select("article.ruling-change")
    ]
    assert [a["id"] for a in articles] == [f"ruling-{n}" for n in range(1, len(log["ruling_changes"]) + 1)]
    for article, r in zip(articles, log["ruling_changes"]):
        shown = [li for li in article.select("li.meaning-change") if li.find_parent("details") is None]
        folded = article.select("details.more-changes li.meaning-change")
        assert len(shown) == min(len(r["changes"]), SHOWN_MEANING_CHANGES)
        assert [li["data-kind"] for li in shown + folded] == [c["kind"] for c in r["changes"]]
        if folded:
            summary = article.select_one("details.more-changes > summary").get_text()
            assert summary.startswith(f"{len(folded)} more change")


@pytest.mark.slow
@pytest.mark.parametrize("pair", [("1.3", "16.0"), ("1.1", "16.0"), ("16.0", "1.1")])
def test_each_section_shows_one_page_and_the_counts_stay_whole(client, kb_conn, pair):
    log = changelog(kb_conn, "keyforge", *pair)
    doc = soup(page(client, URL.format(*pair)))
    items = {
        "ruling_changes": "article.ruling-change",
        "renamed": "article.change-item",
        "changed": "article.change-item",
        "added": "li",
        "removed": "li",
        "renumbered": "li",
        "terminology": "ul.terminology > li",
        "needs_review": "li",
    }
    for name, size in PAGE_SIZES.items():
        section = doc.find("section", id=name.replace("_", "-"))
        assert len(section.select(items[name])) == min(len(log[name]), size), name
        count = doc.select_one(f'#summary a[data-count="{name}"] strong')
        assert count.get_text() == str(len(log[name])), name
        pager = section.find("nav", attrs={"data-section": name})
        assert (pager is not None) == (len(log[name]) > size), name


@pytest.mark.slow
def test_numbered_steps_stay_lists_in_the_diffs(client, kb_conn):
    """Every rule text with numbered steps or bullets, on every page of every pair of versions:
    the new text's column of a side-by-side diff lists them as list items, one per line, in order;
    the inline diff of a changed entry lists each step the new text has."""
    checked = 0
    versions = keyforge_versions(kb_conn)
    texts = dict(kb_conn.execute("SELECT id, body FROM entries"))
    for old, new in zip(versions, versions[1:]):
        log = changelog(kb_conn, "keyforge", old, new)
        articles = [
            a
            for part in all_pages(client, URL.format(old, new), "ruling-changes")
            for a in part.select("article.ruling-change")
        ]
        assert len(articles) == len(log["ruling_changes"])
        for article, r in zip(articles, log["ruling_changes"]):
            columns = article.select("details.whole-text .sbs-col")
            assert len(columns) == 2
            for column, text in zip(columns, (r["from_answer"], r["to_answer"])):
                listed = [words(li.get_text()) for li in column.select("ol.diff-list > li, ul.diff-list > li")]
                assert same(listed, steps(text)), r["title"]
                checked += bool(listed)
        for article in soup(page(client, URL.format(old, new))).select("#changed article.change-item"):
            x = next(x for x in log["changed"] if x["to_entry"] == entry_id(article.select_one("h3 a")))
            if x["meaning"] or not steps(texts[x["to_entry"]]):
                continue
            items = article.select(".diff-blocks .diff-list > li")
            new_side = [
                words("".join(str(s) for s in li.find_all(string=True) if s.parent.name != "del")) for li in items
            ]
            assert same([s for s in new_side if s], steps(texts[x["to_entry"]])), x["title"]
            checked += 1
    assert checked >= 3, "the KB's rulebooks have numbered steps"


def test_diff_blocks_keep_steps_and_change_nothing_else():
    old = "To set up the game:\n\n1. Shuffle your deck.\n2. Draw six cards.\n\nThen play."
    new = "To set up the game:\n\n1. Shuffle your deck.\n2. Draw seven cards.\n3. Gain 1 Æmber.\n\nThen play."
    blocks = diff_blocks(word_diff_lines(old, new))
    assert [b["type"] for b in blocks] == ["p", "ol", "p"]
    items = blocks[1]["items"]
    assert ["".join(o["text"] for o in i if o["op"] != "delete") for i in items] == [
        "1. Shuffle your deck.",
        "2. Draw seven cards.",
        "3. Gain 1 Æmber.",
    ]
    assert not any(c.isalnum() for o in items[2] if o["op"] == "equal" for c in o["text"]), (
        "every word of a step only the new text has is inserted"
    )
    assert [o["op"] for o in items[1] if "six" in o["text"] or "seven" in o["text"]] == ["delete", "insert"]
    for side, text, dropped in (("old", old, "insert"), ("new", new, "delete")):
        sides = diff_blocks(word_diff_lines(old, new, side=side), side)
        assert all(o["op"] != dropped for b in sides for ops in b.get("items", [b.get("ops")]) for o in ops)
        assert [len(b["items"]) for b in sides if b["type"] == "ol"] == [len(steps(text))]
    bullets = diff_blocks(word_diff_lines("Counters:\n- Doom\n- Stun", "Counters:\n- Doom\n- Ward"))
    assert [b["type"] for b in bullets] == ["p", "ul"]
    # a text without steps: exactly the word diff every other page draws
    plain_old, plain_new = (
        "Each player draws\nsix cards.\n\nThe first player draws one.",
        "Each player draws seven cards.",
    )
    assert diff_blocks(word_diff_lines(plain_old, plain_new)) == [{"type": "p", "ops": word_diff(plain_old, plain_new)}]


@pytest.mark.slow
def test_diff_blocks_on_every_changed_entry_of_the_kb(kb_conn):
    """On the KB's own texts: each side's blocks give back that side's text (up to whitespace) with
    its steps as list items, and a text pair without steps is drawn exactly as ``word_diff``."""
    texts = dict(kb_conn.execute("SELECT id, body FROM entries"))
    versions = keyforge_versions(kb_conn)
    pairs = {
        (x["from_entry"], x["to_entry"])
        for old, new in zip(versions, versions[1:])
        for x in changelog(kb_conn, "keyforge", old, new)["changed"]
    }
    assert len(pairs) > 50
    with_steps = 0
    for a, b in sorted(pairs):
        ops = word_diff_lines(texts[a], texts[b])
        for side, text in (("old", texts[a]), ("new", texts[b])):
            blocks = diff_blocks(word_diff_lines(texts[a], texts[b], side=side), side)
            parts = ["".join(o["text"] for o in run) for blk in blocks for run in blk.get("items", [blk.get("ops")])]
            assert words(" ".join(parts)) == words(text), (a, b, side)
            listed = [words("".join(o["text"] for o in item)) for blk in blocks for item in blk.get("items", [])]
            assert listed == steps(text), (a, b, side)
        if steps(texts[a]) or steps(texts[b]):
            with_steps += 1
        else:
            assert diff_blocks(ops) == [{"type": "p", "ops": word_diff(texts[a], texts[b])}], (a, b)
    assert with_steps


@pytest.mark.slow
def test_renamed_headings_are_word_diffs_of_the_titles(client, kb_conn):
    versions = keyforge_versions(kb_conn)
    seen = 0
    for old, new in zip(versions, versions[1:]):
        log = changelog(kb_conn, "keyforge", old, new)
        section = soup(page(client, URL.format(old, new))).find("section", id="renamed")
        headings = section.select("h3.renamed-title")
        assert len(headings) == min(len(log["renamed"]), PAGE_SIZES["renamed"])
        for heading, x in zip(headings, log["renamed"]):
            ops = word_diff(x["from_title"], x["to_title"])
            assert [d.get_text() for d in heading.find_all("del")] == [o["text"] for o in ops if o["op"] == "delete"]
            assert [i.get_text() for i in heading.find_all("ins")] == [o["text"] for o in ops if o["op"] == "insert"]
            assert words(heading.get_text().replace("\n", " ")) == words("".join(o["text"] for o in ops))
            seen += 1
    assert seen


def _cards(value) -> list[str]:
    """Every card a setup names (a name, or a mapping's ``card``, with its upgrades)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [c for v in value for c in _cards(v)]
    if isinstance(value, dict) and "card" in value:
        return [str(value["card"])] + _cards(value.get("upgrades") or []) + _cards(value.get("beneath") or [])
    return []


def _setup_cards(setup: dict) -> list[str]:
    zones = ("hand", "battleline", "creatures", "artifacts", "deck", "discard", "archives", "purged")
    return [
        c
        for key, fields in setup.items()
        if isinstance(fields, dict)
        for zone in zones
        for c in _cards(fields.get(zone) or [])
    ]


def test_every_scenario_setup_reads_in_words(kb_conn):
    rows = kb_conn.execute("SELECT id, yaml FROM scenarios").fetchall()
    games = {g for (g,) in kb_conn.execute("SELECT DISTINCT game FROM scenarios")}
    assert len(rows) > 20 and len(games) > 1, "both games' scenarios"
    for sid, text in rows:
        raw = yaml.safe_load(text)
        lines = describe(raw.get("setup"), raw.get("actions"))
        said = " ".join(f"{line['who']}: {line['what']}" for line in lines)
        assert "player1" not in said and "player2" not in said, sid
        for player, who in (("player1", "You"), ("player2", "Your opponent")):
            if player in (raw.get("setup") or {}):
                assert who in [line["who"] for line in lines], sid
        for card in _setup_cards(raw.get("setup") or {}):
            assert card in said, (sid, card)
        if raw.get("actions"):
            assert lines[-1]["who"] == "Then", sid


@pytest.mark.slow
def test_each_outcome_table_comes_with_its_setup(client, kb_conn):
    shown = 0
    versions = keyforge_versions(kb_conn)
    for old, new in [(versions[0], versions[-1])] + list(zip(versions, versions[1:])):
        log = changelog(kb_conn, "keyforge", old, new)
        articles = [
            a
            for part in all_pages(client, URL.format(old, new), "ruling-changes")
            for a in part.select("article.ruling-change")
        ]
        for article, r in zip(articles, log["ruling_changes"]):
            outcome = article.select_one(".outcome")
            if not r["scenario"]:
                assert outcome is None
                continue
            raw = yaml.safe_load(
                kb_conn.execute("SELECT yaml FROM scenarios WHERE id = ?", (r["scenario"]["id"],)).fetchone()[0]
            )
            setup = outcome.select_one(".setup-lines")
            said = words(setup.get_text(" "))
            assert "player1" not in said and "player2" not in said
            whos = [dt.get_text() for dt in setup.select("dt")]
            assert whos == [line["who"] for line in describe(raw["setup"], raw.get("actions"))]
            for card in _setup_cards(raw["setup"]):
                assert card in said
            # the table beside it: each checked value under both versions, in words and as the path
            rows = outcome.select("table.outcome-table tbody tr")
            paths = list(
                dict.fromkeys(
                    [*(r["scenario"]["from"] or {}).get("outcome", {}), *(r["scenario"]["to"] or {}).get("outcome", {})]
                )
            )
            assert [row.select_one("code").get_text() for row in rows] == paths
            for row, path in zip(rows, paths):
                label = row.select_one("td").get_text(" ")
                if path.startswith("player1."):
                    assert label.startswith("your ") and not label.startswith("your opponent")
                elif path.startswith("player2."):
                    assert label.startswith("your opponent")
            shown += 1
    assert shown >= 3, "the KB replays several of the rulings that changed"
