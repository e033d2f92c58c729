"""The verify panel shows what a decision offered: the Garcia's Blaster ruling checks that the
choice between its two effects offered the damage only, never the attach."""

from __future__ import annotations

import sqlite3

from playwright.sync_api import expect

from test_browser import DESKTOP, PHONE, watched  # noqa: F401 (fixtures)


def _garcia_entry(built_kb) -> int:
    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        return conn.execute(
            """SELECT se.entry FROM scenario_entries se JOIN entries e ON e.id = se.entry
               JOIN documents d ON d.id = e.document
               WHERE se.scenario = 'garcia-blaster-two-garcias' AND d.version = '16.0'"""
        ).fetchone()[0]


def test_the_verify_panel_shows_what_a_decision_did_not_offer(watched, base_url, built_kb):
    for viewport, name in ((DESKTOP, "verify-decisions"), (PHONE, "phone-verify-decisions")):
        w = watched(viewport=viewport)
        page = w.page
        page.goto(f"{base_url}/entries/{_garcia_entry(built_kb)}")
        page.click("#verify-run")
        result = page.locator(".verify-result").first
        expect(result).to_have_attribute("data-passed", "true", timeout=15_000)
        row = result.locator("table.checks tr").filter(has_text="decision 0.2 did not offer")
        expect(row).to_have_count(1)
        expect(row).to_contain_text("attach Garcia’s Blaster")
        expect(row.locator("td.check-ok")).to_have_text("✓")
        expect(result.locator("table.checks tr").filter(has_text="decision 0.2 offered")).to_contain_text(
            "deal 2 damage"
        )
        expect(result.locator(".trace")).to_contain_text("decision 0.2")
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        w.shot(name)
