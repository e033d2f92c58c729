"""Answers grouped by version in a real browser (Debian's chromium driven by Playwright, against
``rulebase serve`` on the KB built from the bundled sources; one browser and one server per test
process, the fixtures of conftest.py).

What a judge sees: on the card pages of Phase Shift and Bait and Switch, on the entry pages of every
FAQ thread whose answer changed in meaning between versions, and in the search result that finds
each of those questions, the answer beside each version badge is that version's own ("v1.1: will not
allow …", "v1.2–16.0: will allow …"), compared with the KB's entries (tests/answers_shown.py), each
badge on the line of its answer, nothing off a phone's screen. Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

from urllib.parse import urlencode

from playwright.sync_api import expect

from answers_shown import check_shown, conn, thread_said, threads  # noqa: F401 (fixtures)
from kb.card_detail import card_detail
from test_browser import DESKTOP, PHONE, watched  # noqa: F401 (fixtures)

#: the cards of the issue, whose pages showed the newest answer beside every version's badge
ISSUE_CARDS = ("Phase Shift", "Bait and Switch")

_READ = """el => [...el.querySelectorAll('.answer-group')].map(
               g => [g.dataset.versions, g.querySelector('.answer-text').innerText])"""


def shown(locator) -> list[tuple[list[str], str]]:
    """(versions, text) of each answer group inside ``locator``, as the browser renders them."""
    return [(versions.split(), text) for versions, text in locator.evaluate(_READ)]


#: for each answer group: where the group, its (first) version badge and its answer text are drawn,
#: and whether each is visible as Playwright means it (a box of some size, not visibility: hidden)
_BOXES = """groups => groups.map(g => [g, g.querySelector('.badge-version'), g.querySelector('.answer-text')].map(
    el => {
        if (!el) return null;
        const r = el.getBoundingClientRect();
        return {y: r.top, height: r.height,
                visible: r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'};
    }))"""


def beside(groups, shown_only: bool = False) -> None:
    """Each of the answer groups ``groups`` (of those shown, with ``shown_only``): its badge and its
    answer are both on screen, side by side on one line. Read in one call to the browser for all
    the groups (four calls a group before, most of these tests' time)."""
    for group, badge, text in groups.evaluate_all(_BOXES):
        if shown_only and not group["visible"]:
            continue
        assert badge and badge["visible"], "the badge is shown"
        assert text and text["visible"], "the answer is shown"
        b, t = badge, text
        assert b["y"] < t["y"] + t["height"] and t["y"] < b["y"] + b["height"], "the badge sits on its answer's line"


def test_the_issues_card_pages_show_each_versions_own_answer(watched, base_url, conn, threads):
    w = watched(viewport=DESKTOP)
    page = w.page
    checked = 0
    for name in ISSUE_CARDS:
        set_code, number = conn.execute(
            "SELECT set_code, number FROM cards WHERE name = ? ORDER BY id LIMIT 1", (name,)
        ).fetchone()
        card = card_detail(conn, set_code, number)
        page.goto(f"{base_url}{card['url']}")
        for item in (x for x in card["entries"] if x["thread"] in threads):
            li = page.locator("#entries li").filter(has=page.locator(f'a[href="/entries/{item["entry_id"]}"]'))
            check_shown(conn, item["thread"], shown(li), f"card page of {name}")
            beside(li.locator(".answer-group"))
            checked += 1
        w.shot(f"answers-card-{set_code}-{number}")
    assert checked >= len(ISSUE_CARDS)


def test_entry_pages_show_each_versions_own_answer(watched, base_url, conn, threads):
    w = watched(viewport=DESKTOP)
    page = w.page
    for thread in threads:
        for s in thread_said(conn, thread):
            page.goto(f"{base_url}/entries/{s.entry_id}")
            panel = page.locator("#answers")
            expect(panel).to_be_visible()
            check_shown(conn, thread, shown(panel), f"entry page {s.entry_id} (v{s.version})")
            here = panel.locator(".answer-group.is-current")
            expect(here).to_have_count(1)
            assert s.version in here.get_attribute("data-versions").split()
            beside(panel.locator(".answer-group"))
    w.shot("answers-entry")


def test_a_search_for_each_changed_question_shows_each_versions_own_answer(watched, base_url, conn, threads):
    w = watched(viewport=DESKTOP)
    page = w.page
    for n, thread in enumerate(threads):
        said = thread_said(conn, thread)
        newest = said[-1]
        game = thread.split(":", 1)[0]
        latest = conn.execute(
            "SELECT version FROM documents WHERE game = ? ORDER BY version_sort DESC LIMIT 1", (game,)
        ).fetchone()[0]
        if newest.version == latest:  # typed into the box: the results come in as one types
            page.goto(base_url + "/")
            page.fill("#q", newest.question)
        else:
            page.goto(base_url + "/?" + urlencode({"q": newest.question, "game": game, "all": "1"}))
        ids = [s.entry_id for s in said]
        tile = page.locator("#results li.hit").filter(
            has=page.locator(", ".join(f'.hit-title a[href="/entries/{i}"]' for i in ids))
        )
        expect(tile).to_have_count(1, timeout=10_000)
        check_shown(conn, thread, shown(tile), f"search tile for {newest.question[:60]!r}")
        beside(tile.locator(".answer-group"), shown_only=True)
        if n == 0:
            w.shot("answers-search")


def test_answer_groups_fit_a_phone(watched, base_url, conn, threads):
    w = watched(viewport=PHONE, is_mobile=True, has_touch=True)
    page = w.page
    set_code, number = conn.execute(
        "SELECT set_code, number FROM cards WHERE name = ? ORDER BY id LIMIT 1", (ISSUE_CARDS[1],)
    ).fetchone()
    entry = thread_said(conn, threads[0])[0].entry_id
    for path in (f"/cards/{set_code}/{number}", f"/entries/{entry}"):
        page.goto(base_url + path)
        expect(page.locator(".answer-group").first).to_be_visible()
        overflow = page.evaluate(
            """() => Math.max(0, ...[...document.querySelectorAll('.answer-group')].map(
                   el => el.getBoundingClientRect().right - window.innerWidth))"""
        )
        assert overflow <= 0, f"{path}: an answer runs {overflow}px off the screen"
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    w.shot("answers-phone")
