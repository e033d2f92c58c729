"""Existing scenarios in the board builder: "Open in builder" on an entry's verify panel loads the
scenario and runs it, and for a sample of rulings/keyforge the board the page draws holds every
value ``rulebase verify --json`` reports for the same version; a scenario pasted as YAML or uploaded
as a file opens too, and a broken one is refused in one line."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

from playwright.sync_api import expect

from builder_steps import DESKTOP, drawn, drawn_stat, final_board, open_builder, settled, zone
from conftest import ROOT, run_cli
from test_browser import watched  # noqa: F401 (fixture)

#: a sample of rulings/keyforge: fights, a play with a repeat, upgrades and chains, a "may" answered
#: per version, an old version only (biomatrix: 1.1-1.3)
SAMPLE = (
    "bait-and-switch-14-amber",
    "shadow-self-raiding-knight",
    "anger-ready-snufflegator",
    "armageddon-cloak-remiel-gateway",
    "biomatrix-backup-attacker-accepts",
)
ZONES = ("hand", "battleline", "artifacts", "deck", "discard", "archives", "purged")
STATS = {"amber": "Æmber", "keys": "keys", "chains": "chains"}


def _compare(board, check: dict) -> bool:
    """Whether the drawn board shows the value verify reported for ``check``'s path (asserted);
    False for a path the board does not draw (a decision's options)."""
    path, actual = check["path"], check["actual"]
    player, _, field = path.partition(".")
    if player in ("player1", "player2") and field in STATS:
        expect(drawn_stat(board, player, field)).to_have_text(f"{STATS[field]} {actual}")
        return True
    if player in ("player1", "player2") and field in ZONES:
        assert drawn(board, player, field) == actual, path
        return True
    card, _, field = path.rpartition(".")
    item = board.locator(f'li[data-name="{card}"]')
    if field == "zone":
        zones = item.evaluate_all("els => els.map(e => e.closest('.bview-zone').dataset.zone)")
        assert actual in zones, (path, zones)
        return True
    if field in ("damage", "exhausted", "stunned", "upgrades"):
        text = item.first.inner_text()
        if field == "damage":
            assert (f"{actual} damage" in text) if actual else ("damage" not in text), (path, text)
        elif field == "upgrades":
            assert all(u in text for u in actual) and (bool(actual) == ("upgrades:" in text)), (path, text)
        else:
            assert (field in text) == actual, (path, text)
        return True
    return False


def test_a_sample_of_rulings_opens_in_the_builder_with_the_outcome_verify_reports(watched, base_url, built_kb):
    page = watched(viewport=DESKTOP).page
    for ruling in SAMPLE:
        proc = run_cli("verify", ruling, "--db", str(built_kb), "--json")
        assert proc.returncode == 0, proc.stdout + proc.stderr
        result = json.loads(proc.stdout)["results"][-1]  # its latest version
        open_builder(page, base_url, f"?ruling={ruling}")
        settled(page)
        expect(page.locator("#builder-outcome .run").first).to_be_visible(timeout=60_000)
        if page.locator("#builder-version").input_value() != result["version"]:
            page.select_option("#builder-version", result["version"])
            page.click("#builder-run")
            settled(page)
        expect(page.locator("#builder-decision")).to_have_count(0)  # its answers came with it
        checks = page.locator(f'.run[data-version="{result["version"]}"] .checks-list li')
        expect(checks).to_have_count(len(result["checks"]))  # the ruling's expectation, checked as verify does
        assert checks.evaluate_all("els => els.map(e => e.className)") == ["check check-ok"] * len(result["checks"])
        board = final_board(page, result["version"])
        compared = [c["path"] for c in result["checks"] if _compare(board, c)]
        assert len(compared) >= 3, (ruling, compared)
        print(f"\n{ruling} v{result['version']}: the page shows verify's {', '.join(compared)}")
        expect(page.locator("#export-id")).to_have_value(ruling)


def test_open_in_builder_from_the_verify_panel(watched, base_url, built_kb):
    page = watched(viewport=DESKTOP).page
    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        entry = conn.execute(
            "SELECT entry FROM scenario_entries WHERE scenario = 'bait-and-switch-14-amber' ORDER BY entry DESC"
        ).fetchone()[0]
    page.goto(f"{base_url}/entries/{entry}")
    page.locator('#verify .scenario:has(code:text-is("bait-and-switch-14-amber"))').get_by_role(
        "link", name="Open in builder"
    ).click()
    page.wait_for_url(re.compile(r".*/builder\?(ruling|q)=.*"))
    settled(page)
    expect(page.locator("#builder-outcome .run").first).to_be_visible(timeout=60_000)
    assert zone(page, "player1", "hand") == ["Bait and Switch"]
    expect(page.locator("#player2-amber")).to_have_value("14")
    expect(page).to_have_url(re.compile(r".*/builder\?q=.*"))  # from then on, the address is the question


def test_a_scenario_pasted_or_uploaded_opens(watched, base_url):
    page = watched(viewport=DESKTOP).page
    open_builder(page, base_url)
    page.fill("#load-text", (ROOT / "rulings/keyforge/bait-and-switch-14-amber.yaml").read_text())
    page.click("#load-paste")
    expect(page.locator("#load-status")).to_have_text("Loaded bait-and-switch-14-amber.")
    assert zone(page, "player1", "hand") == ["Bait and Switch"]
    settled(page)
    expect(drawn_stat(final_board(page, "16.0"), "player1", "amber")).to_have_text("Æmber 2")

    page.set_input_files("#load-file", str(ROOT / "rulings/keyforge/shadow-self-raiding-knight.yaml"))
    expect(page.locator("#load-status")).to_have_text("Loaded shadow-self-raiding-knight.")
    assert zone(page, "player2", "battleline") == ["Shadow Self", "Raiding Knight"]


def test_a_broken_scenario_is_refused_in_one_line(browser, base_url, tmp_path):
    """Not a watched page: the 400 it gets is the point."""
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        open_builder(page, base_url)
        page.set_input_files("#load-file", str(ROOT / "rulings/keyforge/shadow-self-raiding-knight.yaml"))
        expect(page.locator("#load-status")).to_have_text("Loaded shadow-self-raiding-knight.")
        broken = Path(tmp_path / "broken.yaml")
        broken.write_text("setup: [this is not a board\n")
        page.set_input_files("#load-file", str(broken))
        status = page.locator("#load-status")
        expect(status).to_contain_text("Could not read it: ")
        assert "\n" not in status.inner_text() and "Traceback" not in status.inner_text()
        assert zone(page, "player2", "battleline") == ["Shadow Self", "Raiding Knight"]  # the board stays
    finally:
        context.close()


FLAGS, COUNTS = ("exhausted", "stunned", "ward", "enraged"), ("damage", "power_counters", "amber")


def _card(entry):
    """A setup card as the builder writes it back: unset state left out, a bare name as a string."""
    if not isinstance(entry, dict):
        return entry
    out = {k: v for k, v in entry.items() if not (k in FLAGS + COUNTS and not v) and k != "upgrades"}
    if entry.get("upgrades"):
        out["upgrades"] = [_card(u) for u in entry["upgrades"]]
    return out["card"] if list(out) == ["card"] else out


def _setup(setup: dict) -> dict:
    """A setup with the defaults the builder writes out (no first turn, no Æmber) made explicit."""
    out = {k: v for k, v in setup.items() if k not in ("player1", "player2", "turn")}
    out["turn"] = {"first_turn": False, **setup.get("turn", {})}
    for pid in ("player1", "player2"):
        player = {"amber": 0, **setup.get(pid, {})}
        out[pid] = {k: ([_card(c) for c in v] if k in ZONES else v) for k, v in player.items() if v != []}
        out[pid] = {k: v for k, v in out[pid].items() if not (k in ("keys", "chains") and not v)}
    return out


def test_every_keyforge_ruling_opens_in_the_builder_unchanged(watched, base_url):
    """What the builder posts for a loaded ruling is that ruling: the board and actions read into
    the page's state and written back (the address, the runs) equal the file's, for all of them."""
    page = watched(viewport=DESKTOP).page
    open_builder(page, base_url)
    ids = sorted(p.stem for p in (ROOT / "rulings/keyforge").glob("*.yaml"))
    pairs = page.evaluate(
        """async (ids) => {  // one after the other: the server runs a few at once (verify slots)
             const S = window.BuilderState, out = [];
             for (const id of ids) {
               const data = await (await fetch('/api/rulings/' + id)).json();
               out.push([id, data.scenario, S.writeScenario(S.readScenario(data.scenario))]);
             }
             return out;
           }""",
        ids,
    )
    assert len(pairs) == len(ids) > 100
    for ruling, original, written in pairs:
        assert written["actions"] == original["actions"], ruling
        assert _setup(written["setup"]) == _setup(original["setup"]), ruling
