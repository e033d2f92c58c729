"""The board builder page (/builder) in chromium, before anything runs: a judge builds a board by
typing card names (any language) and clicking, sets each card's state, lists actions; the address
bar holds the whole question at every moment, and that address rebuilds it in a fresh browser. At
1280×800 and 390×844, with no sideways scrolling, no console error, no failed request, and no
serious or critical axe-core violation. The page is interactive within 1 s of navigation (printed)."""

from __future__ import annotations

import re

import sqlite3

import pytest

from playwright.sync_api import expect

from builder_steps import (
    DESKTOP,
    SIZES,
    add_action,
    add_card,
    answer,
    card_row,
    drawn_card,
    final_board,
    open_builder,
    question_in_url,
    run,
    set_state,
    settled,
    zone,
)
from test_accessibility import AXE, serious_violations
from test_browser import PHONE, watched  # noqa: F401 (fixture)


def _build(page) -> None:
    """A board built by typing and clicking only: Shadow Self found by its German name."""
    add_card(page, "Shadow Self", "You: Battleline, left to right", typed="Schatten-Ich")
    add_card(page, "Troll", "You: Battleline, left to right")
    card_row(page, "player1", "battleline", "Troll").get_by_role("button", name="Move Troll up").click()
    add_card(page, "Shoulder Armor", "Upgrade on Troll (you)")
    add_card(page, "Krump", "Your opponent: Battleline, left to right")
    add_card(page, "Bait and Switch", "You: Hand", typed="bait and swich")  # a typo: the search is fuzzy
    set_state(page, "player2", "battleline", "Krump", exhausted=True, damage=2)
    page.get_by_label("Æmber", exact=True).first.fill("3")
    page.select_option("#turn-house", "brobnar")
    add_action(page, "Fight with", card="Troll", target="Krump")
    add_action(page, "End the turn")
    page.get_by_role("button", name="Move action 1 down").click()  # reordered, then put back
    expect(page.locator("#action-list li > span").first).to_have_text("End the turn")
    page.get_by_role("button", name="Move action 2 up").click()


def _check_board(page) -> None:
    assert zone(page, "player1", "battleline") == ["Troll", "Shadow Self"]
    flanks = page.locator('#board-player1 .zone[data-zone="battleline"] .flank').all_inner_texts()
    assert flanks == ["left flank", "right flank"]
    expect(card_row(page, "player1", "battleline", "Troll").locator(".upgrades")).to_contain_text("Shoulder Armor")
    assert zone(page, "player2", "battleline") == ["Krump"]
    assert zone(page, "player1", "hand") == ["Bait and Switch"]
    krump = card_row(page, "player2", "battleline", "Krump")
    expect(krump.get_by_label("Exhausted", exact=True)).to_be_checked()
    expect(krump.get_by_label("Damage", exact=True)).to_have_value("2")
    expect(page.locator("#player1-amber")).to_have_value("3")
    expect(page.locator("#turn-house")).to_have_value("brobnar")
    assert page.locator("#action-list li > span").all_inner_texts() == [
        "Fight with Troll, attacking Krump",
        "End the turn",
    ]


def _a_name_typed_as_soon_as_taken(page, base_url: str):
    """The builder opened and "Troll" typed into the card search the moment it takes input: listed
    once the script is up."""
    open_builder(page, base_url)
    page.fill("#card-search", "Troll")
    expect(page.locator('.card-hit[data-name="Troll"]')).to_be_visible(timeout=10_000)
    return page


@pytest.mark.serial
@SIZES
def test_the_card_search_accepts_input_within_a_second(watched, base_url, viewport):
    # a deadline, so it runs alone (make test's serial pass): in the parallel pass, beside a KB build
    # on the other core, it once took 1.27 s
    page = _a_name_typed_as_soon_as_taken(watched(viewport=viewport).page, base_url)
    times = page.evaluate("window.__builderTimes")
    print(
        f"\nbuilder at {viewport['width']}px, ms after navigation: card search accepts input {times['search']:.0f},"
        f" script up {times['script']:.0f}; a name typed at {times['typed']:.0f} is listed"
        f" {times['results'] - times['typed']:.0f} ms later"
    )
    assert times["search"] < 1000, f"the card search took {times['search']:.0f} ms to accept input"


@SIZES
def test_build_a_board_by_typing_and_clicking_and_reopen_it_from_its_address(watched, base_url, viewport):
    w = watched(viewport=viewport)
    page = _a_name_typed_as_soon_as_taken(w.page, base_url)
    page.fill("#card-search", "")
    _build(page)
    _check_board(page)
    question = question_in_url(page.url)
    setup = question["s"]["setup"]
    assert setup["player1"]["battleline"] == [{"card": "Troll", "upgrades": ["Shoulder Armor"]}, "Shadow Self"]
    assert setup["player2"]["battleline"] == [{"card": "Krump", "exhausted": True, "damage": 2}]
    assert setup["player1"]["amber"] == 3 and setup["turn"]["house"] == "brobnar"
    assert question["s"]["actions"] == [{"fight": {"attacker": "Troll", "target": "Krump"}}, {"end_turn": True}]
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    w.shot(f"builder-board-{viewport['width']}")

    fresh = watched(viewport=viewport).page  # a new browser context: nothing shared but the address
    fresh.goto(page.url)
    expect(fresh.locator("#action-list li")).to_have_count(2)
    _check_board(fresh)


def test_the_search_says_what_it_found_in_any_language_and_every_set(watched, base_url):
    page = watched(viewport=DESKTOP).page
    open_builder(page, base_url)
    page.fill("#card-search", "Zorn")  # Anger, in German
    hit = page.locator('.card-hit[data-name="Anger"]')
    expect(hit).to_be_visible(timeout=10_000)
    expect(hit).to_contain_text("(Zorn)")
    page.fill("#card-search", "Sensor Chief Garcia")  # printed in several sets: listed once
    expect(page.locator('.card-hit[data-name="Sensor Chief Garcia"]')).to_have_count(1)


