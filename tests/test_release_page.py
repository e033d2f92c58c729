"""A whole release on one page (``/read/<game>/<version>``, api/release_page.py) and the versions page
that leads to it, as a judge sees them: through the site's Flask client on the sample KB, in
chromium (find on the page, a rule's address, axe-core at 1280×800 and 390×844). (The version list
of the full KB folded by year is tests/test_cr_full_kb.py's, the one module that reads that KB.) Expected values come from SQL on the same KB."""

from __future__ import annotations

import html
import json
import re

import pytest
from playwright.sync_api import expect

from conftest import MAX_PAGE_BYTES, page
from test_accessibility import AXE, serious_violations

#: the ids of the site's own page around a release's text (the search box, the version menu)
SITE_IDS = {"main", "quick-q", "release-version"}
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
#: entries of a release that axe-core checks: on the latest CR's 4,268 (40,000 elements) one axe
#: run took 11 s even when told to look at the page's head alone (it walks the whole document) and
#: over two minutes on all of it; every entry is one of the few shapes the first few hundred show
#: (a section, a rule, a subrule, an example; a glossary term and a question on the KeyForge page),
#: so the rest are taken out of the page before axe runs; that no id repeats over the whole page
#: is asserted on its HTML
AXE_ENTRIES = 400


def release_violations(tab) -> list[dict]:
    """axe-core's serious and critical violations on a release page cut to its first AXE_ENTRIES entries."""
    tab.evaluate(
        f"document.querySelectorAll('.release-text > :nth-child(n+{AXE_ENTRIES + 1})').forEach(e => e.remove())"
    )
    return serious_violations(tab)


def versions_of(conn, game: str) -> list[str]:
    return [v for (v,) in conn.execute("SELECT version FROM documents WHERE game = ? ORDER BY version_sort", (game,))]


def document_entries(conn, game: str, version: str) -> list[tuple]:
    return conn.execute(
        """SELECT e.kind, e.key, e.body, e.data FROM entries e JOIN documents d ON d.id = e.document
           WHERE d.game = ? AND d.version = ? ORDER BY e.ordinal""",
        (game, version),
    ).fetchall()


def numbers(entries) -> list[str]:
    return [json.loads(d).get("number") for k, _, _, d in entries if k == "rule" and json.loads(d).get("number")]


def test_a_game_opens_on_its_latest_release_or_the_one_asked_for(client, kb_conn):
    vs = versions_of(kb_conn, "mtg")
    assert client.get("/read/mtg").headers["Location"].endswith(f"/read/mtg/{vs[-1]}")
    assert client.get(f"/read/mtg?version={vs[0]}").headers["Location"].endswith(f"/read/mtg/{vs[0]}")
    for url in ("/read/mtg/1999-01-01", "/read/nogame", "/read/mtg?version=nope"):
        assert "in the knowledge base" in page(client, url, status=404)


def release_pages(client, game: str, version: str) -> dict[str, str]:
    """{URL: HTML} of every page of a release: its first page and each section's it lists."""
    first = f"/read/{game}/{version}"
    pages = {first: page(client, first)}
    nav = re.search(r'<nav class="release-parts[^>]*>(.*?)</nav>', pages[first], re.S)
    for url in re.findall(r'href="([^"]+)"', nav.group(1)) if nav else []:
        pages.setdefault(url, page(client, url))
    return pages


@pytest.mark.slow
def test_every_rule_of_the_release_is_on_one_of_its_pages_with_its_address(client, kb_conn):
    """Paged by section (the whole CR is over the site's 1 MB a page): every entry on exactly one
    page, each numbered rule anchored by its number and its number a link to it."""
    vs = versions_of(kb_conn, "mtg")
    entries = document_entries(kb_conn, "mtg", vs[-1])
    pages = release_pages(client, "mtg", vs[-1])
    sections = {
        json.loads(d)["number"]
        for k, _, _, d in entries
        if k == "rule" and "." not in (json.loads(d).get("number") or ".")
    }
    assert len(pages) == len({n for n in sections if len(n) == 1}) + 2  # the front page, the sections, the glossary
    assert max(len(text.encode()) for text in pages.values()) < MAX_PAGE_BYTES
    ids = [i for text in pages.values() for i in re.findall(r'id="([^"]+)"', text)]
    anchors = [i for i in ids if i not in SITE_IDS]
    assert len(anchors) == len(set(anchors)) == len(entries), "every entry once"
    nums = numbers(entries)
    self_links = {n for text in pages.values() for n in re.findall(r'<a class="rule-no" href="#([^"]+)">', text)}
    assert len(nums) > 3000 and set(nums) <= set(anchors) and set(nums) <= self_links
    # every entry's text, as plain text (the browser's find sees it all)
    plain = html.unescape(re.sub(r"<[^>]+>", "", "".join(pages.values())))
    missing = [key for _, key, body, _ in entries if body.strip() and body.strip().splitlines()[0].strip() not in plain]
    assert missing == []
    # the versions around it, and what it changed
    first = pages[f"/read/mtg/{vs[-1]}"]
    assert f'href="/read/mtg/{vs[-2]}"' in first
    assert f"/changes?game=mtg&amp;from={vs[-2]}&amp;to={vs[-1]}" in first


