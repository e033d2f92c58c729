"""Scenarios written from the card texts and the rulebook alone, by someone who did not write the
engine or its card definitions, in the format of rulings/README.md. They must pass without any
engine change: the issue's test that the format is a contract and the cards behave as printed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.replay.scenario_file import load_scenario
from engine.replay.scenario import run

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
@pytest.mark.parametrize("version", ["1.1", "1.2", "1.3", "16.0"])
def test_independent_scenario_passes(kb_conn, path, version):
    _assert_passes(kb_conn, path, version)


def _assert_passes(kb_conn, path: Path, version: str) -> None:
    result = run(kb_conn, load_scenario(path), version)
    failed = [c for c in result.checks if not c.ok]
    assert result.passed, (result.error, failed, result.trace[-12:])


#: scenarios about the 16.0 rules (ward, enrage, bonus icons, tokens, ...) and later sets' cards
SCENARIOS_16 = sorted((Path(__file__).parent / "scenarios" / "16.0").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS_16, ids=[p.stem for p in SCENARIOS_16])
def test_independent_16_scenario_passes(kb_conn, path):
    _assert_passes(kb_conn, path, "16.0")


#: one scenario or more per card of a set, from its card texts and the 16.0 rulebook (issue 18)
SET_SCENARIOS = sorted(
    p for folder in ("cota", "aoa") for p in (Path(__file__).parent / "scenarios" / folder).glob("*.yaml")
)


@pytest.mark.parametrize("path", SET_SCENARIOS, ids=[f"{p.parent.name}/{p.stem}" for p in SET_SCENARIOS])
def test_set_scenario_passes(kb_conn, path):
    """Every card scenario of a set the engine plays whole passes as written (a card the engine
    could not play would fail it, naming the card)."""
    _assert_passes(kb_conn, path, "16.0")


#: the situations another engine's card tests set up (keyteki's CotA and AoA specs), written again in
#: our format and checked against our card texts and the 16.0 rulebook, not copied
KEYTEKI_SCENARIOS = sorted((Path(__file__).parent / "scenarios" / "keyteki").glob("*/*.yaml"))


@pytest.mark.parametrize("path", KEYTEKI_SCENARIOS, ids=[f"{p.parent.name}/{p.stem}" for p in KEYTEKI_SCENARIOS])
def test_keyteki_situation_passes(kb_conn, path):
    _assert_passes(kb_conn, path, "16.0")


def test_there_are_independent_scenarios():
    assert len(SCENARIOS) >= 5
    assert len(SCENARIOS_16) >= 20
