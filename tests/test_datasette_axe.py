"""axe-core on the Datasette pages we configure (api/datasette_templates, api/datasette_metadata.yaml),
in Debian's chromium against ``rulebase datasette`` at a desktop's size (1280×800) and a phone's
(390×844): the index, the database page, the main tables as they open and every other table and
view, a row, and every canned query as it opens. No serious or critical violation, and each canned
query's first row on the first screen, above its SQL. Measured on a busy machine: 98 s (desktop)
and 61 s (phone) for the 25 pages, most of it axe on tables of many rows."""

from __future__ import annotations

import pytest

from test_accessibility import AXE, serious_violations
from test_browser_datasette import DB, ds_url, metadata_json  # noqa: F401 - the fixture

#: the tables a judge opens first, checked with every row they open on
MAIN_TABLES = ("entries", "documents", "cards")
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def datasette_pages(url: str) -> list[str]:
    """The index, the database, every table and view as it opens, a row, every canned query."""
    queries = metadata_json(url)["databases"][DB]["queries"]
    listing = metadata_json(url, f"/{DB}.json")
    tables = [t["name"] for t in listing["tables"] if not t["hidden"]] + [v["name"] for v in listing["views"]]
    assert {"entries", "documents", "cards"} <= set(tables)
    # the main tables as they open; the others (the same template) at ten rows: axe takes 7-16 s on a
    # page of 100 rows of a busy machine's chromium, under 2 s on ten
    return (
        ["/", f"/{DB}", f"/{DB}/entries/1"]
        + [f"/{DB}/{t}" if t in MAIN_TABLES else f"/{DB}/{t}?_size=10" for t in tables]
        + [f"/{DB}/{q}" for q in queries]
    )


@pytest.mark.parametrize("size", SIZES)
def test_no_serious_or_critical_violation_on_datasette_pages(browser, ds_url, size):  # noqa: F811
    context = browser.new_context(viewport=SIZES[size], bypass_csp=True)
    context.add_init_script(path=str(AXE))
    page = context.new_page()
    found = {}
    try:
        for path in datasette_pages(ds_url):
            page.goto(ds_url + path)
            assert page.locator("html").get_attribute("lang") == "en"
            if bad := serious_violations(page):
                found[path] = bad
    finally:
        context.close()
    assert found == {}


@pytest.mark.parametrize("size", SIZES)
def test_a_canned_query_opens_on_its_example_rows_before_its_sql(browser, ds_url, size):  # noqa: F811
    """Each canned query opens on rows (its example's), the first of them on the first screen
    of a desktop, and the SQL folded below them."""
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    late = {}
    try:
        for name, q in metadata_json(ds_url)["databases"][DB]["queries"].items():
            page.goto(f"{ds_url}/{DB}/{name}")
            assert "?" in page.url, f"{name}: opened without its example"
            first = page.locator("table.rows-and-columns tbody tr").first
            first.wait_for()
            sql = page.locator("details.query-sql")
            assert not sql.evaluate("d => d.open")
            assert first.bounding_box()["y"] < sql.bounding_box()["y"]
            if size == "desktop" and first.bounding_box()["y"] > SIZES[size]["height"]:
                late[name] = first.bounding_box()["y"]
    finally:
        context.close()
    assert late == {}
