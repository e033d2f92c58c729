"""The HTML pages through Flask's test client, on a KB built from the bundled sources.

What a reader would notice: the search form answers without JavaScript, text from the sources is
shown as text (never as markup), the entry page shows how a ruling changed across versions, the
card page shows its errata, and unknown ids get a 404 page. Expected values come from the KB and
the data functions, never from numbers written into the test.
"""

from __future__ import annotations

import json
import re
import sqlite3
from html import unescape
from urllib.parse import urlsplit

import pytest
from markupsafe import escape

from api import create_app
from conftest import page
from kb.entry_detail import entry_detail
from kb.search import search
from kb.textdiff import word_diff


def section(html: str, element_id: str) -> str:
    """The HTML of the <section id=...> of a page, nested sections included."""
    start = html.index(f'id="{element_id}"')
    depth = 1
    for tag in re.finditer(r"<(/?)section\b", html[start:]):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return html[start : start + tag.start()]
    raise AssertionError(f"section {element_id} is not closed")


def entry_links(html: str) -> list[int]:
    return [int(i) for i in re.findall(r'href="/entries/(\d+)"', html)]


# ------------------------------------------------------------------ search page


def test_search_form_works_without_javascript(client, kb_conn):
    html = page(client, "/")
    form = re.search(r'<form[^>]*id="search-form"[^>]*>', html).group(0)
    assert 'method="get"' in form and 'action="/"' in form
    for name in ("q", "game", "version", "kind", "category", "all"):
        assert f'name="{name}"' in html

    expected = search(kb_conn, "bait and switch", limit=10).as_dict()
    assert expected["results"], "the search backend finds nothing for a bundled card"
    html = page(client, "/?q=bait+and+switch")
    assert 'value="bait and switch"' in html  # the query stays in the box
    results = section(html, "results")
    assert [h["entry_id"] for h in expected["results"]] == entry_links(results[results.index('<ol class="hits"') :])
    count = re.search(r'id="result-count">\s*<strong>(\d+)</strong>', results)
    assert count and int(count.group(1)) == expected["total"]
    assert "<mark>" in results  # highlighted snippets


def test_filters_and_all_versions_reach_the_search(client, kb_conn):
    expected = search(kb_conn, "first turn", kind="faq", all_versions=True).as_dict()
    assert expected["results"]
    html = page(client, "/?q=first+turn&kind=faq&all=1")
    hits = re.findall(r'<li class="hit">.*?</li>\s*(?=<li class="hit">|</ol>)', html, re.S)
    assert len(hits) == len(expected["results"])
    assert all("kind-faq" in h for h in hits)
    assert re.search(r'<option value="faq" selected>', html)
    assert re.search(r'name="all" value="1" checked', html)
    assert "across all versions" in html
    # a thread seen in several versions shows a badge per version, its own highlighted
    multi = [h for h in expected["results"] if len(h["versions"]) > 1]
    assert multi
    badges = re.findall(r'badge-version( is-current)?"[^>]*>v([^<]+)<', html)
    assert any(current and v == multi[0]["version"] for current, v in badges)


def test_changed_threads_are_marked(client, kb_conn):
    result = search(kb_conn, "bait and switch", all_versions=True).as_dict()
    changed = [h for h in result["results"] if h["changed"]]
    assert changed, "the Bait and Switch answer changed between 1.2 and 1.3"
    html = page(client, "/?q=bait+and+switch&all=1")
    for hit in re.findall(r'<li class="hit">.*?</li>\s*(?=<li class="hit">|</ol>)', html, re.S):
        entry = entry_links(hit)[0]
        assert ("badge-changed" in hit) == any(h["entry_id"] == entry for h in changed)


