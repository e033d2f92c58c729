"""``rulebase verify``: replay scenarios under their versions and report results and FAQ coverage."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from kb.errors import KBError
from kb.versions import same_version, version_sort_key

from engine.core.errors import ScenarioError
from engine.core.limits import Limits
from engine.replay.carry import plan
from engine.replay.entries import EntryIndex
from engine.replay.kb_cache import entry_index
from engine.replay.scenario_file import Scenario, all_scenarios, load_scenario
from engine.replay.scenario import matching_entries, run


def _select(scenario_id: str | None, run_all: bool, file: Path | None) -> tuple[list[Scenario], list[Scenario]]:
    """(the scenarios to replay, those whose coverage is counted: the file's, else all of rulings/),
    each file of rulings/ read once."""
    if file is not None:
        chosen = [load_scenario(file)]
        return chosen, chosen
    scenarios = all_scenarios()
    if run_all:
        return scenarios, scenarios
    if not scenario_id:
        raise KBError("verify: give a scenario ID, --file PATH or --all")
    chosen = [s for s in scenarios if s.id == scenario_id]
    if not chosen:
        raise KBError(f"verify: no scenario with id {scenario_id!r} under rulings/")
    return chosen, scenarios


#: ``counted`` value meaning "the scenarios stored in the KB": their entries are read from its
#: scenario_entries table (filled by the build) instead of being matched again, for every request
STORED = "stored"


def covered_entries(
    conn: sqlite3.Connection, scenarios: list[Scenario] | str, indexes: dict[str, EntryIndex] | None = None
) -> set[int]:
    """Ids of the entries ``scenarios`` replay (:data:`STORED`: the KB's own scenarios);
    ``indexes``: the games' entry indexes already read by the caller (read here otherwise)."""
    if scenarios == STORED:
        return {entry for (entry,) in conn.execute("SELECT entry FROM scenario_entries")}
    indexes = {} if indexes is None else indexes
    return {
        entry_id
        for s in scenarios
        for _, entry_id in matching_entries(
            conn, s, indexes.get(s.game) or indexes.setdefault(s.game, entry_index(conn, s.game))
        )
    }


def coverage(
    conn: sqlite3.Connection, scenarios: list[Scenario] | str, kind: str = "faq", covered: set[int] | None = None
) -> dict[str, tuple[int, int]]:
    """Per KeyForge version: entries of ``kind`` (faq, example) replayed by some scenario / all
    (``covered``: the entries they replay, when the caller has them)."""
    covered = covered_entries(conn, scenarios) if covered is None else covered
    out = {}
    for version, ids in _entry_ids(conn, kind).items():
        out[version] = (len(ids & covered), len(ids))
    return out


def uncovered(conn: sqlite3.Connection, scenarios: list[Scenario], covered: set[int] | None = None) -> list[dict]:
    """The KeyForge FAQ entries and worked examples no scenario replays yet, by version and kind."""
    covered = covered_entries(conn, scenarios) if covered is None else covered
    rows = conn.execute(
        """SELECT d.version, e.kind, e.id, e.key, coalesce(e.question, e.body) FROM entries e
           JOIN documents d ON d.id = e.document
           WHERE d.game = 'keyforge' AND e.kind IN ('faq', 'example')
           ORDER BY d.version_sort, e.kind DESC, e.ordinal"""
    )
    return [
        {"version": v, "kind": kind, "key": key, "text": " ".join(text.split())}
        for v, kind, entry_id, key, text in rows
        if entry_id not in covered
    ]


def _entry_ids(conn: sqlite3.Connection, kind: str) -> dict[str, set[int]]:
    out: dict[str, set[int]] = {}
    for version, entry_id in conn.execute(
        """SELECT d.version, e.id FROM entries e JOIN documents d ON d.id = e.document
               WHERE d.game = 'keyforge' AND e.kind = ? ORDER BY d.version_sort""",
        (kind,),
    ):
        out.setdefault(version, set()).add(entry_id)
    return out


def verify_report(
    conn: sqlite3.Connection,
    scenario_id: str | None = None,
    run_all: bool = False,
    file: Path | None = None,
    version: str | None = None,
) -> dict:
    try:
        scenarios, counted = _select(scenario_id, run_all, file)
    except ScenarioError as exc:
        raise KBError(str(exc)) from None
    indexes: dict[str, EntryIndex] = {}  # each game's entries read once for the whole command
    out = report(conn, scenarios, version, counted=counted, indexes=indexes)
    covered = out.pop("_covered")
    return {**out, "uncovered": uncovered(conn, counted, covered)}


def report(
    conn: sqlite3.Connection,
    scenarios: list[Scenario],
    version: str | None = None,
    counted: list[Scenario] | str | None = None,
    limits: Limits | None = None,
    indexes: dict[str, EntryIndex] | None = None,
) -> dict:
    """Replay ``scenarios`` under every version where they appear (or only ``version``): the
    ``rulebase verify --json`` shape, with FAQ and example coverage of ``counted`` (default: the
    scenarios replayed). ``limits`` bound each run (:class:`~engine.core.errors.LimitExceeded` propagates).
    With ``indexes`` (a dict the caller keeps), the result also holds ``_covered``, the entries
    ``counted`` replay, for the caller to reuse and remove."""
    results = []
    keep = indexes is not None
    indexes = {} if indexes is None else indexes
    rulesets: dict = {}
    for s in scenarios:
        index = indexes.get(s.game) or indexes.setdefault(s.game, entry_index(conn, s.game))
        carries = plan(conn, s, index) if s.entries else {}
        versions = list(carries) if s.entries else unlinked_versions(conn, s)
        if version is not None:
            versions = [v for v in versions if same_version(v, version)]
        if not versions:
            results.append(
                {
                    "id": s.id,
                    "version": version,
                    "passed": False,
                    "status": "failed",
                    "checks": [],
                    "trace": [],
                    "expect_version": None,
                    "reason": None,
                    "error": "no KB entry matches this scenario's entries in the selected versions"
                    if s.entries
                    else "its expectations start at a later version than the one selected",
                }
            )
        for v in versions:
            results.append(run(conn, s, v, limits, carries.get(v), rulesets).as_dict())
    counted = scenarios if counted is None else counted
    covered = covered_entries(conn, counted, indexes)
    out = summarize(conn, results, counted, covered)
    return {**out, "_covered": covered} if keep else out


def unlinked_versions(conn: sqlite3.Connection, scenario: Scenario) -> list[str]:
    """Where a scenario linked to no entry replays (one written from card texts, or posted): every
    KB version of its game from the earliest its ``expect`` states on, each checked against the
    nearest stated version at or before it."""
    first = min(map(version_sort_key, scenario.expect), default=None)
    return [
        v
        for (v,) in conn.execute("SELECT version FROM documents WHERE game = ? ORDER BY version_sort", (scenario.game,))
        if first is not None and version_sort_key(v) >= first
    ]


def summarize(
    conn: sqlite3.Connection, results: list[dict], counted: list[Scenario] | str, covered: set[int] | None = None
) -> dict:
    """The report around a list of results: counts passed and failed, and coverage of ``counted``
    (``covered``: the entries they replay, when the caller has them)."""
    passed = sum(r["passed"] for r in results)
    unverified = sum(r.get("status") == "unverified" for r in results)
    covered = covered_entries(conn, counted) if covered is None else covered
    return {
        "results": results,
        "passed": passed,
        "failed": len(results) - passed - unverified,
        "unverified": unverified,
        "coverage": coverage(conn, counted, covered=covered),
        "example_coverage": coverage(conn, counted, "example", covered=covered),
    }
