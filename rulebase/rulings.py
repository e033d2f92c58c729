"""Loading the replayable rulings (``rulings/<game>/*.yaml``) into the knowledge base.

Why in the build: a page about an FAQ entry should be able to say under which versions' rules the
engine reproduces its answer, and flag an answer that contradicts the rules or errata of its own
document, without running the engine when the page is served. The replays run against the KB
being built (its entries, cards and card errata), so their results always describe the rulebook
versions that KB holds, and ``ingest`` reruns them so a newly added version is verified too.

Bad rulings files (unreadable YAML, a file the API's scenario schema refuses, an unknown card,
duplicate ids, a conflict naming no entry) fail the build with one line, before the KB is replaced; a replay that fails or errors is recorded as such and never fails the build, because a
ruling the engine cannot reproduce yet is information, not broken input.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from engine.core.errors import ScenarioError
from engine.replay.scenario_file import RULINGS_DIR, Scenario, repeated_id
from kb.errors import KBError
from kb.manifest import PROJECT_ROOT
from kb.terminology import store_computed
from kb.versions import version_sort_key

from .scenario_check import check_setups, read_scenario_file

if TYPE_CHECKING:
    from engine.replay.judging import Result


@dataclass
class RulingsReport:
    """What :func:`load_rulings` stored, for the output of ``rulebase build`` and ``ingest``."""

    scenarios: int = 0
    passed: int = 0
    failed: int = 0
    #: replays under a version whose answer states a ruling no expectation was written for (or whose
    #: text does not tell a rule switch the replay used): neither passed nor failed
    unverified: int = 0
    #: "id [version]: why" for each unverified replay
    unverified_reasons: list[str] = field(default_factory=list)
    #: KB entries marked as contradicting their own document
    conflicts: int = 0
    #: "id [version]: why" for each failed replay
    failures: list[str] = field(default_factory=list)
    #: scenarios skipped (game not in the KB) or replaying no entry
    warnings: list[str] = field(default_factory=list)
    #: replays run by this load, and stored replays kept because their inputs were the same
    replayed: int = 0
    kept: int = 0
    seconds: float = 0.0


def default_rulings_dir() -> Path:
    """The project's ``rulings/`` (``engine.replay.scenario_file.RULINGS_DIR``)."""
    return RULINGS_DIR


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


def display_path(path: Path) -> str:
    """``path`` relative to the project when it lies inside it (stored paths do not depend on the
    checkout), else as given."""
    try:
        cwd = os.getcwd()
    except OSError:  # a working directory since removed: an absolute path is still shown
        cwd = ""
    return _display_path(str(path), cwd)


@lru_cache(maxsize=4096)
def _display_path(path: str, cwd: str) -> str:
    """:func:`display_path`, kept per path and working directory (what ``resolve`` reads): a build
    names each scenario file several times, and each ``resolve`` asks the file system again."""
    try:
        return str(Path(path).resolve().relative_to(PROJECT_ROOT))
    except ValueError:
        return path


def read_scenarios(root: Path) -> list[Scenario]:
    """Every scenario under ``root``, each checked against the API's scenario schema
    (:mod:`rulebase.scenario_check`), or a one-line :class:`KBError` naming the file at fault."""
    root = Path(root)
    if not root.is_dir():
        raise KBError(f"{root}: rulings folder not found, expected <game>/*.yaml scenario files")
    scenarios = [read_scenario_file(path, display_path(path)) for path in sorted(root.rglob("*.yaml"))]
    if repeated := repeated_id(scenarios):
        s, first = repeated
        raise KBError(f"{display_path(s.path)}: scenario id {s.id!r} already used by {display_path(first)}")
    return scenarios


def check_scenarios(conn: sqlite3.Connection, scenarios: list[Scenario]) -> None:
    """The cards and boards of ``scenarios`` against the KB being written (its card data): an
    unknown card fails the build, as it fails ``POST /api/verify``, instead of a replay."""
    check_setups(conn, scenarios, display_path)


