"""The site in a real browser: Debian's chromium, headless, driven by Playwright, against
``rulebase serve`` (waitress) on the KB built from the bundled sources.

What a judge does: types a question and sees results without pressing enter, opens the ruling,
picks a rulebook version and runs it in the engine, reads the pass mark and the trace. Each page
must also log no console error, fail no request and fetch nothing from another host. Screenshots
go to tests/artifacts/ for a person to look at.
"""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import expect
from kb.entry_detail import entry_detail

#: Debian's chromium (the Playwright browser download is not available); RULEBASE_CHROMIUM overrides
CHROMIUM = Path(os.environ.get("RULEBASE_CHROMIUM", "/usr/bin/chromium"))
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


@contextmanager
def running(*args: str, what: str):
    """``rulebase ARGS`` (a server) on a free local port: yields its URL once it has printed it."""
    exe = Path(sys.executable).with_name("rulebase")
    server = subprocess.Popen(
        [str(exe), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    lines: list[str] = []
    found = threading.Event()

    def read() -> None:  # keep draining the pipe so the server never blocks on a full one
        for line in server.stdout:
            lines.append(line)
            if re.search(r"http://127\.0\.0\.1:\d+/", line):
                found.set()

    threading.Thread(target=read, daemon=True).start()
    try:
        if not found.wait(60):
            pytest.fail(f"{what} did not print its URL:\n" + "".join(lines), pytrace=False)
        yield re.search(r"(http://127\.0\.0\.1:\d+)/", "".join(lines)).group(1)
    finally:
        server.terminate()
        server.wait(10)


# ``base_url`` (rulebase serve on the test KB) and ``browser`` (chromium) are fixtures of
# conftest.py, one of each per test process.


class Watched:
    """A page whose console errors, failed requests and foreign requests are collected."""

    def __init__(self, browser, base_url: str, **context_options):
        self.context = browser.new_context(**context_options)
        self.page = self.context.new_page()
        self.problems: list[str] = []
        page = self.page
        page.on("console", lambda m: m.type == "error" and self.problems.append(f"console: {m.text}"))
        page.on("pageerror", lambda exc: self.problems.append(f"page error: {exc}"))
        page.on(
            "request",
            lambda r: (
                r.url.startswith((base_url, "data:")) or self.problems.append(f"request to another host: {r.url}")
            ),
        )
        page.on("response", lambda r: r.status >= 400 and self.problems.append(f"HTTP {r.status}: {r.url}"))
        page.on("requestfailed", self._failed)

    def _failed(self, request) -> None:
        # search-as-you-type cancels a results fetch that a later keystroke made stale: by design
        if "/search/results" in request.url and "ERR_ABORTED" in (request.failure or ""):
            return
        self.problems.append(f"request failed: {request.url} ({request.failure})")

    def shot(self, name: str) -> Path:
        path = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def close(self) -> None:
        self.context.close()


def watching(browser, url: str, options: dict | None = None):
    """A fixture's body: a function opening watched pages on ``url`` (with ``options``' named
    context options, or keyword ones), then every page's problems asserted away at the end."""
    pages: list[Watched] = []

    def open_page(name: str | None = None, **context_options) -> Watched:
        pages.append(Watched(browser, url, **(options[name] if name is not None else context_options)))
        return pages[-1]

    yield open_page
    problems = [p for w in pages for p in w.problems]
    for w in pages:
        w.close()
    assert not problems, "the browser reported:\n" + "\n".join(problems)


@pytest.fixture
def watched(browser, base_url):
    yield from watching(browser, base_url)


def _replayed_faq(built_kb) -> tuple[int, str, dict]:
    """A FAQ entry of its game's latest version that a scenario replays, a query made of the
    first words of its question, and its entry detail."""
    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        entry_id, question = conn.execute(
            """SELECT e.id, e.question FROM scenario_entries se JOIN entries e ON e.id = se.entry
               JOIN documents d ON d.id = e.document
               WHERE e.kind = 'faq' AND d.version_sort = (SELECT max(version_sort) FROM documents
                                                          WHERE game = d.game)
               ORDER BY e.id LIMIT 1"""
        ).fetchone()
        detail = entry_detail(conn, entry_id)
        stored = {(s["id"], r["version"]): r["passed"] for s in detail["scenarios"] for r in s["versions"]}
    words = re.findall(r"[A-Za-z]\w+", question)
    return entry_id, " ".join(words[:7]), {"detail": detail, "stored": stored}


def test_type_open_and_verify(watched, base_url, built_kb):
    entry_id, query, facts = _replayed_faq(built_kb)
    w = watched(viewport=DESKTOP)
    page = w.page
    page.goto(base_url + "/")
    page.evaluate("window.stillTheSamePage = true")
    page.locator("#q").press_sequentially(query, delay=30)  # no Enter: results must follow the typing
    hit = page.locator(f'#results .hit-title a[href="/entries/{entry_id}"]')  # the ruling, not a card's list
    expect(hit).to_be_visible(timeout=10_000)
    expect(page.locator("#result-count")).to_contain_text("found")
    expect(page.locator("#search-status")).to_contain_text("found")  # told to screen readers too
    assert page.evaluate("window.stillTheSamePage === true"), "results came in place, not by reloading"
    assert "q=" in page.url, "the address follows the search, so it can be shared"
    w.shot("search-as-you-type")

    hit.click()
    page.wait_for_url(f"**/entries/{entry_id}")
    expect(page.locator("#history")).to_be_visible()
    options = page.locator("#verify-version option").evaluate_all("els => els.map(e => e.value)")
    assert options
    version = options[0]  # the oldest: not the preselected one when there are several
    page.select_option("#verify-version", version)
    page.click("#verify-run")
    runs = [s["id"] for s in facts["detail"]["scenarios"] if any(r["version"] == version for r in s["versions"])]
    results = page.locator(".verify-result")
    expect(results).to_have_count(len(runs), timeout=15_000)
    expect(page.locator("#verify-status")).to_contain_text(f"under v{version}")
    for i, scenario_id in enumerate(runs):
        result = results.nth(i)
        expect(result).to_contain_text(scenario_id)
        expect(result).to_contain_text(f"under v{version}")
        assert facts["stored"][(scenario_id, version)] is True
        assert result.get_attribute("data-passed") == "true", "the engine reproduces the ruling"
        expect(result.locator(".verify-mark")).to_have_text("✓")
        assert result.locator(".trace li").count() > 1, "the engine's trace is shown step by step"
        assert result.locator(".check-bad").count() == 0
        assert result.locator(".check-ok").count() >= 1
    w.shot("entry-verify")


def test_search_without_javascript(watched, base_url, built_kb):
    w = watched(viewport=DESKTOP, java_script_enabled=False)
    page = w.page
    page.goto(base_url + "/")
    page.fill("#q", "elusive")
    page.click(".more-filters > summary")  # kind, category and all versions are folded until asked for
    page.select_option('select[name="kind"]', "glossary")
    page.press("#q", "Enter")  # a plain GET form
    page.wait_for_url("**/?q=elusive*")
    expect(page.locator(".hit").first).to_be_visible()
    assert page.locator(".hit .kind-glossary").count() == page.locator(".hit").count()
    page.locator(".hit a").first.click()
    expect(page.locator(".entry-text")).to_be_visible()
    w.shot("no-javascript-entry")
    entry_id, _, facts = _replayed_faq(built_kb)
    page.goto(f"{base_url}/entries/{entry_id}")
    # a live run needs script: the form stays hidden and the page gives the command instead
    expect(page.locator("#verify-form")).to_be_hidden()
    expect(page.locator("#verify")).to_contain_text(f"rulebase verify {facts['detail']['scenarios'][0]['id']}")


def test_pages_on_a_phone(watched, base_url, built_kb):
    entry_id, query, _ = _replayed_faq(built_kb)
    w = watched(viewport=PHONE, is_mobile=True, has_touch=True)
    page = w.page
    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        set_code, number = conn.execute(
            "SELECT set_code, number FROM cards WHERE id = (SELECT min(card) FROM card_errata)"
        ).fetchone()
    for name, path in (
        ("phone-search", f"/?q={query}"),
        ("phone-entry", f"/entries/{entry_id}"),
        ("phone-card", f"/cards/{set_code}/{number}"),
        ("phone-versions", "/versions"),
        ("phone-changes", "/changes?view=side"),
    ):
        page.goto(base_url + path)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{path} scrolls sideways on a phone by {overflow}px"
        w.shot(name)


def test_on_a_phone_the_best_ruling_is_on_the_first_screen(watched, base_url):
    """The Phase Shift question on a 390x844 phone: the first result (the FAQ answer) starts on
    the first screen, above the card tile, and Phase Shift's reprints share that one tile."""
    w = watched(viewport=PHONE, is_mobile=True, has_touch=True)
    page = w.page
    page.goto(base_url + "/?q=can I play another card on the first turn with phase shift")
    first = page.locator("ol.hits > li.hit").first
    expect(first).to_contain_text("Phase Shift")
    top = first.bounding_box()["y"]
    assert top < PHONE["height"], f"the first ruling starts at {top}px, below the first screen"
    assert top < page.locator(".card-hits").bounding_box()["y"]
    assert page.locator(".card-hit").filter(has_text="Phase Shift").count() == 1
    w.shot("phone-search-phase-shift")


def test_card_and_versions_pages(watched, base_url, built_kb):
    w = watched(viewport=DESKTOP)
    page = w.page
    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        set_code, number, name = conn.execute(
            """SELECT set_code, number, name FROM cards c
               WHERE (SELECT count(*) FROM card_errata ce WHERE ce.card = c.id) > 1 ORDER BY id LIMIT 1"""
        ).fetchone()
    page.goto(f"{base_url}/cards/{set_code}/{number}")
    expect(page.locator("h1")).to_have_text(name)
    expect(page.locator("#errata ins, #errata del").first).to_be_visible()
    w.shot("card")
    page.locator("#entries a").first.click()
    expect(page.locator(".entry-text")).to_be_visible()
    page.wait_for_load_state("load")  # its stylesheet and script too, before leaving the page
    page.goto(base_url + "/versions")
    expect(page.locator(".versions-table").first).to_be_visible()
    w.shot("versions")


def test_unknown_entry_shows_the_not_found_page(browser, base_url):
    page = browser.new_page(viewport=DESKTOP)  # not watched: the 404 is the point
    response = page.goto(base_url + "/entries/987654321")
    assert response.status == 404
    expect(page.locator("h1")).to_have_text("Not found")
    page.fill("#nf-q", "elusive")
    page.press("#nf-q", "Enter")
    expect(page.locator(".hit").first).to_be_visible()
    page.close()


def test_changelog_pick_versions_and_see_the_ruling_changes(watched, base_url, built_kb):
    """Open /changes, switch game and back (the pickers follow), pick two versions and the side view,
    and read the ruling changes first, each with the engine's outcome under both versions."""
    from kb.changelog import changelog

    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        versions = [
            v for (v,) in conn.execute("SELECT version FROM documents WHERE game = 'keyforge' ORDER BY version_sort")
        ]
        other_game, other_versions = conn.execute(
            """SELECT game, group_concat(version) FROM (SELECT game, version FROM documents
               WHERE game <> 'keyforge' ORDER BY version_sort) GROUP BY game ORDER BY game LIMIT 1"""
        ).fetchone()
        old, new = versions[1], versions[2]
        log = changelog(conn, "keyforge", old, new)
    assert log["ruling_changes"]
    w = watched(viewport=DESKTOP)
    page = w.page
    page.goto(base_url + "/changes")
    page.select_option("#pick-game", other_game)  # script reloads with that game's versions
    page.wait_for_url(f"**/changes?game={other_game}*")
    assert page.locator("#pick-from option").evaluate_all("els => els.map(e => e.value)") == other_versions.split(",")
    page.select_option("#pick-game", "keyforge")
    page.wait_for_url("**/changes?game=keyforge*")
    page.select_option("#pick-from", old)
    page.select_option("#pick-to", new)
    page.check('input[name="view"][value="side"]')
    page.click("#compare")
    page.wait_for_url(f"**/changes?game=keyforge&from={old}&to={new}*view=side*")
    rulings = page.locator("#ruling-changes .ruling-change")
    expect(rulings).to_have_count(len(log["ruling_changes"]))
    for i, r in enumerate(log["ruling_changes"]):
        expect(rulings.nth(i).locator(".question")).to_have_text(r["question"])
        # what the change deletes and what it inserts (a sentence only added has no <del>)
        if any(c["before"] for c in r["changes"]):
            expect(rulings.nth(i).locator("del").first).to_be_visible()
        if any(c["after"] for c in r["changes"]):
            expect(rulings.nth(i).locator("ins").first).to_be_visible()
        if r["scenario"]:
            expect(rulings.nth(i).locator(".outcome-table")).to_contain_text(f"v{old}")
            expect(rulings.nth(i).locator(".outcome-table")).to_contain_text(f"v{new}")
    first_section = page.locator("main section.panel").nth(1)  # after the summary
    assert first_section.get_attribute("id") == "ruling-changes"
    # entries whose meaning did not change are folded: their side-by-side diffs show once opened
    page.locator("#changed-folded > summary").click()
    expect(page.locator("#changed-folded .sbs").first).to_be_visible()
    w.shot("changes")


def test_keyboard_focus_on_a_checkbox_shows_the_full_ring(watched, base_url):
    w = watched(viewport=DESKTOP)
    page = w.page
    page.goto(base_url + "/?q=elusive")
    page.click(".more-filters > summary")
    box = page.locator('input[name="all"]')
    box.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # focus by keyboard: :focus-visible applies
    style = box.evaluate("e => { const s = getComputedStyle(e); return [s.outlineStyle, s.outlineWidth]; }")
    assert style == ["solid", "3px"], style


def test_chinese_card_names_name_a_cjk_font(watched, base_url, built_kb):
    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        set_code, number = conn.execute(
            "SELECT set_code, number FROM cards WHERE localized_names LIKE '%zhhans%' LIMIT 1"
        ).fetchone()
    w = watched(viewport=DESKTOP)
    w.page.goto(f"{base_url}/cards/{set_code}/{number}")
    for tag, font in (("zh-Hans", "Noto Sans CJK SC"), ("zh-Hant", "Noto Sans CJK TC")):
        family = w.page.locator(f'span[lang="{tag}"]').first.evaluate("e => getComputedStyle(e).fontFamily")
        assert font in family, family


def test_verify_under_another_version_says_what_the_answer_was_then(watched, base_url, built_kb):
    """On the 16.0 Bait and Switch answer (2 times), a run under 1.2 says what 1.2's answer was,
    speaks of you and your opponent, opens the trace with play rather than switch names, and its
    checks table fits a phone."""
    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        entry_id = conn.execute(
            """SELECT e.id FROM entries e JOIN documents d ON d.id = e.document
               WHERE d.game = 'keyforge' AND d.version = '16.0' AND e.kind = 'faq'
               AND e.key LIKE 'faq/my-opponent-has-14-aember%bait-and-switch%'"""
        ).fetchone()[0]
    w = watched(viewport=PHONE, is_mobile=True, has_touch=True)
    page = w.page
    page.goto(f"{base_url}/entries/{entry_id}")
    page.select_option("#verify-version", "1.2")
    page.click("#verify-run")
    result = page.locator(".verify-result").first
    expect(result).to_be_visible(timeout=15_000)
    note = result.locator(".verify-other-version")
    expect(note).to_contain_text("This page shows v16.0. Under v1.2 the answer was")
    expect(note).to_contain_text("7")
    expect(note).to_contain_text("Your Æmber")  # what the check is about, not the path player1.amber
    trace = result.locator(".trace li").all_inner_texts()
    assert trace and not trace[0].startswith("rule set") and not any("player1" in t or "player2" in t for t in trace)
    assert not any(re.search(r"\byou (plays|steals|gains|loses)\b", t, re.I) for t in trace), trace
    # every column of the checks shows on the phone's screen, none behind a sideways scroll
    for cell in result.locator(".checks td").all():
        box = cell.bounding_box()
        assert box is None or box["x"] + box["width"] <= PHONE["width"] + 1, cell.inner_text()
    assert result.locator('.checks td[data-label="Engine"]').first.is_visible()
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the verify result scrolls the page sideways by {overflow}px"
    w.shot("phone-verify-other-version")


def test_on_a_phone_the_brand_shows_and_no_navigation_link_wraps(watched, base_url):
    w = watched(viewport=PHONE, is_mobile=True, has_touch=True)
    page = w.page
    page.goto(base_url + "/")
    expect(page.locator(".brand-name")).to_be_visible()
    assert page.locator(".brand-name").bounding_box()["width"] > 20
    rows = set()
    for link in page.locator(".top-nav a").all():
        box = link.bounding_box()
        rows.add(round(box["y"]))
        line = float(
            link.evaluate("e => parseFloat(getComputedStyle(e).lineHeight) || e.getBoundingClientRect().height")
        )
        assert box["height"] < 2 * line, f"{link.inner_text()!r} wraps onto two lines"
        assert box["x"] + box["width"] <= PHONE["width"], f"{link.inner_text()!r} is off the screen"
    assert len(rows) == 1, "the navigation links take more than one row"
    for field in page.locator(".filters select, .filters input").all():
        box = field.bounding_box()
        assert box["x"] + box["width"] <= PHONE["width"], f"{field.get_attribute('name')} is wider than the screen"
    w.shot("phone-navigation")


def test_on_a_phone_the_api_docs_fit_the_screen(watched, base_url):
    """The parameters of each operation stack on a phone: no cell runs off the screen."""
    w = watched(viewport=PHONE, is_mobile=True, has_touch=True)
    page = w.page
    page.goto(base_url + "/docs/api")
    cells = page.locator(".api-op .checks td").all()
    assert cells
    for cell in cells[:60]:
        box = cell.bounding_box()
        assert box is None or box["x"] + box["width"] <= PHONE["width"] + 1, cell.inner_text()
    w.shot("phone-api-docs")
