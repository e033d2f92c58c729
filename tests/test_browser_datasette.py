"""``rulebase datasette`` in a real browser: Debian's chromium, headless, driven by Playwright, against
the command as users run it on the KB built from the bundled sources, at a desktop's size (1280×800)
and a phone's (390×844).

What a user browsing the KB sees: a table's first rows on the first screen (its description and its
columns' descriptions folded above them), the canned queries listed and headed by their titles, and
a row naming the document it comes from rather than its number. Each page must log no console error
and fail no request. Screenshots go to tests/artifacts/ for a person to look at.
"""

from __future__ import annotations

import json
import re
import sqlite3
import urllib.request

import pytest
from playwright.sync_api import expect

from test_browser import ARTIFACTS, PHONE, Watched, running, watching  # noqa: F401 - the fixture

#: the screens of the report: a laptop's and a phone's
DESKTOP = {"width": 1280, "height": 800}
SIZES = {"desktop": {"viewport": DESKTOP}, "phone": {"viewport": PHONE, "is_mobile": True, "has_touch": True}}
DB = "kb"


@pytest.fixture(scope="module")
def ds_url(built_kb):
    """``rulebase datasette`` on a free local port."""
    with running("datasette", "--port", "0", "--db", str(built_kb), what="rulebase datasette") as url:
        metadata_json(url)  # answering
        yield url


def metadata_json(url: str, path: str = "/-/metadata.json") -> dict:
    import time

    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url + path, timeout=30) as r:
                return json.loads(r.read())
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


@pytest.fixture
def watched(browser, ds_url):  # noqa: F811
    yield from watching(browser, ds_url, SIZES)


def screen_shot(w: Watched, name: str) -> None:
    """The first screen as the user sees it (not the whole page): what these tests are about."""
    w.page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


@pytest.mark.parametrize("size", SIZES)
def test_a_tables_first_rows_are_on_the_first_screen(watched, ds_url, size):
    """Every table and view of the KB shows its first row on the first screen; its description and
    every column's description are one click away on the line above the rows."""
    w = watched(size)
    height = SIZES[size]["viewport"]["height"]
    listing = metadata_json(ds_url, f"/{DB}.json")
    names = [t["name"] for t in listing["tables"] if not t["hidden"]] + [v["name"] for v in listing["views"]]
    tables = metadata_json(ds_url)["databases"][DB]["tables"]
    assert {"entries", "cards", "documents"} <= set(names)
    late = {}
    for name in names:
        w.page.goto(f"{ds_url}/{DB}/{name}")
        # where the value of the first row's first cell is drawn (the cell itself is as tall as the
        # row, a long text makes it taller than the screen)
        box = w.page.evaluate("""() => {
            const td = document.querySelector('table.rows-and-columns tbody tr td');
            if (!td) return null;
            const range = document.createRange();
            range.selectNodeContents(td);
            const r = range.getBoundingClientRect();
            return {y: r.top, height: r.height};
        }""")
        assert box and box["height"] > 0, f"{name}: no row shown"
        if not (0 <= box["y"] and box["y"] + box["height"] <= height):
            late[name] = round(box["y"])
        if name in ("entries", "cards", "documents"):
            screen_shot(w, f"datasette-{name}-{size}")
    assert not late, f"first row below the first screen ({height} px) at y = {late}"
    # the descriptions, folded: the table's summary line opens them
    w.page.goto(f"{ds_url}/{DB}/entries")
    columns = tables["entries"]["columns"]
    notes = w.page.locator("details").filter(has_text=tables["entries"]["summary"]).first
    for text in columns.values():
        expect(notes.get_by_text(text, exact=True).first).to_be_hidden()
    notes.locator("summary").click()
    expect(notes.get_by_text(tables["entries"]["description"], exact=True)).to_be_visible()
    for text in columns.values():
        expect(notes.get_by_text(text, exact=True).first).to_be_visible()
    screen_shot(w, f"datasette-entries-notes-{size}")


@pytest.mark.parametrize("size", SIZES)
def test_canned_queries_are_listed_and_headed_by_their_titles(watched, ds_url, size):
    """The database page lists every canned query by title on the first screen (the licence notes
    of the hundred source documents folded above them); a query's page and tab carry its title and
    its description, not its SQL."""
    w = watched(size)
    queries = metadata_json(ds_url)["databases"][DB]["queries"]
    w.page.goto(f"{ds_url}/{DB}")
    height = SIZES[size]["viewport"]["height"]
    for q in queries.values():
        link = w.page.get_by_role("link", name=q["title"], exact=True)
        expect(link).to_be_visible()
        assert link.get_attribute("title") == q["description"]
    first = w.page.get_by_role("link", name=next(iter(queries.values()))["title"], exact=True).bounding_box()
    assert first["y"] + first["height"] <= height, f"the first canned query is at y = {first['y']}"
    screen_shot(w, f"datasette-database-{size}")
    for name, q in queries.items():
        w.page.get_by_role("link", name=q["title"], exact=True).click()
        w.page.wait_for_url(re.compile(rf"/{DB}/{name}\?"))  # on its example (api/datasette_front.py)
        assert w.page.title() == f"{q['title']} · {DB}"
        expect(w.page.get_by_role("heading", level=1)).to_have_text(q["title"])
        expect(w.page.get_by_text(q["description"], exact=True)).to_be_visible()
        w.page.go_back()
    w.page.goto(f"{ds_url}/{DB}/changes_between_versions?game=keyforge&from=1.3&to=16.0")
    assert w.page.title() == f"{queries['changes_between_versions']['title']} · {DB}"
    screen_shot(w, f"datasette-changes-query-{size}")


@pytest.mark.parametrize("size", SIZES)
def test_a_row_names_its_document_and_card(watched, ds_url, built_kb, size):
    """An entry's row shows the title of the document it comes from (a link to that document's
    row), an erratum's row the name of its card: not their ids."""
    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        entry, doc_id, doc_title = conn.execute(
            """SELECT e.id, d.id, d.title FROM entries e JOIN documents d ON d.id = e.document
               WHERE d.game = 'keyforge' AND e.kind = 'faq' ORDER BY d.version_sort DESC, e.ordinal LIMIT 1"""
        ).fetchone()
        erratum, card = conn.execute(
            "SELECT ce.id, c.name FROM card_errata ce JOIN cards c ON c.id = ce.card LIMIT 1"
        ).fetchone()
    w = watched(size)
    w.page.goto(f"{ds_url}/{DB}/card_errata/{erratum}")
    expect(w.page.locator("td.col-card a")).to_have_text(card)
    w.page.goto(f"{ds_url}/{DB}/entries/{entry}")
    document = w.page.locator("td.col-document a")
    expect(document).to_have_text(doc_title)
    screen_shot(w, f"datasette-entry-row-{size}")
    document.click()
    w.page.wait_for_url(f"**/{DB}/documents/{doc_id}")
    expect(w.page.get_by_role("heading", level=1)).to_have_text(f"documents: {doc_id}")
