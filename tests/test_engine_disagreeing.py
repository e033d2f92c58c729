"""Scenarios where the engine disagrees with the printed card text (tests/scenarios/disagreeing/): written
by a scenario writer who did not read the engine, each note quoting the card or rulebook text that
decides it and what the engine did instead. They are engine defects not fixed yet, kept where the next
engineer finds them. Each must still disagree: once the engine is fixed and one passes, move it to its
set's folder (tests/scenarios/<set>/), where tests/test_engine_later_sets.py requires it to pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.replay.scenario import run
from engine.replay.scenario_file import load_scenario

FOLDER = Path(__file__).parent / "scenarios" / "disagreeing"
SCENARIOS = sorted(FOLDER.glob("*.yaml"))


def test_there_are_open_disagreements_to_read():
    assert SCENARIOS, "none left: remove this folder and this test"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_a_disagreement_is_still_open(kb_conn, path):
    scenario = load_scenario(path)
    assert "ENGINE DISAGREES" in scenario.note, "the note says what the card text decides"
    result = run(kb_conn, scenario, "16.0")
    assert not result.passed, f"{path.stem} passes now: move it to tests/scenarios/<its set>/"
