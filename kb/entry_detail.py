"""Everything the entry page (and ``GET /api/entries/<id>``) shows about one KB entry, in one dict.

Why one function: the page and the API must tell the same story — the entry's text and document,
its review and conflict marks, the cards it names, the worked examples under it, how its thread
changed across versions (word diffs between consecutive versions), whether a later version
changed its meaning (``superseded_by``, from :mod:`kb.supersede`, on the entry and on each version of
its history) and what the engine verified under each version (``verification``, see
:func:`verification`) — so both render this dict. Everything is read from the KB with a handful of
indexed queries; the engine is never run here (replays were stored by the build).
"""
from __future__ import annotations

import json
import sqlite3

from .supersede import superseded_by
from .textdiff import has_changes, word_diff
from .threads import thread_entries, thread_of_entry
from .verify_badge import verification

_ENTRY = """
    SELECT e.id, e.key, e.kind, e.title, e.category, e.question, e.body, e.data, e.confidence,
           e.needs_review, e.review_reason, e.conflict, e.conflict_reason, e.parent,
           d.game, g.name, d.version, d.title, d.date, d.format
    FROM entries e JOIN documents d ON d.id = e.document JOIN games g ON g.id = d.game
    WHERE e.id = ?"""


def entry_url(entry_id: int) -> str:
    return f"/entries/{entry_id}"


def card_url(set_code: str, number: str) -> str:
    return f"/cards/{set_code}/{number}"


def _as_id(entry_id) -> int | None:
    """An entry id from an int or a string of digits; None for anything else (a page's 404)."""
    if isinstance(entry_id, bool):
        return None
    if isinstance(entry_id, int):
        return entry_id
    if isinstance(entry_id, str) and entry_id.strip().isascii() and entry_id.strip().isdigit():
        return int(entry_id.strip())
    return None


def entry_detail(conn: sqlite3.Connection, entry_id) -> dict | None:
    """The entry page's data for ``entry_id``, or None when the KB has no such entry."""
    eid = _as_id(entry_id)
    if eid is None or not -2**63 <= eid < 2**63:
        return None
    row = conn.execute(_ENTRY, (eid,)).fetchone()
    if row is None:
        return None
    (eid, key, kind, title, category, question, body, data, confidence, needs_review, review_reason,
     conflict, conflict_reason, parent, game, game_name, version, doc_title, doc_date, doc_format) = row
    data = _parse_json(data)
    thread = thread_of_entry(conn, eid)
    history = _history(conn, thread, eid)
    superseded = superseded_by(conn, [h["entry_id"] for h in history])
    for h in history:
        h["superseded_by"] = superseded.get(h["entry_id"])
    checked = verification(conn, eid, version)
    return {
        "id": eid, "key": key, "thread": thread, "game": game, "game_name": game_name,
        "version": version,
        "document": {"title": doc_title, "version": version, "date": doc_date, "format": doc_format},
        "kind": kind, "title": title, "category": category, "question": question, "body": body,
        "data": data, "confidence": confidence, "needs_review": bool(needs_review),
        "review_reason": review_reason, "conflict": bool(conflict), "conflict_reason": conflict_reason,
        "parent": _parent(conn, parent), "examples": _examples(conn, eid), "cards": _cards(conn, eid),
        "history": history,
        "versions": list(dict.fromkeys(h["version"] for h in history)),
        "scenarios": _scenarios(conn, [h["entry_id"] for h in history]),
        "verified_versions": [v["version"] for v in checked if v["status"] == "passed"],
        "verification": checked,
        "superseded_by": superseded.get(eid),
        "revision": _revision(data),
        "url": entry_url(eid),
    }


def _parse_json(text: str | None):
    try:
        return json.loads(text) if text else {}
    except ValueError:  # a hand-edited KB: show the raw text rather than fail the page
        return {"raw": text}


def _parent(conn: sqlite3.Connection, parent: int | None) -> dict | None:
    if parent is None:
        return None
    row = conn.execute("SELECT id, title, kind FROM entries WHERE id = ?", (parent,)).fetchone()
    return None if row is None else {"id": row[0], "title": row[1], "kind": row[2], "url": entry_url(row[0])}