@pytest.mark.slow
def test_the_rules_an_entry_cites_are_links_to_them(client, kb_conn):
    version = versions_of(kb_conn, "mtg")[-1]
    entries = document_entries(kb_conn, "mtg", version)
    held = set(numbers(entries))
    # the dotted numbers each entry's text names as written (its refs also hold the numbers a range
    # like "728.2a–c" spans, which the text does not spell out)
    cited = {
        r
        for _, key, body, d in entries
        for r in json.loads(d).get("refs") or []
        if r in held and "." in r and re.search(rf"(?<![\w.]){re.escape(r)}(?!\w|\.\d)", body)
    }
    assert len(cited) > 100
    pages = release_pages(client, "mtg", version)
    holder = {i: url for url, text in pages.items() for i in re.findall(r'id="([^"]+)"', text)}
    linked = set()
    for url, text in pages.items():
        for target, number in re.findall(r'<a class="rule-ref" href="([^"#]*)#([^"]+)">', text):
            assert holder[number] == (target or url), (url, target, number)  # the page that holds it
            linked.add(number)
    assert cited <= linked <= held


def test_a_keyforge_rulebook_reads_whole_too(client, kb_conn):
    entries = document_entries(kb_conn, "keyforge", "16.0")
    text = page(client, "/read/keyforge/16.0")
    assert 'class="release-parts' not in text  # one page: no sections
    keys = [key for _, key, _, _ in entries]
    assert "glossary/elusive" in keys
    anchors = set(re.findall(r'id="([^"]+)"', text))
    assert {html.escape(key) for key in keys} <= anchors


def test_a_rule_page_and_the_versions_page_lead_to_the_whole_release(client, kb_conn):
    version = versions_of(kb_conn, "mtg")[-1]
    rule = page(client, f"/mtg/{version}/702.19b")
    assert f'href="/read/mtg/{version}/7#702.19b"' in rule
    at = client.get(f"/read/mtg/{version}?at=702.19b")
    assert at.status_code == 302 and at.headers["Location"].endswith(f"/read/mtg/{version}/7#702.19b")
    assert (
        client.get("/read/keyforge/16.0?at=glossary/elusive")
        .headers["Location"]
        .endswith("/read/keyforge/16.0#glossary/elusive")
    )
    assert "No 999.9" in page(client, f"/read/mtg/{version}?at=999.9", status=404)
    versions = page(client, "/versions")
    for game, v in kb_conn.execute("SELECT game, version FROM documents"):
        assert f'href="/read/{game}/{v}"' in versions, (game, v)


def test_versions_are_listed_newest_first(client, kb_conn):
    text = page(client, "/versions")
    for game in ("mtg", "keyforge"):
        at = [text.index(f'id="v-{game}-{v}"') for v in versions_of(kb_conn, game)]
        assert at == sorted(at, reverse=True), game


@pytest.mark.parametrize("size", SIZES)
def test_find_and_a_rules_address_in_the_browser(browser, base_url, kb_conn, size):
    """A URL ending in #702.19b opens on that rule; a cross-reference goes to the rule it names; the
    text is all in the page for the browser's find; no serious or critical axe-core violation."""
    version = versions_of(kb_conn, "mtg")[-1]
    context = browser.new_context(viewport=SIZES[size], bypass_csp=True)
    context.add_init_script(path=str(AXE))
    tab = context.new_page()
    try:
        tab.goto(f"{base_url}/read/mtg/{version}?at=702.19b")  # a rule page's link
        tab.wait_for_url(f"**/read/mtg/{version}/7#702.19b")
        rule = tab.locator('[id="702.19b"]')
        expect(rule).to_be_in_viewport()
        expect(rule).to_contain_text("trample")
        # no part of the section is left to load: its last rule is in the DOM
        last = [n for n in numbers(document_entries(kb_conn, "mtg", version)) if n.startswith("7")][-1]
        assert tab.locator(f'[id="{last}"]').count() == 1
        # a rule that cites a rule of another section (the first in the release): the citation
        # leads to that rule on that section's page
        citing, cited = next(
            (number, r)
            for _, key, body, d in document_entries(kb_conn, "mtg", version)
            for number in [json.loads(d).get("number")]
            for r in json.loads(d).get("refs") or []
            if number and r[0] != number[0] and "." in r and re.search(rf"(?<![\w.]){re.escape(r)}(?!\w|\.\d)", body)
        )
        tab.goto(f"{base_url}/read/mtg/{version}?at={citing}")
        tab.locator(f'[id="{citing}"] a.rule-ref[href$="#{cited}"]').first.click()
        tab.wait_for_url(f"**/read/mtg/{version}/{cited[0]}#{cited}")
        expect(tab.locator(f'[id="{cited}"]')).to_be_in_viewport()
        assert release_violations(tab) == []
        tab.goto(f"{base_url}/read/keyforge/16.0#glossary/elusive")
        assert release_violations(tab) == []
        expect(tab.locator('[id="glossary/elusive"]')).to_be_in_viewport()
        tab.goto(f"{base_url}/versions")
        assert serious_violations(tab) == []
        link = tab.locator(f'[id="v-mtg-{version}"] a.changes-link')
        box = link.bounding_box()
        assert 0 <= box["x"] and box["x"] + box["width"] <= SIZES[size]["width"], "changes link clipped"
    finally:
        context.close()