def test_did_you_mean_and_card_results(client, kb_conn):
    result = search(kb_conn, "elusiv").as_dict()
    assert result["did_you_mean"]
    html = page(client, "/?q=elusiv")
    link = re.search(r'class="did-you-mean">.*?href="([^"]+)">([^<]+)</a>', html, re.S)
    assert link and unescape(link.group(2)) == result["did_you_mean"]
    assert page(client, unescape(link.group(1)))  # the suggestion is a working search

    cards = search(kb_conn, "Zorn").as_dict()["cards"]
    assert cards
    html = page(client, "/?q=Zorn")
    for card in cards:
        assert f'href="/cards/{card["set"]}/{card["number"]}"' in html


def test_results_fragment_and_paging(client, kb_conn):
    total = search(kb_conn, "creature").as_dict()["total"]
    assert total > 10
    fragment = page(client, "/search/results?q=creature")
    assert "<html" not in fragment and 'class="hits"' in fragment
    html = page(client, "/?q=creature")
    nxt = re.search(r'rel="next" href="([^"]+)"', html)
    assert nxt
    second = page(client, unescape(nxt.group(1)))
    assert set(entry_links(section(second, "results"))).isdisjoint(
        entry_links(section(html, "results")[section(html, "results").index("<ol") :])
    )


@pytest.mark.parametrize(
    "query",
    [
        '"unbalanced',
        "NEAR(elusive fight)",
        "*",
        "elusive) OR (1=1",
        "'; DROP TABLE entries; --",
        "x" * 10_000,
        "   ",
        "\x00\x07elusive\x1b",
        "ＥＬＵＳＩＶＥ",
        "&lt;script&gt;",
    ],
)
def test_hostile_queries_never_break_the_page(client, query):
    response = client.get("/", query_string={"q": query})
    assert response.status_code in (200, 400)
    html = response.get_data(as_text=True)
    assert "<script>" not in html.replace("<script src=", "")
    if response.status_code == 400:
        assert 'class="notice notice-error"' in html


def test_bad_filters_and_invalid_utf8_are_answered(client):
    for url in (
        "/?q=elusive&kind=nonsense",
        "/?q=elusive&game=nope",
        "/?q=elusive&offset=-5",
        "/?q=elusive&offset=abc",
        "/?q=%ff%fe",
        "/search/results?q=%C3%28",
    ):
        assert client.get(url).status_code in (200, 400), url


# ------------------------------------------------------------------ escaping


def test_special_characters_in_rule_text_are_escaped(client, kb_conn):
    """A real entry whose text holds <, > or & shows them as text, not as markup."""
    row = kb_conn.execute(
        """SELECT id, coalesce(title, '') || char(10) || coalesce(question, '') || char(10) || body
           FROM entries WHERE body GLOB '*[<>&]*' OR title GLOB '*[<>&]*' OR question GLOB '*[<>&]*'
           ORDER BY id LIMIT 1"""
    ).fetchone()
    assert row, "the bundled sources have text with <, > or &"
    entry_id, text = row
    html = page(client, f"/entries/{entry_id}")
    lines = [ln.strip() for ln in text.splitlines() if re.search(r"[<>&]", ln)]
    for line in lines:
        assert str(escape(line)) in html
        assert line not in html


def test_markup_in_a_source_is_shown_as_text(client, kb_copy):
    """Sources contain HTML: an entry whose text is markup must come out inert."""
    hostile = '<script>alert("x")</script> <img src=x onerror=alert(1)> Tom & Jerry'
    with sqlite3.connect(kb_copy) as conn:
        entry_id = conn.execute("SELECT min(id) FROM entries WHERE kind = 'faq'").fetchone()[0]
        conn.execute("UPDATE entries SET body = ?, question = ? WHERE id = ?", (hostile, hostile, entry_id))
    html = page(create_app(kb_copy).test_client(), f"/entries/{entry_id}")
    assert "<script>alert" not in html and "<img src=x" not in html
    assert str(escape(hostile)) in html