def replay(
    conn: sqlite3.Connection, scenario: Scenario, version: str, carry=None, rulesets: dict | None = None
) -> Result:
    """Run one scenario under one version; an engine bug becomes a recorded error, not a crash."""
    from engine.replay.judging import Result  # heavy (the engine): replays only, a current KB's check goes without
    from engine.replay.scenario import run  # heavy (the engine), as above

    try:
        return run(conn, scenario, version, carry=carry, rulesets=rulesets)
    except Exception as exc:  # noqa: BLE001 - an engine bug is the replay's error, not the build's
        return Result(scenario.id, version, passed=False, error=f"{type(exc).__name__}: {exc}")


def _why(error: str | None, checks: list[dict]) -> str:
    """Why a replay failed: its error, else the checks that did not hold."""
    if error:
        return _one_line(error)
    bad = [c for c in checks if not c.get("ok")]
    return "; ".join(f"{c['path']}: expected {c['expected']!r}, got {c['actual']!r}" for c in bad) or "failed"


def load_rulings(
    conn: sqlite3.Connection,
    root: Path,
    scenarios: list[Scenario] | None = None,
    replay_from: dict[str, str] | None = None,
) -> RulingsReport:
    """Replace the KB's scenarios, their entries, replays and conflict marks with those of ``root``
    (``scenarios``, when given, are what :func:`read_scenarios` returned for it: the build reads
    them before its long work, so a broken file fails it at once).

    ``replay_from`` ({game: version}), when given, says that the stored replays are still true for
    the versions of a game before that version and for every version of a game it does not name:
    the caller stored or removed nothing there, with the same code and cards. A replay's outcome
    depends only on its scenario file, the expectation it is checked against (:func:`engine.replay.carry.plan`)
    and the rules and errata in force in its version, which are its document's and the earlier
    versions' (errata accumulate), so a stored replay whose inputs are the same is kept and only the
    rest runs: adding one version costs its own replays, not every version's again. Without
    ``replay_from`` every replay runs.

    The caller owns the transaction (the build's temporary database): documents and cards must be
    stored first, since the scenarios are matched and replayed against them.
    """
    from engine.replay.carry import carried_conflicts  # heavy (the engine): replays only, the CLI starts without it
    from engine.replay.entries import EntryIndex  # heavy (the engine), as above

    started = time.perf_counter()
    scenarios = read_scenarios(root) if scenarios is None else scenarios
    report = RulingsReport()
    kept = _stored_inputs(conn) if replay_from is not None else {}
    wanted = {s.id for s in scenarios}
    if replay_from is None:
        conn.execute("DELETE FROM verifications")
    conn.execute("DELETE FROM scenario_entries")
    # scenario rows are updated in place, not deleted: deleting one would delete its kept replays
    conn.executemany(
        "DELETE FROM verifications WHERE scenario = ?",
        [(sid,) for (sid,) in conn.execute("SELECT id FROM scenarios") if sid not in wanted],
    )
    conn.executemany(
        "DELETE FROM scenarios WHERE id = ?",
        [(sid,) for (sid,) in conn.execute("SELECT id FROM scenarios") if sid not in wanted],
    )
    conn.execute("UPDATE entries SET conflict = 0, conflict_reason = NULL WHERE conflict != 0")
    versions_by_game: dict[str, set[str]] = {}
    for game, version in conn.execute("SELECT game, version FROM documents"):
        versions_by_game.setdefault(game, set()).add(version)
    indexes: dict[str, EntryIndex] = {}  # each game's entries are read once, not once per scenario
    rulesets: dict = {}  # and each version's rule set is worked out once
    for s in scenarios:
        if s.game not in versions_by_game:
            report.warnings.append(f"{display_path(s.path)}: no {s.game} document in the KB, scenario skipped")
            conn.execute("DELETE FROM verifications WHERE scenario = ?", (s.id,))
            continue
        index = indexes.get(s.game) or indexes.setdefault(s.game, EntryIndex.read(conn, s.game))
        _mark_conflicts(conn, s, versions_by_game[s.game], index)
        for entry, reason, _ in carried_conflicts(conn, s, index):
            _mark(conn, entry, reason)
        bound = (replay_from or {}).get(s.game)  # without replay_from nothing is kept: all replay
        _store(conn, s, report, index, rulesets, kept, version_sort_key(bound) if bound else None)
    store_computed(conn)  # the terminologies the replays computed, for the processes that replay later
    report.conflicts = conn.execute("SELECT count(*) FROM entries WHERE conflict = 1").fetchone()[0]
    report.seconds = time.perf_counter() - started
    return report


