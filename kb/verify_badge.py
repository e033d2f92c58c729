"""What the engine verified under each version, for the "verified" badge of an entry.

Why: "verified v1.1, v1.2, v1.3, v16.0" on the 1.1 Bait and Switch answer reads as if every version
confirmed "7 times", when 1.3 confirmed "2 times". A replay under one version is checked against the
expectation of a version that states the same ruling (``verifications.expect_version``), or it is
``unverified`` when no stated expectation carries that version's ruling. So the badge says, per
version, whether the replay checked *this answer*, the *same ruling* (the same expected values), or
*another ruling* (which version's, and the values that differ), with the checked values, and shows
unverified and failed versions as such.

A KB built before ``status``/``expect_version``/``reason`` existed (detected with PRAGMA
table_info) reads its status from ``passed``; the relation to this answer is then decided by the
expected values alone, which is what the columns would say too.
"""

from __future__ import annotations

import json
import sqlite3

#: checked values shown per version (the rest stay in the entry's Verify panel)
MAX_VALUES = 3
_NEW_COLUMNS = {"status", "expect_version", "reason"}


def verification(conn: sqlite3.Connection, entry_id: int, own_version: str) -> list[dict]:
    """One item per version the scenarios replaying ``entry_id`` ran under, oldest first:
    ``{"version", "status", "runs"}``, ``status`` being failed when a run failed, passed when one
    passed, else unverified; each run ``{"scenario", "status": passed|failed|unverified, "ruling":
    this|same|other|None, "expect_version", "reason", "error", "checks": [{"path", "expected",
    "actual", "ok", "differs", "shown"}]}``. ``differs``: the expected value is not the one this
    answer's own replay expects; ``shown``: the checks worth printing (see :func:`_shown`)."""
    try:
        columns = {row[1] for row in conn.execute("PRAGMA table_info(verifications)")}
        extra = "v.status, v.expect_version, v.reason" if _NEW_COLUMNS <= columns else "NULL, NULL, NULL"
        rows = conn.execute(
            f"""SELECT v.scenario, v.version, v.passed, {extra}, v.error, v.checks
                FROM scenario_entries se JOIN scenarios s ON s.id = se.scenario
                JOIN verifications v ON v.scenario = se.scenario
                JOIN documents d ON d.game = s.game AND d.version = v.version
                WHERE se.entry = ? ORDER BY d.version_sort, v.scenario""",
            (entry_id,),
        ).fetchall()
    except sqlite3.OperationalError:  # a KB built before rulings were stored
        return []
    runs = [
        {
            "scenario": sid,
            "version": version,
            "status": status or ("passed" if passed else "failed"),
            "expect_version": expect,
            "reason": reason if status == "unverified" else None,
            "error": error,
            "checks": _checks(checks),
        }
        for sid, version, passed, status, expect, reason, error, checks in rows
    ]
    own = {
        r["scenario"]: {c["path"]: c["expected"] for c in r["checks"]}
        for r in runs
        if r["version"] == own_version and r["status"] != "unverified"
    }
    by_version: dict[str, list[dict]] = {}
    for r in runs:
        mine = own.get(r["scenario"])
        for c in r["checks"]:
            c["differs"] = mine is not None and r["status"] != "unverified" and mine.get(c["path"]) != c["expected"]
        r["ruling"] = _ruling(r, own_version, mine)
        for c in r["checks"]:
            c["shown"] = False
        for c in _shown(r["checks"], r["status"], r["ruling"]):
            c["shown"] = True
        by_version.setdefault(r.pop("version"), []).append(r)
    return [
        {"version": version, "status": _status({r["status"] for r in group}), "runs": group}
        for version, group in by_version.items()
    ]


def _status(statuses: set[str]) -> str:
    return "failed" if "failed" in statuses else "passed" if "passed" in statuses else "unverified"


def _checks(text: str | None) -> list[dict]:
    try:
        checks = json.loads(text or "[]")
    except ValueError:
        return []
    return [
        {"path": str(c.get("path")), "expected": c.get("expected"), "actual": c.get("actual"), "ok": bool(c.get("ok"))}
        for c in checks
        if isinstance(c, dict)
    ]


def _ruling(run: dict, own_version: str, mine: dict | None) -> str | None:
    """this: the replay of this answer's own version; same: another version's replay expecting what
    this answer expects; other: expecting something else; None: unverified, or nothing to compare."""
    if run["status"] == "unverified":
        return None
    if run["version"] == own_version:
        return "this"
    if mine is not None:
        return "other" if any(c["differs"] for c in run["checks"]) else "same"
    return "same" if run["expect_version"] == own_version else None


def _shown(checks: list[dict], status: str, ruling: str | None) -> list[dict]:
    """The checks printed beside a run: the failing ones of a failed replay, the ones that differ
    from this answer for another ruling, none for the same ruling (its values are this answer's) nor
    for an unverified run (nothing was checked), else the first few."""
    if status == "failed":
        return [c for c in checks if not c["ok"]][:MAX_VALUES] or checks[:MAX_VALUES]
    if ruling == "same" or status == "unverified":
        return []
    if ruling == "other":
        return [c for c in checks if c["differs"]][:MAX_VALUES]
    return checks[:MAX_VALUES]


def show_value(value) -> str:
    """A checked value as a short text: lists joined with commas, nothing as "none"."""
    if value is None:
        return "none"
    if isinstance(value, list):
        return ", ".join(show_value(v) for v in value) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