def test_card_symbols_are_rendered_not_injected(client, kb_conn):
    set_code, number, text = kb_conn.execute(
        "SELECT set_code, number, text FROM cards WHERE text LIKE '%<A>%' ORDER BY id LIMIT 1"
    ).fetchone()
    html = page(client, f"/cards/{set_code}/{number}")
    assert "<A>" not in html
    assert html.count('title="Æmber"') >= text.count("<A>")


# ------------------------------------------------------------------ entry page


def _changed_entry(conn) -> dict:
    """An entry of the KB whose thread's text changed from the version before it."""
    ids = [
        i
        for (i,) in conn.execute(
            """SELECT e.id FROM entries e JOIN documents d ON d.id = e.document
           WHERE e.kind = 'faq' ORDER BY d.version_sort DESC, e.id"""
        )
    ]
    for entry_id in ids:
        detail = entry_detail(conn, entry_id)
        if any(h["changed"] and any(op["op"] == "insert" for op in h["diff"]) for h in detail["history"]):
            return detail
    raise AssertionError("no FAQ answer changed between versions")


def test_entry_page_shows_text_document_and_history_diff(client, kb_conn):
    detail = _changed_entry(kb_conn)
    html = page(client, f"/entries/{detail['id']}")
    assert str(escape(detail["document"]["title"])) in html
    assert str(escape(detail["question"] or detail["title"])) in html
    history = section(html, "history")
    for item in detail["history"]:
        assert f"v{item['version']}" in history
    index = next(i for i, h in enumerate(detail["history"]) if h["changed"])
    before, changed = detail["history"][index - 1], detail["history"][index]
    ops = word_diff(before["body"], changed["body"])
    inserted = next(op["text"] for op in ops if op["op"] == "insert")
    assert f"<ins>{escape(inserted)}</ins>" in history
    deleted = [op["text"] for op in ops if op["op"] == "delete"]
    for text in deleted:
        assert f"<del>{escape(text)}</del>" in history
    # every other version of the thread is one click away
    for item in detail["history"]:
        if item["entry_id"] != detail["id"]:
            assert f'href="/entries/{item["entry_id"]}"' in history


def test_entry_page_links_cards_examples_and_marks(client, kb_conn):
    entry_id = kb_conn.execute("SELECT min(parent) FROM entries WHERE kind = 'example'").fetchone()
    detail = entry_detail(kb_conn, entry_id[0])
    html = page(client, f"/entries/{detail['id']}")
    for example in detail["examples"]:
        assert f'href="/entries/{example["id"]}"' in html
    named = kb_conn.execute("SELECT min(entry) FROM entry_cards").fetchone()[0]
    html = page(client, f"/entries/{named}")
    for card in entry_detail(kb_conn, named)["cards"]:
        assert f'href="/cards/{card["set"]}/{card["number"]}"' in html
    conflict = kb_conn.execute("SELECT id, conflict_reason FROM entries WHERE conflict = 1 LIMIT 1").fetchone()
    assert conflict, "the build marks at least one FAQ answer as a conflict"
    html = page(client, f"/entries/{conflict[0]}")
    assert "badge-conflict" in html and str(escape(conflict[1])) in html


def test_keeper_errata_render_inserted_words_as_a_diff(client, kb_conn):
    rows = kb_conn.execute(
        """SELECT e.id, e.data FROM entries e JOIN documents d ON d.id = e.document
           WHERE d.game = 'keeper-of-the-cards' AND e.kind = 'errata'"""
    ).fetchall()
    with_inserts = [(i, json.loads(d)) for i, d in rows if json.loads(d or "{}").get("inserted")]
    assert with_inserts
    for entry_id, data in with_inserts:
        html = page(client, f"/entries/{entry_id}")
        for words in data["inserted"]:
            assert f"<ins>{escape(words)}</ins>" in html, (entry_id, words)
        for words in data.get("deleted") or []:
            assert f"<del>{escape(words)}</del>" in html, (entry_id, words)