def _stored_inputs(conn: sqlite3.Connection) -> dict[tuple[str, str], tuple]:
    """(scenario, version) -> (inputs fingerprint, status, reason, error, checks) of each stored
    replay, read in one query (not one per replay kept)."""
    return {
        (sid, v): rest
        for sid, v, *rest in conn.execute(
            "SELECT scenario, version, inputs, status, reason, error, checks FROM verifications"
        )
    }


def replay_inputs(yaml_text: str, carry) -> str:
    """A fingerprint of what a replay depends on besides its version's rules: the scenario file and
    the expectation it is checked against under that version (and the cards whose errata differ from
    its version's)."""
    what = [yaml_text, None if carry is None else carry.expect_version, None if carry is None else carry.reason]
    if carry is not None and carry.errata_differ:
        what.append(list(carry.errata_differ))
    return hashlib.sha256(json.dumps(what, ensure_ascii=False).encode()).hexdigest()


def _store(
    conn: sqlite3.Connection,
    s: Scenario,
    report: RulingsReport,
    index,
    rulesets: dict,
    kept: dict,
    redo_from: str | None,
) -> None:
    """Store one scenario and its replays; a stored replay in ``kept`` is reused when its inputs are
    the same and its version sorts before ``redo_from`` (a version sort key; None: no bound)."""
    yaml_text = Path(s.path).read_text(encoding="utf-8")
    conn.execute(
        """INSERT INTO scenarios(id, game, title, note, path, yaml) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET game = excluded.game, title = excluded.title,
                    note = excluded.note, path = excluded.path, yaml = excluded.yaml""",
        (s.id, s.game, s.title, s.note, display_path(s.path), yaml_text),
    )
    report.scenarios += 1
    matches = index.linked(s.entries, s.scopes)
    if not matches:
        report.warnings.append(f"{display_path(s.path)}: scenario {s.id} matches no {s.game} entry, nothing replayed")
    conn.executemany(
        "INSERT OR IGNORE INTO scenario_entries(scenario, entry, version) VALUES (?, ?, ?)",
        [(s.id, entry, version) for version, entry in matches],
    )
    from engine.replay.carry import plan  # heavy (the engine): replays only, see load_rulings

    try:
        carries = plan(conn, s, index)
    except ScenarioError as exc:
        carries = {}
        report.warnings.append(f"{display_path(s.path)}: {_one_line(exc)}")
    versions = sorted({v for v, _ in matches}, key=version_sort_key)
    conn.execute(
        f"DELETE FROM verifications WHERE scenario = ? AND version NOT IN ({', '.join('?' * len(versions))})",
        (s.id, *versions),
    )
    for version in versions:
        carry = carries.get(version)
        inputs = replay_inputs(yaml_text, carry)
        stored = kept.get((s.id, version))
        fresh = redo_from is not None and version_sort_key(version) >= redo_from
        if not fresh and stored is not None and stored[0] == inputs:
            _, status, reason, error, checks = stored
            _count(report, s.id, version, status, reason, "" if status != "failed" else _why(error, json.loads(checks)))
            report.kept += 1
            continue
        result = replay(conn, s, version, carry, rulesets)
        report.replayed += 1
        checks = [asdict(c) for c in result.checks]  # once, for the row and for the report
        conn.execute(
            """INSERT OR REPLACE INTO verifications(scenario, version, passed, status, expect_version, reason,
                                                    error, checks, trace, inputs)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                s.id,
                version,
                int(result.passed),
                result.status,
                result.expect_version,
                result.reason,
                result.error,
                json.dumps(checks, ensure_ascii=False, default=str),
                json.dumps(result.trace, ensure_ascii=False, default=str),
                inputs,
            ),
        )
        _count(report, s.id, version, result.status, result.reason, _why(result.error, checks))


def _count(report: RulingsReport, sid: str, version: str, status: str, reason: str | None, why: str) -> None:
    if status == "passed":
        report.passed += 1
    elif status == "unverified":
        report.unverified += 1
        report.unverified_reasons.append(f"{sid} [{version}]: {reason}")
    else:
        report.failed += 1
        report.failures.append(f"{sid} [{version}]: {why}")


def _mark_conflicts(conn: sqlite3.Connection, s: Scenario, kb_versions: set[str], index=None) -> None:
    """Mark the entries a scenario declares as contradicting their own document.

    Listed versions the KB does not hold are ignored (a KB built from part of the manifest); a ref
    that matches nothing where it should is a mistake in the scenario, so it fails the build.
    """
    from engine.replay.scenario import entries_for_ref  # heavy (the engine): replays only, see load_rulings

    for conflict in s.conflicts:
        ref, listed, reason = conflict["entry"], conflict["versions"], conflict["reason"]
        hits = entries_for_ref(conn, s.game, ref, index)
        if listed:
            wanted = sorted((v for v in listed if v in kb_versions), key=version_sort_key)
            if not wanted:
                continue  # none of the listed versions is in this KB: nothing to mark
            hits = [(v, e) for v, e in hits if v in wanted]
            found = {v for v, _ in hits}
            missing = [v for v in wanted if v not in found]
        else:
            missing = [] if hits else ["any version"]
        if missing:
            raise KBError(
                f"{display_path(s.path)}: conflict entry {_one_line(ref)!r} matches no {s.game} "
                f"entry in {', '.join(missing)}"
            )
        for _, entry in hits:
            _mark(conn, entry, reason)


def _mark(conn: sqlite3.Connection, entry: int, reason: str) -> None:
    before = conn.execute("SELECT conflict_reason FROM entries WHERE id = ?", (entry,)).fetchone()[0]
    both = reason if before in (None, reason) else f"{before}; {reason}"
    conn.execute("UPDATE entries SET conflict = 1, conflict_reason = ? WHERE id = ?", (both, entry))


def stored_rulings(conn: sqlite3.Connection) -> RulingsReport:
    """The report of the replays the KB already holds (a build that had nothing to replay again)."""
    report = RulingsReport()
    try:
        report.scenarios = conn.execute("SELECT count(*) FROM scenarios").fetchone()[0]
        counts = dict(conn.execute("SELECT status, count(*) FROM verifications GROUP BY status"))
        report.passed, report.failed = counts.get("passed", 0), counts.get("failed", 0)
        report.unverified = counts.get("unverified", 0)
        report.conflicts = conn.execute("SELECT count(*) FROM entries WHERE conflict = 1").fetchone()[0]
    except sqlite3.OperationalError:
        pass
    return report


def rulings_current(conn: sqlite3.Connection, scenarios: list[Scenario]) -> bool:
    """True when the KB stores exactly these scenarios, as these files hold them."""
    try:
        stored = dict(conn.execute("SELECT id, yaml FROM scenarios"))
    except sqlite3.OperationalError:
        return False
    return stored == {s.id: Path(s.path).read_text(encoding="utf-8") for s in scenarios}
