"""The board builder end to end, in chromium against ``rulebase serve`` on the sample KB: three
questions no file in rulings/ asks, each built from an empty board by typing card names and
clicking, run in the engine, every decision answered as the page offers it; the drawn result and
the per-version table checked; the permalink reopened in a fresh browser context draws the same;
the downloaded ruling passes ``rulebase verify --file`` as it was downloaded. At 1280×800 and 390×844.

The three questions:
- Crim Torchtooth (splash-attack 4) fights a Troll whose neighbour is Shadow Self: the fight damage
  and the splash both land on Shadow Self, which is destroyed; the Troll is untouched;
- Bait and Switch against 14 Æmber under every version: 1.1 and 1.2 take 7, 1.3 and 16.0 take 2
  (the erratum), side by side, the difference marked with its cause;
- Punch with three creatures in play: one decision, three options, asked once for the four versions
  whose decision is the same; answered Dust Pixie, then from the start again, Troll.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import expect

from builder_steps import (
    DESKTOP,
    SIZES,
    add_action,
    add_card,
    answer,
    drawn,
    drawn_card,
    drawn_stat,
    final_board,
    open_builder,
    question_in_url,
    run,
    settled,
)
from conftest import run_cli
from test_browser import PHONE, watched  # noqa: F401 (fixture)

YOU, THEM = "You: ", "Your opponent: "
LINE, HAND = "Battleline, left to right", "Hand"


def _no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0


def _reopen(watched, viewport, url: str):
    """The permalink in a new browser context (nothing shared but the address): it re-runs."""
    page = watched(viewport=viewport).page
    page.goto(url)
    expect(page.locator("#builder-outcome .run, #builder-decision").first).to_be_visible(timeout=60_000)
    settled(page)
    return page


def _download_and_verify(page, tmp_path: Path, built_kb, entry_query: str | None = None) -> str:
    """Download the question as a ruling (its KB entry picked through the site's search when asked)
    and replay the file, unchanged, with the CLI: every version it replays passes."""
    page.fill("#export-id", "builder-question")
    page.fill("#export-title", "A question built in the board builder")
    if entry_query:
        page.fill("#export-entry-search", entry_query)
        pick = page.locator("#export-entry-hits button").first
        expect(pick).to_be_visible(timeout=10_000)
        pick.click()
        expect(page.locator("#export-entry")).not_to_be_empty()
    with page.expect_download() as download:
        page.click("#export-download")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.name == "builder-question.yaml"
    proc = run_cli("verify", "--file", str(path), "--db", str(built_kb), "--json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    results = json.loads(proc.stdout)["results"]
    assert results and all(r["status"] == "passed" for r in results), results
    return path.read_text()


@SIZES
def test_shadow_self_next_to_a_creature_hit_by_a_splash_attack(watched, base_url, built_kb, viewport, tmp_path):
    w = watched(viewport=viewport)
    page = w.page
    open_builder(page, base_url)
    add_card(page, "Crim Torchtooth", YOU + LINE, typed="crim torch")
    add_card(page, "Troll", THEM + LINE)
    add_card(page, "Shadow Self", THEM + LINE, typed="Double Ténébreux")  # its French name
    add_card(page, "Krump", THEM + LINE)
    page.select_option("#turn-house", "brobnar")
    add_action(page, "Fight with", card="Crim Torchtooth", target="Troll")
    run(page)
    expect(page.locator("#builder-decision")).to_have_count(0)  # the fight names its target: nothing to ask
    board = final_board(page, "16.0")
    assert drawn(board, "player2", "battleline") == ["Troll", "Krump"]
    expect(drawn_card(board, "player2", "battleline", "Troll")).not_to_contain_text("damage")
    assert drawn(board, "player2", "discard") == ["Shadow Self"]
    assert drawn(board, "player1", "discard") == ["Crim Torchtooth"]
    trace = page.locator('.run[data-version="16.0"] .trace')
    expect(trace).to_contain_text("Damage to Troll is dealt to Shadow Self instead", use_inner_text=False)
    _no_sideways_scroll(page)
    w.shot(f"builder-shadow-self-{viewport['width']}")

    again = final_board(_reopen(watched, viewport, page.url), "16.0")
    assert drawn(again, "player2", "discard") == ["Shadow Self"]
    assert drawn(again, "player2", "battleline") == ["Troll", "Krump"]
    text = _download_and_verify(page, tmp_path, built_kb)
    assert "Shadow Self" in text


@SIZES
def test_bait_and_switch_under_every_version_side_by_side(watched, base_url, built_kb, viewport, tmp_path):
    w = watched(viewport=viewport)
    page = w.page
    open_builder(page, base_url)
    add_card(page, "Bait and Switch", YOU + HAND)
    page.locator("#player2-amber").fill("14")
    page.select_option("#turn-house", "shadows")
    add_action(page, "Play", card="Bait and Switch")
    page.check("#builder-every")
    run(page)
    rows = page.locator("#builder-diffs tbody tr")
    mine = rows.filter(has=page.locator("th", has_text="Your Æmber"))
    expect(mine).to_have_count(1)
    heads = page.locator("#builder-diffs thead th").all_inner_texts()
    values = dict(zip(heads[1:-1], mine.locator("td").all_inner_texts()[:-1]))
    assert values["v1.1"] == "7" and values["v16.0"] == "2", values
    expect(mine.locator("td").last).to_contain_text("Erratum: Bait and Switch")
    theirs = rows.filter(has=page.locator("th", has_text="Your opponent's Æmber"))
    assert theirs.locator("td").all_inner_texts()[: len(heads) - 2][heads.index("v16.0") - 1] == "12"
    for version, amber in (("1.1", "Æmber 7"), ("16.0", "Æmber 2")):
        stat = drawn_stat(final_board(page, version), "player1", "amber")
        expect(stat).to_contain_text(amber)
        expect(stat).to_have_class("stat diff")  # marked as differing between versions, in words too
        expect(stat).to_contain_text("(differs between versions)")
    _no_sideways_scroll(page)
    w.shot(f"builder-bait-and-switch-{viewport['width']}")

    again = _reopen(watched, viewport, page.url)
    expect(again.locator("#builder-every")).to_be_checked()
    expect(drawn_stat(final_board(again, "1.1"), "player1", "amber")).to_contain_text("Æmber 7")
    expect(drawn_stat(final_board(again, "16.0"), "player1", "amber")).to_contain_text("Æmber 2")
    text = _download_and_verify(page, tmp_path, built_kb, entry_query="Bait and Switch 14 Æmber")
    assert "entries:" in text


@SIZES
def test_a_decision_with_three_options_answered_two_ways(watched, base_url, built_kb, viewport, tmp_path):
    w = watched(viewport=viewport)
    page = w.page
    open_builder(page, base_url)
    add_card(page, "Troll", YOU + LINE)
    add_card(page, "Krump", THEM + LINE)
    add_card(page, "Dust Pixie", THEM + LINE)
    add_card(page, "Punch", YOU + HAND)
    page.select_option("#turn-house", "brobnar")
    add_action(page, "Play", card="Punch")
    page.check("#builder-every")
    run(page)
    decision = page.locator("#builder-decision")
    expect(decision.locator("h3")).to_be_focused()
    expect(decision).to_contain_text("Punch: choose any creature")
    expect(decision).to_contain_text("under v1.1, v1.2, v1.3, v16.0")  # asked once for the four
    assert decision.locator(".option").all_inner_texts() == ["Troll", "Krump", "Dust Pixie"]
    w.shot(f"builder-decision-{viewport['width']}")
    answer(page, "Dust Pixie")
    expect(decision).to_have_count(0)
    for version in ("1.1", "16.0"):
        board = final_board(page, version)
        assert drawn(board, "player2", "discard") == ["Dust Pixie"]
        assert drawn(board, "player2", "battleline") == ["Krump"]
    expect(page.locator("#builder-outcome")).to_contain_text("Every version gives the same board.")

    page.click("#builder-restart")  # the other answer, from the start
    settled(page)
    expect(decision.locator("h3")).to_be_focused()
    answer(page, "Troll")
    board = final_board(page, "16.0")
    expect(drawn_card(board, "player1", "battleline", "Troll")).to_contain_text("3 damage")
    assert drawn(board, "player2", "battleline") == ["Krump", "Dust Pixie"]
    _no_sideways_scroll(page)

    again = final_board(_reopen(watched, viewport, page.url), "16.0")
    expect(drawn_card(again, "player1", "battleline", "Troll")).to_contain_text("3 damage")
    text = _download_and_verify(page, tmp_path, built_kb)
    assert "Troll" in text


def test_under_every_version_a_decision_only_some_versions_raise_is_asked_of_those(
    watched, base_url, built_kb, tmp_path
):
    """16.0 lets the active player order Library Access's draw and Wild Wormhole's "Play:"; 1.x
    resolves them in a fixed order: only v16.0 is asked, and the answer is kept for it alone."""
    page = watched(viewport=DESKTOP).page
    open_builder(page, base_url)
    add_card(page, "Library Access", YOU + HAND)
    add_card(page, "Wild Wormhole", YOU + HAND)
    for name in ("Krump", "Fertility Chant", "Dust Pixie"):
        add_card(page, name, YOU + "Deck, top first")
    page.select_option("#turn-house", "logos")
    add_action(page, "Play", card="Library Access")
    add_action(page, "Play", card="Wild Wormhole")
    page.check("#builder-every")
    run(page)
    decision = page.locator("#builder-decision")
    expect(decision).to_contain_text("Decision 1.1, under v16.0:")
    assert sorted(decision.locator(".option").all_inner_texts()) == ["Library Access", "Wild Wormhole"]
    answer(page, "Wild Wormhole")
    assert question_in_url(page.url)["a"] == {"16.0": ["Wild Wormhole"]}
    assert drawn(final_board(page, "16.0"), "player1", "battleline") == ["Krump"]  # Wormhole played it
    assert drawn(final_board(page, "1.1"), "player1", "hand") == ["Krump", "Dust Pixie"]  # drawn first
    row = page.locator("#builder-diffs tbody tr").filter(has=page.locator("th", has_text="Your Æmber"))
    expect(row).to_contain_text("Rule switch: play_reactions_simultaneous")
    text = _download_and_verify(page, tmp_path, built_kb)
    assert "16.0" in text and "Wild Wormhole" in text
