"""Accessibility, checked by axe-core (the engine browsers' accessibility tools use; its script
ships in the axe-playwright-python package) on the pages a judge opens, at desktop and phone
sizes, in Debian's chromium against ``rulebase serve``: no serious or critical violation.

The pages' Content-Security-Policy forbids injected scripts, as it should; the checking context
alone bypasses it to load axe.

axe is given to the context once, as an init script that every page it opens runs before its own,
rather than sent over for each page (``add_script_tag``: half a megabyte through Playwright's driver
for each of the 18 pages); and it is asked to detail the violations only (``resultTypes``: every
rule still runs on every node, the passes are just not listed node by node). The nine pages at one
size, measured on a loaded machine: 11.2-12.5 s with a script tag per page, 8.8-9.4 s with the init
script, 8.0-8.1 s with the init script and the violations only.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import axe_playwright_python
import pytest

from test_browser import DESKTOP, PHONE  # noqa: F401 - the fixtures

AXE = Path(axe_playwright_python.__file__).with_name("axe.min.js")
SERIOUS = ("serious", "critical")


def serious_violations(page) -> list[dict]:
    """axe-core's serious and critical violations on ``page`` (axe injected), three nodes each."""
    violations = page.evaluate("""async () => (await axe.run({resultTypes: ['violations']})).violations.map(v => (
        {id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))""")
    return [v for v in violations if v["impact"] in SERIOUS]


def pages(db: Path) -> list[str]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        entry = conn.execute("SELECT min(entry) FROM scenario_entries").fetchone()[0]
        set_code, number = (
            conn.execute(
                """SELECT set_code, number FROM cards WHERE localized_names LIKE '%zh%'
               AND id IN (SELECT card FROM card_errata) LIMIT 1"""
            ).fetchone()
            or conn.execute("SELECT set_code, number FROM cards LIMIT 1").fetchone()
        )
        old, new = [
            v for (v,) in conn.execute("SELECT version FROM documents WHERE game = 'keyforge' ORDER BY version_sort")
        ][-2:]
        # a Magic rule with subrules, and a glossary term that rulings name (its page lists them)
        rule = conn.execute(
            """SELECT e.parent FROM entries e JOIN documents d ON d.id = e.document
               WHERE d.game = 'mtg' AND e.kind = 'rule' AND e.parent IS NOT NULL ORDER BY d.version_sort DESC LIMIT 1"""
        ).fetchone()
        term = conn.execute(
            """SELECT e.id FROM entries e JOIN documents d ON d.id = e.document
               WHERE e.key = 'glossary/elusive' ORDER BY d.version_sort DESC LIMIT 1"""
        ).fetchone()
    return [
        *([f"/entries/{rule[0]}"] if rule else []),
        *([f"/entries/{term[0]}"] if term else []),
        "/?q=bait and switch in 1.1",
        "/?q=elusive before fight",
        "/changes",
        "/entries/999999999",
        "/",
        "/?q=elusive",
        "/?q=can I play another card on the first turn with phase shift",
        f"/entries/{entry}",
        f"/cards/{set_code}/{number}",
        "/versions",
        f"/changes?game=keyforge&from={old}&to={new}",
        "/kotc/check",
        "/docs/api",
    ]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_no_serious_or_critical_violation(browser, base_url, built_kb, viewport):  # noqa: F811
    context = browser.new_context(viewport=viewport, bypass_csp=True)
    context.add_init_script(path=str(AXE))
    page = context.new_page()
    found = {}
    try:
        for path in pages(built_kb):
            page.goto(base_url + path)
            bad = serious_violations(page)
            if bad:
                found[path] = bad
    finally:
        context.close()
    assert found == {}
