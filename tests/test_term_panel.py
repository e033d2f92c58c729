"""The definitions of the glossary terms a query names sit beside the results, not in their way."""

from __future__ import annotations

import re

import pytest

from kb.search import search
from kb.term_panel import DEFINITION_WORDS, shorten
from test_browser import DESKTOP, PHONE, watched  # noqa: F401 (fixtures)
from conftest import page


def _titles(terms) -> list[str]:
    return [t.title.upper() for t in terms]


@pytest.mark.parametrize(
    "query,named",
    [
        ("taunt flank", {"TAUNT", "FLANK"}),
        ("captured amber creature returned to hand", {"CAPTURE", "RETURN"}),
        ("before fight vs exhausting", {"BEFORE", "FIGHT"}),
    ],
)
def test_every_term_the_query_names_is_defined(kb_conn, query, named):
    result = search(kb_conn, query, game="keyforge")
    assert named <= set(_titles(result.terms)), _titles(result.terms)
    for t in result.terms:
        assert t.definition and t.url == f"/entries/{t.entry_id}" and t.version == "16.0"


def test_a_term_is_named_only_by_all_of_its_words(kb_conn):
    """ "fight" names FIGHT, not FIGHT WITH A CREATURE... unless the query says those words too."""
    titles = _titles(search(kb_conn, "before fight", game="keyforge").terms)
    assert "FIGHT" in titles and all(set(t.split()) <= {"BEFORE", "FIGHT"} for t in titles), titles


def test_a_query_naming_no_term_has_no_panel(kb_conn):
    assert search(kb_conn, "Mighty Javelin", game="keyforge").terms == []


def test_a_long_definition_is_cut_at_its_first_paragraph_or_word_limit():
    text, cut = shorten("One two three.\n\nSecond paragraph.")
    assert (text, cut) == ("One two three.", True)
    text, cut = shorten(" ".join(["word"] * (DEFINITION_WORDS + 5)))
    assert cut and len(text.split()) == DEFINITION_WORDS and text.endswith("…")
    assert shorten("Short.") == ("Short.", False)


def test_the_page_moves_the_definitions_out_of_the_list(client):
    """ "taunt flank": TAUNT answers first and stays first; FLANK's definition is beside the
    list instead of taking its second place, which a ruling gets."""
    html = page(client, "/?q=taunt+flank&game=keyforge")
    panel = re.search(r'<aside class="terms-panel".*?</aside>', html, re.S).group(0)
    hits = re.findall(r'<h3 class="hit-title"><a href="[^"]+">([^<]+)</a>', html)
    assert hits[0] == "TAUNT" and "FLANK" not in hits, hits
    assert ">FLANK</a>" in panel and ">TAUNT</a>" not in panel
    assert 'href="#terms-heading"' in html


def test_the_api_returns_the_terms(client):
    data = client.get("/api/search?q=taunt+flank&game=keyforge").get_json()
    assert {"TAUNT", "FLANK"} <= {t["title"] for t in data["terms"]}


def test_the_panel_is_beside_on_a_desktop_and_after_the_rulings_on_a_phone(watched, base_url):
    url = "/?q=captured+amber+creature+returned+to+hand&game=keyforge"
    w = watched(viewport=DESKTOP)
    w.page.goto(base_url + url)
    panel, first = w.page.locator(".terms-panel").bounding_box(), w.page.locator("li.hit").first.bounding_box()
    assert panel["x"] > first["x"] + first["width"] and panel["y"] < first["y"] + first["height"]
    w.shot("desktop-search-terms")
    p = watched(viewport=PHONE, is_mobile=True, has_touch=True)
    p.page.goto(base_url + url)
    panel, last = p.page.locator(".terms-panel").bounding_box(), p.page.locator("li.hit").last.bounding_box()
    first = p.page.locator("li.hit").first.bounding_box()
    assert first["y"] < PHONE["height"] and panel["y"] > last["y"]
    assert p.page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    p.shot("phone-search-terms")
