"""Checking a replay, shared by every game's runner (KeyForge's :mod:`engine.replay.scenario`, Keeper
of the Cards' :mod:`engine.kotc.scenario`): the expectation a version is checked against (its own,
or one carried to it: :mod:`engine.replay.carry`), the checks of a finished replay (the refused
actions, then each ``expect`` path), and the result of a replay (passed, failed or unverified).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.versions import version_sort_key

from engine.core.errors import ScenarioError
from engine.replay.carry import Carry, plan
from engine.replay.entries import EntryIndex

if TYPE_CHECKING:
    from engine.replay.scenario_file import Scenario


@dataclass
class Check:
    path: str
    expected: object
    actual: object
    ok: bool


@dataclass
class Result:
    id: str
    version: str
    passed: bool
    checks: list[Check] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)
    error: str | None = None
    #: passed | failed | unverified (no expectation states this version's ruling, or a rule switch
    #: the replay used could not be told from this version's text); an unverified replay records
    #: what the engine found (checks with ``expected`` None) but is neither passed nor failed
    status: str = "failed"
    #: the version whose stated expectation was checked (None when unverified)
    expect_version: str | None = None
    reason: str | None = None

    def as_dict(self) -> dict:
        """The result as plain data (the ``verify --json`` shape); written out rather than
        ``dataclasses.asdict``, whose deep copy of every check and trace line was a fifth of a replay."""
        return {
            "id": self.id,
            "version": self.version,
            "passed": self.passed,
            "checks": [{"path": c.path, "expected": c.expected, "actual": c.actual, "ok": c.ok} for c in self.checks],
            "trace": list(self.trace),
            "error": self.error,
            "status": self.status,
            "expect_version": self.expect_version,
            "reason": self.reason,
        }


def expectations(scenario: Scenario, version: str, carry: Carry | None = None) -> dict:
    """The checks of ``version``: those of ``carry.expect_version`` when given (an empty mapping
    when the carry is unverified), else those stated for the version or, for a scenario linked to no
    entry, the nearest earlier stated version's."""
    if carry is not None:
        return scenario.expect[carry.expect_version] if carry.expect_version else {}
    earlier = [v for v in scenario.expect if version_sort_key(v) <= version_sort_key(version)]
    if not earlier:
        raise ScenarioError(f"{scenario.id}: no expectations for {version} or any earlier version")
    return scenario.expect[max(earlier, key=version_sort_key)]


def carry_for(conn: sqlite3.Connection, scenario: Scenario, version: str, index: EntryIndex | None = None) -> Carry:
    """The :class:`~engine.replay.carry.Carry` of one version (see :func:`engine.replay.carry.plan`)."""
    try:
        return plan(conn, scenario, index, [version])[version]
    except ScenarioError as exc:
        raise ScenarioError(f"{scenario.id}: {exc}") from None


def refusal_check(illegal, refusal: str | None, refused: dict[int, str]) -> Check | None:
    """The ``illegal`` check: every refused action must be one the scenario says is refused, and
    vice versa (None when none is expected and none was refused)."""
    if refusal is not None and illegal in (None, []):
        raise ScenarioError("refusal_contains needs illegal: the action whose refusal it describes")
    expected_refused = sorted(illegal) if isinstance(illegal, list) else [] if illegal is None else [illegal]
    actual = sorted(refused)
    ok = actual == expected_refused and (refusal is None or refusal.lower() in refused[expected_refused[0]].lower())
    if expected_refused or refused:
        return Check("illegal", illegal, actual if len(actual) != 1 else actual[0], ok)
    return None


def judge(
    result: Result, illegal, refusal: str | None, refused: dict[int, str], expect: dict, value, compare=None
) -> None:
    """Record the checks of a finished replay (the refusals, then each ``expect`` path read with
    ``value``) and whether all of them held; shared by every game's runner. ``compare(path,
    expected, actual)`` says whether a value holds (default: equal)."""
    check = refusal_check(illegal, refusal, refused)
    if check is not None:
        result.checks.append(check)
    for path, expected in expect.items():
        actual = value(path)
        ok = compare(path, expected, actual) if compare is not None else actual == expected
        result.checks.append(Check(path, expected, actual, ok))
    result.passed = all(c.ok for c in result.checks)
    result.status = "passed" if result.passed else "failed"


def judge_carried(result: Result, carry: Carry, illegal, refusal, refused, expect, value, compare=None) -> None:
    """:func:`judge` against the expectation ``carry`` names. An expectation carried from a version
    whose errata of the scenario's cards differ (``carry.errata_differ``) encodes that version's card
    texts: a replay that does not reach it is unverified, saying so, not a failure of the engine."""
    judge(result, illegal, refusal, refused, expect, value, compare)
    if result.status == "failed" and carry.errata_differ:
        result.status, result.expect_version = "unverified", None
        result.reason = (
            f"{result.version}'s answer states the ruling of {carry.expect_version}'s, but the expectation "
            f"stated for {carry.expect_version} was written under other errata of "
            f"{', '.join(carry.errata_differ)}, and {result.version}'s outcome differs from it"
        )


def observe(result: Result, refused: dict[int, str], paths: dict, value) -> None:
    """Record an unverified replay: what the engine found at ``paths``, checked against nothing."""
    if refused:
        result.checks.append(
            Check("illegal", None, sorted(refused) if len(refused) != 1 else next(iter(refused)), None)
        )
    for path in paths:
        if path not in ("illegal", "refusal_contains"):
            result.checks.append(Check(path, None, value(path), None))
    result.passed, result.status = False, "unverified"
