"""Superseded answers in a real browser (Debian's chromium driven by Playwright, against ``rulebase
serve`` on the KB built from the bundled sources; the server, browser and page watching are those of
``test_browser``).

What a judge sees: the 1.1 page of an answer that 1.3 changed says so next to its text, with a link
that opens the later answer; a search naming an old version shows that version's text with the same
mark and a way back to the latest; the verified badge says per version what the engine checked; and
on a phone nothing of it runs off the screen. Expected values come from the KB (its threads,
supersessions and replays), never typed in. Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import re
import sqlite3

from playwright.sync_api import expect

from kb.entry_detail import entry_detail
from engine.replay.judge_words import path_words
from test_browser import ARTIFACTS, DESKTOP, PHONE, watched  # noqa: F401 (fixtures)

#: the question of the FAQ thread whose answer changed its number between versions
BAIT_QUESTION = "%How many times does Bait and Switch trigger%"


def _superseded_bait(built_kb) -> dict:
    """The oldest entry of the Bait and Switch FAQ thread, its entry detail, and its version."""
    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        eid, version = conn.execute(
            """SELECT e.id, d.version FROM entries e JOIN documents d ON d.id = e.document
               WHERE e.kind = 'faq' AND e.question LIKE ? AND d.game = 'keyforge'
               ORDER BY d.version_sort LIMIT 1""",
            (BAIT_QUESTION,),
        ).fetchone()
        detail = entry_detail(conn, eid)
    assert detail["superseded_by"], "a later version changed the oldest Bait and Switch answer"
    return {"id": eid, "version": version, "detail": detail}


def _fits(page, selector: str) -> None:
    """Every element matching ``selector`` lies within the viewport's width."""
    overflow = page.evaluate(
        """sel => Math.max(0, ...[...document.querySelectorAll(sel)].map(
               el => el.getBoundingClientRect().right - window.innerWidth))""",
        selector,
    )
    assert overflow <= 0, f"{selector} runs {overflow}px off the screen"


def test_entry_page_says_a_later_version_changed_the_answer_and_links_it(watched, base_url, built_kb):
    bait = _superseded_bait(built_kb)
    later = bait["detail"]["superseded_by"]
    w = watched(viewport=DESKTOP)
    page = w.page
    page.goto(f"{base_url}/entries/{bait['id']}")
    notice = page.locator("#superseded")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(f"Changed in v{later['version']}:")
    expect(notice).to_contain_text(later["summary"])
    # it sits next to the text it qualifies: before the answer, after the header
    assert page.evaluate("""() => {
        const n = document.querySelector('#superseded'), t = document.querySelector('.entry-text');
        return n.getBoundingClientRect().bottom <= t.getBoundingClientRect().top + 1; }""")
    marks = page.locator("#history .superseded")
    # one banner per change: a change that supersedes several older versions is said once
    changes = {
        (h["superseded_by"]["version"], h["superseded_by"]["entry_id"])
        for h in bait["detail"]["history"]
        if h["superseded_by"]
    }
    expect(marks).to_have_count(len(changes))
    w.shot("superseded-entry")
    notice.locator("a.superseded-link").click()
    page.wait_for_url(f"**/entries/{later['entry_id']}")
    expect(page.locator("h1")).to_be_visible()
    expect(page.locator(".source .badge-version.is-current")).to_have_text(f"v{later['version']}")
    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        still = entry_detail(conn, later["entry_id"])["superseded_by"]
    expect(page.locator("#superseded")).to_have_count(1 if still else 0)


def test_verified_badge_shows_what_each_version_checked(watched, base_url, built_kb):
    bait = _superseded_bait(built_kb)
    w = watched(viewport=DESKTOP)
    page = w.page
    page.goto(f"{base_url}/entries/{bait['id']}")
    items = page.locator("#verified li.vres")
    expect(items).to_have_count(len(bait["detail"]["verification"]))
    colours = {}
    for i, v in enumerate(bait["detail"]["verification"]):
        item = items.nth(i)
        assert item.get_attribute("data-version") == v["version"]
        assert item.get_attribute("data-status") == v["status"]
        for r, run in enumerate(v["runs"]):
            box = item.locator(".vrun").nth(r)
            words = {"this": "this answer", "same": "same ruling", "other": f"the v{run['expect_version']} ruling"}.get(
                run["ruling"], "unverified"
            )
            expect(box).to_contain_text(words)
            for c in run["checks"]:
                if c["shown"]:
                    expect(box).to_contain_text(path_words(c["path"]))  # in a judge's words
        colours[v["status"]] = item.evaluate("el => getComputedStyle(el).backgroundColor")
    rulings = {r["ruling"] for v in bait["detail"]["verification"] for r in v["runs"]}
    assert {"this", "other"} <= rulings, "the badge tells this answer from the later ruling"
    if "unverified" in colours and "passed" in colours:
        assert colours["unverified"] != colours["passed"], "an unverified version is not shown green"
    w.shot("superseded-verified-badge")


def test_search_naming_an_old_version_shows_its_text_marked(watched, base_url, built_kb):
    bait = _superseded_bait(built_kb)
    later = bait["detail"]["superseded_by"]
    w = watched(viewport=DESKTOP)
    page = w.page
    page.goto(base_url + "/")
    page.locator("#q").press_sequentially(f"bait and switch in {bait['version']}", delay=30)
    hit = page.locator(f'#results li.hit:has(.hit-title a[href="/entries/{bait["id"]}"])')
    expect(hit).to_be_visible(timeout=10_000)
    expect(page.locator("#version-query")).to_contain_text(f"v{bait['version']}")
    # the answer shown as this hit's is the one of the group of versions holding the one searched
    expect(hit.locator(".answer-group.is-current")).to_have_attribute(
        "data-versions", re.compile(rf"(^| ){re.escape(bait['version'])}( |$)")
    )
    mark = hit.locator(".superseded")
    expect(mark).to_contain_text(f"Changed in v{later['version']}:")
    expect(mark.locator("a")).to_have_attribute("href", f"/entries/{later['entry_id']}")
    w.shot("superseded-search")
    page.click("#version-query-clear")
    page.wait_for_url(re.compile(r".*/\?q=bait\+and\+switch$"))
    expect(page.locator("#version-query")).to_have_count(0)
    expect(page.locator("#q")).to_have_value("bait and switch")
    expect(page.locator(f'#results .hit-title a[href="/entries/{bait["id"]}"]')).to_have_count(0)


def test_superseded_marks_fit_a_phone(watched, base_url, built_kb):
    bait = _superseded_bait(built_kb)
    w = watched(viewport=PHONE, is_mobile=True, has_touch=True)
    page = w.page
    for name, path, parts in (
        (
            "phone-superseded-entry",
            f"/entries/{bait['id']}",
            ("#superseded", "#verified li.vres", "#history .superseded"),
        ),
        (
            "phone-superseded-search",
            f"/?q=bait+and+switch+in+{bait['version']}",
            ("#version-query", ".hit .superseded"),
        ),
    ):
        page.goto(base_url + path)
        for part in parts:
            expect(page.locator(part).first).to_be_visible()
            _fits(page, part)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{path} scrolls sideways on a phone by {overflow}px"
        w.shot(name)
    assert (ARTIFACTS / "phone-superseded-entry.png").stat().st_size > 0
