"""What a judge does on the board builder page (/builder), as steps the builder's browser tests share:
type a card's name and click its "Add" button, pick an action from the lists, read a zone back.
Nothing here reaches into the page's script: every step is a control a person uses."""

from __future__ import annotations

import base64
import json
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from test_browser import PHONE

#: the builder's two sizes: a laptop's 1280×800 and a phone's 390×844
DESKTOP = {"width": 1280, "height": 800}
SIZES = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])


#: run in the page before its own scripts: notes (performance.now(), from the start of navigation)
#: when the card search first takes typing (present, visible, enabled), when the page's script is
#: up (Alpine's "alpine:initialized"), when a name is first typed and when the first card found is listed
_CLOCK = """
(() => {
  window.__builderTimes = {};
  const look = () => {
    const field = document.getElementById("card-search");
    if (field && !field.disabled && field.offsetParent !== null) window.__builderTimes.search = performance.now();
    else setTimeout(look, 2);
  };
  look();
  const shown = () => {
    if (document.querySelector(".card-hit")) window.__builderTimes.results = performance.now();
    else setTimeout(shown, 2);
  };
  shown();
  document.addEventListener("input", (e) => {
    if (e.target.id === "card-search" && window.__builderTimes.typed === undefined) window.__builderTimes.typed = performance.now();
  }, true);
  document.addEventListener("alpine:initialized", () => { window.__builderTimes.script = performance.now(); });
})();
"""


def open_builder(page, base_url: str, query: str = "") -> dict:
    """Open the builder; the milliseconds from navigation to the card search accepting typing
    ("search": what is typed before the script is up is kept and searched then) and to the page's
    script being up ("script"), both measured by the browser's clock."""
    page.add_init_script(_CLOCK)
    page.goto(f"{base_url}/builder{query}")
    expect(page.locator("#card-search")).to_be_editable(timeout=10_000)
    page.wait_for_function("window.__builderTimes && window.__builderTimes.script !== undefined")
    return page.evaluate("window.__builderTimes")


def add_card(page, name: str, place: str, typed: str | None = None) -> None:
    """Type ``typed`` (default: the name) into the card search, pick where the card goes (the
    "Put it in" list's text, e.g. "You: Hand", "Upgrade on Troll (you)") and click its Add button."""
    page.fill("#card-search", typed or name)
    hit = page.locator(f'.card-hit[data-name="{name}"]')
    expect(hit).to_be_visible(timeout=10_000)
    page.select_option("#card-place", label=place)
    hit.get_by_role("button", name=f"Add {name}").click()
    expect(page.locator("#card-search-status")).to_contain_text("found")


def zone(page, player: str, key: str) -> list[str]:
    """The names listed in one zone of the board being built (player: player1 or player2)."""
    return page.locator(f'#board-{player} .zone[data-zone="{key}"] .zcard-name').all_inner_texts()


def card_row(page, player: str, key: str, name: str):
    return page.locator(f'#board-{player} .zone[data-zone="{key}"] .zcard[data-card="{name}"]')


def set_state(page, player: str, key: str, name: str, **state) -> None:
    """Open a card's State and set its fields: flags by their label (exhausted=True), counts by theirs
    (damage=2 is the "Damage" field)."""
    row = card_row(page, player, key, name)
    row.locator("summary", has_text="State").click()
    for field, value in state.items():
        label = {"power_counters": "+1 power counters", "amber": "Æmber on it"}.get(field, field.capitalize())
        control = row.get_by_label(label, exact=True)
        if isinstance(value, bool):
            control.set_checked(value)
        else:
            control.fill(str(value))


def add_action(page, kind: str, card: str | None = None, target: str | None = None) -> None:
    """Pick an action (its label: "Play", "Fight with", "End the turn"...), its card and target."""
    page.select_option("#action-kind", label=kind)
    if card:
        page.select_option("#action-card", card)
    if target:
        page.select_option("#action-target", target)
    before = page.locator("#action-list li").count()
    page.click("#action-add")
    expect(page.locator("#action-list li")).to_have_count(before + 1)


def question_in_url(url: str) -> dict:
    """The question the page wrote into its address (``?q=``: base64url of {s, v, a})."""
    q = parse_qs(urlsplit(url).query)["q"][0]
    return json.loads(base64.urlsafe_b64decode(q + "=" * (-len(q) % 4)))


def settled(page) -> None:
    """Wait until the engine has answered: the run button is back and the outcome is not busy."""
    expect(page.locator("#builder-outcome")).to_have_attribute("aria-busy", "false", timeout=60_000)
    expect(page.locator("#builder-run")).to_be_enabled()


def run(page) -> None:
    page.click("#builder-run")
    settled(page)


def answer(page, option: str) -> None:
    """Answer the decision on screen with one of its options."""
    page.locator("#builder-decision").get_by_role("button", name=option, exact=True).click()
    settled(page)


def final_board(page, version: str):
    """The board drawn after the last action under ``version``."""
    return page.locator(f'#builder-outcome .run[data-version="{version}"] .step').last.locator(".bview")


def drawn(board, player: str, key: str) -> list[str]:
    """The cards a drawn board lists in one zone, in order."""
    items = board.locator(f'.bview-player[data-player="{player}"] .bview-zone[data-zone="{key}"] li')
    return items.evaluate_all("els => els.map(e => e.dataset.name)")


def drawn_card(board, player: str, key: str, name: str):
    return board.locator(f'.bview-player[data-player="{player}"] .bview-zone[data-zone="{key}"] li[data-name="{name}"]')


def drawn_stat(board, player: str, key: str):
    return board.locator(f'.bview-player[data-player="{player}"] .stat[data-stat="{key}"]')
