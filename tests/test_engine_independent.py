"""Scenarios written from the card texts and the rulebook alone, by someone who did not write the
engine or its card definitions, in the format of rulings/README.md. They must pass without any
engine change: the issue's test that the format is a contract and the cards behave as printed.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.scenario import load_scenario, run

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
@pytest.mark.parametrize("version", ["1.1", "1.2", "1.3", "16.0"])
def test_independent_scenario_passes(kb_conn, path, version):
    result = run(kb_conn, load_scenario(path), version)
    failed = [c for c in result.checks if not c.ok]
    assert result.passed, (result.error, failed, result.trace[-12:])


#: scenarios about the 16.0 rules (ward, enrage, bonus icons, tokens, ...) and later sets' cards
SCENARIOS_16 = sorted((Path(__file__).parent / "scenarios" / "16.0").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS_16, ids=[p.stem for p in SCENARIOS_16])
def test_independent_16_scenario_passes(kb_conn, path):
    result = run(kb_conn, load_scenario(path), "16.0")
    failed = [c for c in result.checks if not c.ok]
    assert result.passed, (result.error, failed, result.trace[-12:])


#: one scenario or more per card of a set, from its card texts and the 16.0 rulebook (issue 18)
SET_SCENARIOS = sorted(p for folder in ("cota", "aoa")
                       for p in (Path(__file__).parent / "scenarios" / folder).glob("*.yaml"))
@pytest.mark.parametrize("path", SET_SCENARIOS, ids=[f"{p.parent.name}/{p.stem}" for p in SET_SCENARIOS])
def test_set_scenario_passes(kb_conn, path):
    """Every card scenario of a set the engine plays whole passes as written (a card the engine
    could not play would fail it, naming the card)."""
    result = run(kb_conn, load_scenario(path), "16.0")
    failed = [c for c in result.checks if not c.ok]
    assert result.passed, (result.error, failed, result.trace[-12:])


def test_there_are_independent_scenarios():
    assert len(SCENARIOS) >= 5
    assert len(SCENARIOS_16) >= 20
