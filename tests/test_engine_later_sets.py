"""Scenarios for cards of the sets after Age of Ascension (tests/scenarios/<set>/, WC to VM25),
written from the printed card text and the 16.0 rulebook by a writer who did not read the engine
(tests/scenarios/LATER_SETS.md: the quote that decides each).

Many of their cards are not playable yet (issue 27). A scenario either passes as written, or stops
because one of its cards is not implemented ("card not implemented in the engine yet", with the
compiler's reason) and is listed in tests/scenarios/waiting.txt. The list is exact both ways: a
listed scenario that now runs must be taken off it (from then on it must pass), and a scenario that
stops for a missing card without being listed fails, so no scenario is passed over silently.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.replay.scenario import run
from engine.replay.scenario_file import load_scenario

HERE = Path(__file__).parent / "scenarios"
SETS = ("wc", "mm", "dt", "woe", "gr", "mg24", "as", "toc", "momu", "pv", "cc", "vm25")
SCENARIOS = sorted(p for s in SETS for p in (HERE / s).glob("*.yaml"))
WAITING_FILE = HERE / "waiting.txt"
WAITING = {
    line.strip()
    for line in WAITING_FILE.read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
}
NOT_YET = "card not implemented in the engine yet"


def _key(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


@pytest.mark.parametrize("path", SCENARIOS, ids=_key)
def test_a_later_set_scenario_passes_or_waits_for_its_card(kb_conn, path):
    result = run(kb_conn, load_scenario(path), "16.0")
    key = _key(path)
    if result.passed:
        assert key not in WAITING, f"{key} runs and passes now: take it off {WAITING_FILE.name}"
        return
    stopped = bool(result.error) and NOT_YET in result.error
    if stopped:
        assert key in WAITING, f"{key} stops for a card not playable and is not listed: {result.error}"
        return
    failed = [c for c in result.checks if not c.ok]
    pytest.fail(f"{key}: {result.error or failed}; trace: {result.trace[-12:]}")


def test_the_waiting_list_names_scenarios_that_exist():
    assert WAITING <= {_key(p) for p in SCENARIOS}
    assert len(SCENARIOS) >= 250 and len(WAITING) < len(SCENARIOS) / 2