def test_verify_section_offers_the_scenario_versions(client, kb_conn):
    (entry_id,) = kb_conn.execute("SELECT min(entry) FROM scenario_entries").fetchone()
    detail = entry_detail(kb_conn, entry_id)
    html = section(page(client, f"/entries/{entry_id}"), "verify")
    versions = {r["version"] for s in detail["scenarios"] for r in s["versions"]}
    assert set(re.findall(r'<option value="([^"]+)"', html)) == versions
    for scenario in detail["scenarios"]:
        assert f'data-verify-url="/api/rulings/{scenario["id"]}/verify"' in html


# ------------------------------------------------------------------ card and version pages


def test_card_page_shows_printed_text_errata_and_rulings(client, kb_conn):
    card_id, set_code, number, text = kb_conn.execute(
        """SELECT c.id, c.set_code, c.number, c.text FROM cards c
           WHERE (SELECT count(*) FROM card_errata ce WHERE ce.card = c.id) > 1 ORDER BY c.id LIMIT 1"""
    ).fetchone()
    html = page(client, f"/cards/{set_code}/{number}")
    assert str(escape(text.split("<")[0])) in html
    errata = section(html, "errata")
    shown_changes = 0
    for version, erratum in kb_conn.execute(
        """SELECT d.version, ce.text FROM card_errata ce JOIN documents d ON d.id = ce.document
               WHERE ce.card = ? ORDER BY d.version_sort""",
        (card_id,),
    ):
        assert f"v{version}" in errata
        changes = [op for op in word_diff(text, erratum) if op["op"] != "equal"]
        if changes:  # an erratum may restate what a reprint already prints
            tag = {"insert": "ins", "delete": "del"}[changes[0]["op"]]
            assert f"<{tag}>{escape(changes[0]['text'])}</{tag}>" in errata
            shown_changes += 1
    assert shown_changes, "the card's errata change its printed text"
    naming = {e for (e,) in kb_conn.execute("SELECT entry FROM entry_cards WHERE card = ?", (card_id,))}
    assert naming
    listed = set(entry_links(section(html, "entries")))

    def keys(ids):
        return {kb_conn.execute("SELECT key FROM entries WHERE id = ?", (i,)).fetchone()[0] for i in ids}

    assert keys(naming) <= keys(listed)


def test_versions_page_lists_every_document_with_counts(client, kb_conn):
    html = page(client, "/versions")
    for title, version in kb_conn.execute("SELECT title, version FROM documents"):
        assert str(escape(title)) in html and f"v{version}" in html
    for version, n in kb_conn.execute(
        """SELECT d.version, count(*) FROM entries e JOIN documents d ON d.id = e.document GROUP BY d.id"""
    ):
        assert f'<strong class="total">{n}</strong>' in html


def test_unknown_ids_get_a_404_page(client):
    for url in (
        "/entries/987654321",
        "/entries/99999999999999999999999",
        "/cards/NOPE/001",
        "/cards/CotA/99999",
        "/nope",
        "/entries/-1",
        "/entries/abc",
    ):
        html = page(client, url, status=404)
        assert "Not found" in html and 'name="q"' in html


@pytest.mark.slow
def test_pages_link_only_to_pages_that_exist(client, kb_conn):
    """Follow every local link of an entry, a card and the versions page: none is broken."""
    (entry_id,) = kb_conn.execute("SELECT min(entry) FROM scenario_entries").fetchone()
    set_code, number = kb_conn.execute(
        "SELECT set_code, number FROM cards WHERE id = (SELECT min(card) FROM card_errata)"
    ).fetchone()
    seen: set[str] = set()
    for start in (f"/entries/{entry_id}", f"/cards/{set_code}/{number}", "/versions", "/?q=elusive"):
        html = page(client, start)
        assert "default-src 'self'" in client.get(start).headers["Content-Security-Policy"]
        assert not re.search(r'(?:href|src|action)="(?:https?:)?//', html), "pages load nothing from elsewhere"
        for href in re.findall(r'(?:href|src)="([^"#]+)"', html):
            href = unescape(href)
            if href in seen or urlsplit(href).scheme == "data":
                continue
            seen.add(href)
            assert client.get(href).status_code == 200, f"{start} links to {href}"


