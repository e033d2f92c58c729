"""The card page in a real browser (Debian's chromium, Playwright, ``rulebase serve``), at desktop
and phone sizes: the text in force now, each erratum by version and the word diffs read in one
notation, the icons drawn as symbols.

What a player sees: the printed text, the text in force now under the latest rulebook version
("KeyForge 16.0"), every erratum with the version it is in force under, each diff made of exactly
the two texts shown, and no raw ``{A}`` anywhere. Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import re
import sqlite3

import pytest
from playwright.sync_api import expect

from test_browser import DESKTOP, PHONE, watched  # noqa: F401 - the fixtures
from test_card_notation import RAW_NOTATION, SPELLINGS

#: in the page: each erratum's text, and the two sides of its diff (without <ins>: the old text;
#: without <del>: the new), as a reader sees them (whitespace and quote styles folded)
SIDES = """() => {
  const fold = s => s.normalize('NFKC').replace(/[‘’ʼ]/g, "'").replace(/[“”„‟]/g, '"').replace(/\\s+/g, '');
  const side = (el, drop) => { const c = el.cloneNode(true); c.querySelectorAll(drop).forEach(x => x.remove());
                               return fold(c.textContent); };
  return [...document.querySelectorAll('#errata .timeline-item')].map(item => {
    const diff = item.querySelector('.erratum-diff .diff');
    return {version: item.dataset.version, text: fold(item.querySelector('.erratum-text').textContent),
            old: diff ? side(diff, 'ins') : null, new: diff ? side(diff, 'del') : null,
            current: item.classList.contains('is-current'), head: item.querySelector('.timeline-head').innerText};
  });
}"""


@pytest.fixture(scope="module")
def card(built_kb):
    """The card with the most errata among those whose printed text writes an icon."""
    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        rows = conn.execute(
            """SELECT c.set_code, c.number, c.text, count(*) AS n FROM card_errata ce JOIN cards c ON c.id = ce.card
               GROUP BY c.id ORDER BY n DESC, c.id"""
        ).fetchall()
        (game,) = conn.execute("SELECT name FROM games WHERE id = 'keyforge'").fetchone()
        (latest,) = conn.execute(
            "SELECT version FROM documents WHERE game = 'keyforge' ORDER BY version_sort DESC LIMIT 1"
        ).fetchone()
    icon = re.compile("|".join(SPELLINGS.values()) + r"|\d[AD]\b")
    set_code, number, _, _ = next(r for r in rows if icon.search(r[2] or ""))
    return {"url": f"/cards/{set_code}/{number}", "game": game, "latest": latest}


def check_card_page(page, card) -> None:
    body = page.locator("body").inner_text()
    assert not RAW_NOTATION.search(body), RAW_NOTATION.search(body).group()
    in_force = page.locator("#in-force")
    expect(in_force).to_be_visible()
    expect(in_force).to_contain_text(f"{card['game']} {card['latest']}")
    expect(page.locator("#in-force-text abbr.sym[title='Æmber']").first).to_be_visible()
    printed = page.evaluate(
        "() => document.querySelector('#printed-text').textContent"
        ".normalize('NFKC').replace(/[‘’ʼ]/g, \"'\").replace(/[“”„‟]/g, '\"').replace(/\\s+/g, '')"
    )
    items = page.evaluate(SIDES)
    assert items, "the card's errata are listed"
    for item in items:
        assert f"{card['game']} {item['version']}" in item["head"], item["head"]
        if item["old"] is None:
            assert item["text"] == printed, f"v{item['version']} says it has the printed text's words"
        else:
            assert (item["old"], item["new"]) == (printed, item["text"]), f"v{item['version']}"
    current = [i for i in items if i["current"]]
    assert len(current) == 1
    now = page.evaluate(
        "() => document.querySelector('#in-force-text').textContent"
        ".normalize('NFKC').replace(/[‘’ʼ]/g, \"'\").replace(/[“”„‟]/g, '\"').replace(/\\s+/g, '')"
    )
    assert now == current[0]["text"]


def test_card_page_on_a_desktop(watched, base_url, card):  # noqa: F811
    w = watched(viewport=DESKTOP)
    w.page.goto(base_url + card["url"])
    check_card_page(w.page, card)
    w.shot("card-in-force")


def test_card_page_on_a_phone(watched, base_url, card):  # noqa: F811
    w = watched(viewport=PHONE, is_mobile=True, has_touch=True)
    page = w.page
    page.goto(base_url + card["url"])
    check_card_page(page, card)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the card page scrolls sideways on a phone by {overflow}px"
    box = page.locator("#in-force-text").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    w.shot("card-in-force-phone")