def _a_card_not_playable(built_kb) -> str:
    """A card of plain name the engine cannot play yet (which one changes as templates are added,
    so it is looked up, not named)."""
    from engine.compile.coverage import coverage

    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        return next(
            name
            for cov in coverage(conn)
            for name in sorted(cov.refused)
            if re.fullmatch(r"[A-Za-z ]+", name)
            and conn.execute("SELECT count(DISTINCT text) FROM cards WHERE name = ?", (name,)).fetchone()[0] == 1
        )


def test_each_card_found_says_whether_the_engine_can_play_it_and_why_not(watched, base_url, built_kb):
    page = watched(viewport=PHONE).page
    open_builder(page, base_url)
    page.fill("#card-search", "Troll")
    expect(page.locator('.card-hit[data-name="Troll"] .playable')).to_have_text("the engine can play it")
    name = _a_card_not_playable(built_kb)
    page.fill("#card-search", name)
    hit = page.locator(f'.card-hit[data-name="{name}"]')
    expect(hit).to_be_visible(timeout=10_000)
    why = page.request.get(f"{base_url}/api/cards", params={"name": name, "limit": 1}).json()["results"][0]["why"]
    assert why  # the compiler's words: the sentence no template reads
    expect(hit.locator(".why")).to_have_text(f"the engine cannot play it: {why}")
    hit.get_by_role("button", name=f"Add {name}").click()  # still placeable: a discard, a deck
    assert zone(page, "player1", "hand") == [name]


def test_the_builder_is_linked_from_the_header_the_card_pages_and_the_verify_panel(watched, base_url, built_kb):
    page = watched(viewport=DESKTOP).page
    page.goto(base_url + "/")
    page.locator(".top-nav").get_by_role("link", name="Builder").click()
    page.wait_for_url("**/builder")
    expect(page.locator("h1")).to_have_text("Board builder")

    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        set_code, number = conn.execute("SELECT set_code, number FROM cards WHERE name = 'Krump' LIMIT 1").fetchone()
        entry, ruling = conn.execute(
            """SELECT se.entry, se.scenario FROM scenario_entries se JOIN entries e ON e.id = se.entry
               JOIN documents d ON d.id = e.document WHERE d.game = 'keyforge' ORDER BY se.entry LIMIT 1"""
        ).fetchone()
    page.goto(f"{base_url}/cards/{set_code}/{number}")
    page.get_by_role("link", name="Ask the engine about this card").click()
    expect(page.locator('.card-hit[data-name="Krump"]')).to_be_visible(timeout=10_000)
    expect(page.locator("#card-search")).to_have_value("Krump")

    page.goto(f"{base_url}/entries/{entry}")
    link = page.locator(f'#verify .scenario:has(code:text-is("{ruling}")) a.open-builder')
    expect(link).to_have_attribute("href", f"/builder?ruling={ruling}")


def versions(page) -> list[str]:
    return page.locator("#builder-version option").evaluate_all("els => els.map(e => e.value)")


@SIZES
def test_no_serious_or_critical_accessibility_violation(browser, base_url, viewport):
    context = browser.new_context(viewport=viewport, bypass_csp=True)
    context.add_init_script(path=str(AXE))
    page = context.new_page()
    found = {}
    try:
        open_builder(page, base_url)
        moments = ("empty", "built", "a decision", "every version's outcome", "differences between versions")
        for moment in moments:
            if moment == "built":
                add_card(page, "Troll", "You: Battleline, left to right")
                add_card(page, "Krump", "Your opponent: Battleline, left to right")
                add_card(page, "Punch", "You: Hand")
                card_row(page, "player1", "battleline", "Troll").locator("summary").click()
                page.select_option("#turn-house", "brobnar")
                add_action(page, "Play", card="Punch")
            elif moment == "a decision":
                page.check("#builder-every")
                run(page)
                expect(page.locator("#builder-decision")).to_be_visible()
            elif moment == "every version's outcome":
                answer(page, "Krump")
                expect(page.locator("#builder-outcome .run")).to_have_count(len(versions(page)))
                page.locator("#builder-outcome details").evaluate_all("els => els.forEach(e => e.open = true)")
            elif moment == "differences between versions":
                open_builder(page, base_url, "?ruling=bait-and-switch-14-amber")
                settled(page)
                page.check("#builder-every")
                run(page)
                expect(page.locator("#builder-diffs")).to_be_visible()
            bad = serious_violations(page)
            if bad:
                found[moment] = bad
    finally:
        context.close()
    assert found == {}


def test_a_second_copy_of_a_card_gets_a_name_of_its_own(watched, base_url):
    page = watched(viewport=DESKTOP).page
    open_builder(page, base_url)
    add_card(page, "Troll", "You: Battleline, left to right")
    add_card(page, "Troll", "You: Battleline, left to right")
    add_card(page, "Krump", "Your opponent: Battleline, left to right")
    assert zone(page, "player1", "battleline") == ["Troll", "Troll 2"]
    page.select_option("#turn-house", "brobnar")
    add_action(page, "Fight with", card="Troll 2", target="Krump")
    assert question_in_url(page.url)["s"]["setup"]["player1"]["battleline"] == [
        "Troll",
        {"card": "Troll", "id": "Troll 2"},
    ]
    run(page)
    board = final_board(page, versions(page)[-1])
    expect(drawn_card(board, "player1", "battleline", "Troll 2")).to_contain_text("6 damage")
    expect(drawn_card(board, "player1", "battleline", "Troll")).not_to_contain_text("damage")