def test_search_page_shows_a_cards_errata_and_its_rulings(client):
    html = page(client, "/?q=bait+and+switch")
    cards = html[html.index('class="card-hits"') : html.index("</section>", html.index('class="card-hits"'))]
    assert "erratum v1.3" in cards and "erratum v16.0" in cards
    assert "rulings name this card" in cards and "/entries/" in cards


def test_latest_is_named_in_the_filter_and_the_results(client, kb_conn):
    """ "Latest" says which version it is, from the KB: each game's newest version (and its year)."""
    newest = {}
    for name, version, date in kb_conn.execute(
        """SELECT g.name, d.version, d.date FROM documents d JOIN games g ON g.id = d.game
               ORDER BY d.version_sort, d.id"""
    ):
        newest[name] = (version, date)
    version, date = newest["KeyForge"]
    named = f"KeyForge {version}, {date[:4]}"
    html = unescape(client.get("/?q=elusive").get_data(as_text=True))
    option = re.search(r'<option value="">(Latest[^<]*)</option>', html).group(1)
    assert named in option and all(f"{name} " in option for name in newest)
    scope = " ".join(re.search(r'<span class="scope">(.*?)</span>', html, re.S).group(1).split())
    assert "latest version of each game" in scope and named in scope
    scope = " ".join(
        re.search(
            r'<span class="scope">(.*?)</span>',
            unescape(client.get("/?q=elusive&game=keyforge").get_data(as_text=True)),
            re.S,
        )
        .group(1)
        .split()
    )
    assert named in scope and "Magic" not in scope
    # with a game chosen, or named in the question, "Latest" is that game's newest version alone
    for url in ("/?q=elusive&game=keyforge", "/?q=elusive+in+keyforge"):
        html = unescape(client.get(url).get_data(as_text=True))
        option = re.search(r'<option value="">(Latest[^<]*)</option>', html).group(1)
        assert option == f"Latest ({named})", (url, option)


def test_the_api_link_opens_a_documentation_page_of_every_route(client):
    home = client.get("/").get_data(as_text=True)
    link = re.search(r'<a href="([^"]+)"[^>]*>API</a>', home).group(1)
    page = client.get(link)
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = unescape(page.get_data(as_text=True))
    for path, methods in client.get("/api/openapi.json").get_json()["paths"].items():
        for method in methods:
            assert f"{method.upper()} {path}" in html
    assert re.search(r'title="Keeper of the Cards[^"]*">KotC check</a>', home)


def test_a_card_page_lists_rulings_with_their_answers_and_names_its_examples(client, kb_conn):
    set_code, number = kb_conn.execute(
        "SELECT set_code, number FROM cards WHERE name = 'Bait and Switch' ORDER BY id LIMIT 1"
    ).fetchone()
    html = unescape(client.get(f"/cards/{set_code}/{number}").get_data(as_text=True))
    section = html[html.index('id="entries"') :]
    answers = re.findall(r'<p class="small entry-answer">(.*?)</p>', section, re.S)
    assert any("trigger" in a for a in answers), answers[:3]
    assert not re.search(r">\s*Example\s*</a>", html)
    examples = kb_conn.execute(
        """SELECT c.set_code, c.number FROM entry_cards ec JOIN entries e ON e.id = ec.entry
           JOIN cards c ON c.id = ec.card WHERE e.kind = 'example' LIMIT 1"""
    ).fetchone()
    assert examples, "the test KB links worked examples to cards"
    page = unescape(client.get(f"/cards/{examples[0]}/{examples[1]}").get_data(as_text=True))
    assert re.search(r">Example: \w", page) and not re.search(r">\s*Example\s*</a>", page)
