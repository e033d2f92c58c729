"""``/changes`` in a real browser (Debian's chromium through Playwright, against ``rulebase serve``),
at a desktop's 1280x800 and a phone's 390x844, on the KB the tests build.

What a judge notices: KeyForge 1.3 -> 16.0 (53 ruling changes, 79 changed and 155 added entries) is
a page to read, not to scroll for minutes: well under 15,000 px on a desktop and 30,000 px on a
phone, with the ruling changes starting on the first screen; what did not change meaning is folded
and opens on a click; numbered steps show as steps, one under the other; each outcome table
sits with the setup it was replayed from. Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import re
import sqlite3

import pytest
from playwright.sync_api import expect

from api.changes_page import PAGE_SIZES
from kb.changelog import changelog
from test_browser import ARTIFACTS, PHONE, watching  # noqa: F401 - the fixtures

DESKTOP = {"width": 1280, "height": 800}
URL = "/changes?game=keyforge&from={}&to={}"
#: the heights the report asked to stay well under, and the share of them a page may take
REPORTED = {"desktop": 15_000, "phone": 30_000}
WELL_UNDER = 0.8
STEP = re.compile(r"^\s*\d{1,3}[.)]\s")
VIEWPORTS = {"desktop": {"viewport": DESKTOP}, "phone": {"viewport": PHONE, "is_mobile": True, "has_touch": True}}


@pytest.fixture
def opened(browser, base_url):  # noqa: F811
    yield from watching(browser, base_url, VIEWPORTS)


@pytest.fixture(scope="module")
def log(built_kb):
    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        return changelog(conn, "keyforge", "1.3", "16.0")


def ruling_url(n: int) -> str:
    """The page of 1.3 -> 16.0 holding ruling change ``n`` (from 1), at its anchor."""
    return URL.format("1.3", "16.0") + f"&ruling_changes_page={1 + (n - 1) // PAGE_SIZES['ruling_changes']}#ruling-{n}"


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_long_changelog_is_a_page_to_read(opened, base_url, log, device):  # noqa: F811
    assert len(log["ruling_changes"]) > PAGE_SIZES["ruling_changes"] and len(log["added"]) > PAGE_SIZES["added"]
    w = opened(device)
    page = w.page
    page.goto(base_url + URL.format("1.3", "16.0"))
    height = page.evaluate("document.documentElement.scrollHeight")
    screen = VIEWPORTS[device]["viewport"]
    assert height < WELL_UNDER * REPORTED[device], f"{device}: the page is {height}px tall"
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{device}: scrolls sideways by {overflow}px"
    # the ruling changes start on the first screen, their first change of meaning open
    assert page.locator("#ruling-changes h2").bounding_box()["y"] < screen["height"]
    expect(page.locator("#ruling-1 .meaning-change").first).to_be_visible()
    # the counts are the whole changelog's
    for name in ("ruling_changes", "changed", "added"):
        expect(page.locator(f'#summary [data-count="{name}"] strong')).to_have_text(str(len(log[name])))
    expect(page.locator("#ruling-changes article.ruling-change")).to_have_count(PAGE_SIZES["ruling_changes"])
    # what kept its meaning is folded: closed, with its count
    same = [x for x in log["changed"] if not x["meaning"]]
    folded = page.locator("#changed-folded")
    expect(folded.locator("summary")).to_contain_text(f"{len(same)} entries")
    expect(folded.locator("article.change-item").first).to_be_hidden()
    w.shot(f"changes-1.3-16.0-{device}")
    folded.locator("summary").click()
    expect(folded.locator("article.change-item")).to_have_count(len(same))
    expect(folded.locator("article.change-item .diff-block").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollHeight") > height, "opening the group shows its diffs"


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_numbered_steps_show_one_under_the_other(opened, base_url, log, device):  # noqa: F811
    n, r = next(
        (n, r)
        for n, r in enumerate(log["ruling_changes"], 1)
        if sum(bool(STEP.match(line)) for line in r["to_answer"].splitlines()) >= 3
    )
    expected = [line for line in r["to_answer"].splitlines() if STEP.match(line)]
    w = opened(device)
    page = w.page
    page.goto(base_url + ruling_url(n))
    article = page.locator(f"#ruling-{n}")
    article.locator("details.whole-text > summary").click()
    steps = article.locator("details.whole-text .sbs-col").nth(1).locator("ol.diff-list > li")
    expect(steps).to_have_count(len(expected))
    boxes = [steps.nth(i).bounding_box() for i in range(len(expected))]
    for above, below in zip(boxes, boxes[1:]):  # each step on a line of its own, in order
        assert below["y"] >= above["y"] + above["height"] - 1
        assert abs(below["x"] - above["x"]) < 1
    for i, line in enumerate(expected):
        expect(steps.nth(i)).to_contain_text(line.split()[0])  # its own number
    article.locator("details.whole-text").screenshot(path=str(ARTIFACTS / f"changes-steps-{device}.png"))


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_each_outcome_table_sits_with_its_setup(opened, base_url, log, device):  # noqa: F811
    n, r = next((n, r) for n, r in enumerate(log["ruling_changes"], 1) if r["scenario"])
    w = opened(device)
    page = w.page
    page.goto(base_url + ruling_url(n))
    outcome = page.locator(f"#ruling-{n} .outcome")
    setup, table = outcome.locator(".setup"), outcome.locator("table.outcome-table")
    expect(setup).to_be_visible()
    expect(table).to_be_visible()
    expect(setup.locator("dt").first).to_have_text("Turn")
    expect(setup).to_contain_text("You")
    assert "player1" not in setup.inner_text() and "player2" not in setup.inner_text()
    s, t = setup.bounding_box(), table.bounding_box()
    if device == "desktop":  # side by side
        assert s["x"] + s["width"] <= t["x"] and abs(s["y"] - t["y"]) < 40
    else:  # the setup first, then the outcome
        assert s["y"] + s["height"] <= t["y"]
    outcome.screenshot(path=str(ARTIFACTS / f"changes-outcome-{device}.png"))
