"""The Comprehensive Rules in a real browser (Debian's chromium driven by Playwright, against
``rulebase serve`` on the test KB; the server, browser and page watching are those of
``test_browser``).

What a player does: types a keyword and sees its rule and its glossary definition come first
without pressing enter; opens the rule, follows a subrule and a cross-reference and stays in the
same rulebook version; types a rule number; reads a renumbered rule's history, opens a version from
a folded run; goes from the versions page to what a release changed; filters the search by a CR
version; and on a phone nothing runs off the screen. Expected values come from the KB, never typed
in. Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import re
import sqlite3

import pytest
from playwright.sync_api import expect

from test_browser import DESKTOP, PHONE, watched  # noqa: F401 (fixtures)
from test_cr_site import renumbered, rule_entry, versions


@pytest.fixture(scope="module")
def kb(built_kb):
    conn = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    yield conn
    conn.close()


def test_type_a_term_open_the_rule_follow_subrule_and_cross_reference(watched, base_url, kb):
    latest = versions(kb)[-1]
    rule, term = (
        rule_entry(kb, latest, "702.19"),
        kb.execute(
            """SELECT e.id FROM entries e JOIN documents d ON d.id = e.document WHERE d.game = 'mtg'
           AND d.version = ? AND e.key = 'glossary/trample'""",
            (latest,),
        ).fetchone()[0],
    )
    w = watched(viewport=DESKTOP)
    page = w.page
    page.goto(base_url + "/")
    page.locator("#q").press_sequentially("trample", delay=40)
    titles = page.locator("#results .hit-title a")
    expect(titles.first).to_be_visible(timeout=10_000)
    expect(page.locator("#result-count")).to_contain_text("found")
    # the rule that states trample and the glossary term come first: the subrule heads the results
    # (its heading 702.19 has no text of its own: kb/search_answers.py), the term's definition sits
    # in the side panel (kb.term_panel) instead of taking the second place
    stated = rule_entry(kb, latest, "702.19a")
    shown = {titles.first.get_attribute("href"), page.locator(".terms-panel dt a").first.get_attribute("href")}
    assert shown == {f"/entries/{stated}", f"/entries/{term}"}
    w.shot("cr-search-term")
    page.click(f'#results .hit-title a[href="/entries/{stated}"]')
    page.wait_for_url(f"**/entries/{stated}")
    # its breadcrumb leads to the whole rule
    page.locator(f'a[href="/entries/{rule}"]').first.click()
    page.wait_for_url(f"**/entries/{rule}")
    expect(page.locator("#rule-number")).to_contain_text(f"Rule 702.19 in v{latest}")
    page.click('#subrules a.subrule-number:text-is("702.19c")')
    page.wait_for_url(f"**/mtg/{latest}/702.19c")
    expect(page.locator("#rule-number")).to_contain_text("702.19c")
    ref = page.locator(".entry-text a.rule-ref").first
    expect(ref).to_be_visible()
    number = ref.inner_text()
    ref.click()
    page.wait_for_url(f"**/mtg/{latest}/{number}")
    expect(page.locator(".source .badge-version.is-current")).to_have_text(f"v{latest}")
    expect(page.locator("article.entry")).to_have_attribute("data-entry-id", str(rule_entry(kb, latest, number)))
    w.shot("cr-cross-reference")


def test_a_rule_number_typed_finds_that_rule_first(watched, base_url, kb):
    latest = versions(kb)[-1]
    w = watched(viewport=DESKTOP)
    page = w.page
    page.goto(base_url + "/")
    page.locator("#q").press_sequentially("rule 702.19b", delay=40)
    first = page.locator("#results .hit-title a").first
    expect(first).to_have_attribute("href", f"/entries/{rule_entry(kb, latest, '702.19b')}", timeout=10_000)
    expect(page.locator("#results .hit")).to_have_count(1)


def test_a_renumbered_rule_s_history_and_a_folded_run(watched, base_url, kb):
    thread, old, new, before, after = renumbered(kb)
    w = watched(viewport=DESKTOP)
    page = w.page
    page.goto(f"{base_url}/mtg/{after}/{new}")
    history = page.locator("#history")
    expect(history.locator(".renumbered")).to_contain_text(f"renumbered {old} → {new} in {after}")
    expect(page.locator("#history-summary")).to_contain_text(f"In {len(versions(kb))} versions")
    w.shot("cr-renumbered-history")
    run = history.locator('[data-step="unchanged"] details.run-versions')
    if run.count():  # a run of several unchanged versions: folded, each version one click away
        run.first.locator("summary").click()
        link = run.first.locator("a.badge-version").first
        expect(link).to_be_visible()
        target = link.get_attribute("href")
        link.click()
        page.wait_for_url(f"**{target}")
    else:
        page.locator(f'#history a:text-is("open v{before}")').click()
        page.wait_for_url(f"**/entries/{rule_entry(kb, before, old)}")
    expect(page.locator("#history")).to_be_visible()


def test_versions_page_leads_to_what_a_release_changed(watched, base_url, kb):
    vs = versions(kb)
    w = watched(viewport=DESKTOP)
    page = w.page
    page.goto(base_url + "/versions")
    page.locator(f"#v-mtg-{vs[-1]} a.changes-link").click()
    page.wait_for_url(re.compile(rf".*/changes\?game=mtg&from={vs[-2]}&to={vs[-1]}$"))
    expect(page.locator("#pick-from")).to_have_value(vs[-2])
    expect(page.locator("#pick-to")).to_have_value(vs[-1])
    expect(page.locator("#renumbered li").first).to_be_visible()
    expect(page.locator("#summary")).to_contain_text(f"v{vs[-2]} → v{vs[-1]}")
    w.shot("cr-release-changes")


def test_search_filtered_to_an_older_cr_version(watched, base_url, kb):
    vs = versions(kb)
    w = watched(viewport=DESKTOP)
    page = w.page
    page.goto(base_url + "/?q=trample")
    expect(page.locator("#results .hit").first).to_be_visible()
    options = page.locator('select[name="version"] optgroup[label^="Magic"] option')
    assert options.evaluate_all("els => els.map(e => e.value)") == vs
    page.select_option('select[name="version"]', vs[0])
    page.wait_for_url(re.compile(rf".*version={vs[0]}.*"))
    badges = page.locator("#results .hit .badge-version.is-current")
    expect(badges.first).to_have_text(f"v{vs[0]}")
    assert set(badges.all_inner_texts()) == {f"v{vs[0]}"}


def test_rule_pages_fit_a_phone(watched, base_url, kb):
    thread, old, new, before, after = renumbered(kb)
    w = watched(viewport=PHONE, is_mobile=True, has_touch=True)
    page = w.page
    for name, path in (
        ("phone-cr-rule", f"/mtg/{after}/{new}"),
        ("phone-cr-subrules", "/mtg/702.19"),
        ("phone-cr-versions", "/versions"),
    ):
        page.goto(base_url + path)
        expect(page.locator("h1")).to_be_visible()
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{path} scrolls sideways on a phone by {overflow}px"
        w.shot(name)
