"""Run budgets (engine.core.limits) and scenarios loaded from a mapping (engine.replay.scenario_file.scenario_from_dict),
which the web API relies on to replay scenarios sent by clients."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.core.errors import LimitExceeded
from engine.core.limits import Limits
from engine.replay.scenario_file import load_scenario, scenario_from_dict
from engine.replay.scenario import run

BAIT = Path(__file__).resolve().parent.parent / "rulings" / "keyforge" / "bait-and-switch-14-amber.yaml"


def test_a_run_within_its_budget_is_unchanged(kb_conn):
    scenario = load_scenario(BAIT)
    plain = run(kb_conn, scenario, "1.1")
    budgeted = run(kb_conn, scenario, "1.1", Limits(max_steps=len(plain.trace), seconds=60))
    assert plain.passed and budgeted.as_dict() == plain.as_dict()


def test_one_step_over_the_budget_stops_the_run(kb_conn):
    scenario = load_scenario(BAIT)
    steps = len(run(kb_conn, scenario, "1.1").trace)
    with pytest.raises(LimitExceeded, match=f"more than {steps - 1} engine steps"):
        run(kb_conn, scenario, "1.1", Limits(max_steps=steps - 1, seconds=60))


def test_the_clock_stops_the_run(kb_conn):
    with pytest.raises(LimitExceeded, match="longer than"):
        run(kb_conn, load_scenario(BAIT), "1.3", Limits(max_steps=10_000, seconds=0))


def test_a_runaway_repeat_is_stopped_by_the_step_budget(kb_conn):
    raw = yaml.safe_load(BAIT.read_text(encoding="utf-8"))
    raw["setup"]["player2"]["amber"] = 1_000_000  # the printed card repeats until the pools are equal
    with pytest.raises(LimitExceeded):
        run(kb_conn, scenario_from_dict(raw), "1.1", Limits(max_steps=500, seconds=60))


def test_a_scenario_from_a_mapping_is_the_scenario_from_its_file():
    from_file = load_scenario(BAIT)
    from_dict = scenario_from_dict(yaml.safe_load(BAIT.read_text(encoding="utf-8")), BAIT)
    assert from_dict == from_file


def test_refusal_without_an_illegal_action_is_a_scenario_error(kb_conn):
    raw = yaml.safe_load(BAIT.read_text(encoding="utf-8"))
    raw["expect"] = {"1.1": {"refusal_contains": "first turn"}}
    result = run(kb_conn, scenario_from_dict(raw), "1.1")
    assert not result.passed and "refusal_contains needs illegal" in result.error