def _examples(conn: sqlite3.Connection, eid: int) -> list[dict]:
    """The worked examples the source attaches to this entry, in document order."""
    return [{"id": i, "title": t, "body": b, "url": entry_url(i)} for i, t, b in conn.execute(
        "SELECT id, title, body FROM entries WHERE parent = ? AND kind = 'example' ORDER BY ordinal", (eid,))]


def _cards(conn: sqlite3.Connection, eid: int) -> list[dict]:
    return [{"set": s, "number": n, "name": name, "mention": m, "url": card_url(s, n)}
            for s, n, name, m in conn.execute(
                """SELECT c.set_code, c.number, c.name, ec.mention FROM entry_cards ec
                   JOIN cards c ON c.id = ec.card WHERE ec.entry = ? ORDER BY c.name, c.set_code""", (eid,))]


def _history(conn: sqlite3.Connection, thread: str, current: int) -> list[dict]:
    """Every version of the thread, oldest first, each with the word diff from the version before
    (of the body, and of the question for FAQ entries; None for the first version)."""
    ids = [i for i, _ in thread_entries(conn, thread)]
    if current not in ids:  # cannot happen with key threads; keep the page whole if it ever does
        ids.append(current)
    marks = ",".join("?" * len(ids))
    rows = {r[0]: r for r in conn.execute(
        f"""SELECT e.id, d.version, e.title, e.question, e.body, e.needs_review, e.conflict
            FROM entries e JOIN documents d ON d.id = e.document WHERE e.id IN ({marks})""", ids)}
    history: list[dict] = []
    prev = None
    for i in ids:
        eid, version, title, question, body, needs_review, conflict = rows[i]
        diff = question_diff = None
        if prev is not None:
            diff = word_diff(prev[4], body)
            if prev[3] is not None or question is not None:
                question_diff = word_diff(prev[3], question)
        history.append({
            "entry_id": eid, "version": version, "title": title, "question": question, "body": body,
            "url": entry_url(eid), "current": eid == current,
            "needs_review": bool(needs_review), "conflict": bool(conflict),
            "diff": diff, "question_diff": question_diff,
            "changed": prev is not None and (has_changes(diff) or has_changes(question_diff)),
        })
        prev = rows[i]
    return history


def _scenarios(conn: sqlite3.Connection, thread_ids: list[int]) -> list[dict]:
    """The scenarios replaying any entry of the thread, each with its result under every version
    it was replayed in (oldest first). A KB built before rulings were stored has none."""
    if not thread_ids:
        return []
    marks = ",".join("?" * len(thread_ids))
    sql = f"""SELECT s.id, s.title, s.note, v.version, v.passed, v.error, {{}}
              FROM scenarios s
              JOIN verifications v ON v.scenario = s.id
              JOIN documents d ON d.game = s.game AND d.version = v.version
              WHERE s.id IN (SELECT scenario FROM scenario_entries WHERE entry IN ({marks}))
              ORDER BY s.id, d.version_sort"""
    try:
        rows = conn.execute(sql.format("v.status, v.expect_version, v.reason"), thread_ids).fetchall()
    except sqlite3.OperationalError:
        try:  # a KB built before replays had a status: passed or failed
            rows = conn.execute(sql.format("NULL, NULL, NULL"), thread_ids).fetchall()
        except sqlite3.OperationalError:
            return []
    out: dict[str, dict] = {}
    for sid, title, note, version, passed, error, status, expect_version, reason in rows:
        s = out.setdefault(sid, {"id": sid, "title": title, "note": note, "versions": []})
        s["versions"].append({"version": version, "passed": bool(passed), "error": error,
                              "status": status or ("passed" if passed else "failed"),
                              "expect_version": expect_version, "reason": reason})
    return list(out.values())


def _revision(data) -> list[dict] | None:
    """For an erratum stored as original and revised text (Keeper of the Cards), the word diff
    between them: the page renders it as <del>/<ins>, never the source's raw markup."""
    if isinstance(data, dict) and isinstance(data.get("original"), str) and isinstance(data.get("revised"), str):
        return word_diff(data["original"], data["revised"])
    return None
