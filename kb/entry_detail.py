"""Everything the entry page (and ``GET /api/entries/<id>``) shows about one KB entry, in one dict.

Why one function: the page and the API must tell the same story — the entry's text and document,
its review and conflict marks, the cards it names, the worked examples under it, how its thread
changed across versions (word diffs between consecutive versions, and the same history folded to
the versions where the text or the number changed: ``timeline``, :mod:`kb.timeline`), whether a
later version changed its meaning (``superseded_by``, from :mod:`kb.supersede`, on the entry and on
each version of its history), its thread's answers grouped by the versions that state them
(``answers``, :mod:`kb.answer_groups`: the page shows them when a version changed the ruling) and
what the engine verified under each version (``verification``, see :func:`verification`) — so
both render this dict. A numbered rule (the Comprehensive Rules) also
carries its number in this version, its subrules, and the rule numbers its text cites that this
version holds (``links``: number -> URL of that rule in the same version, :mod:`kb.rule_numbers`).
Everything is read from the KB with a handful of indexed queries; the engine is never run here
(replays were stored by the build).
"""

from __future__ import annotations

import json
import sqlite3

from . import timeline
from .answer_groups import thread_answers
from .rests_on import rests_on, rulings_naming
from .rule_numbers import linked_refs, rule_url
from .subrule_changes import subrule_changes
from .supersede import superseded_by
from .textdiff import word_diff
from .threads import thread_entries, thread_of_entry
from .verify_badge import verification

_ENTRY = """
    SELECT e.id, e.key, e.kind, e.title, e.category, e.question, e.body, e.data, e.confidence,
           e.needs_review, e.review_reason, e.conflict, e.conflict_reason, e.parent,
           d.game, g.name, d.version, d.title, d.date, d.format, d.id
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
    if eid is None or not -(2**63) <= eid < 2**63:
        return None
    row = conn.execute(_ENTRY, (eid,)).fetchone()
    if row is None:
        return None
    (
        eid,
        key,
        kind,
        title,
        category,
        question,
        body,
        data,
        confidence,
        needs_review,
        review_reason,
        conflict,
        conflict_reason,
        parent,
        game,
        game_name,
        version,
        doc_title,
        doc_date,
        doc_format,
        doc_id,
    ) = row
    data = _parse_json(data)
    thread = thread_of_entry(conn, eid)
    history = _history(conn, thread, eid)
    superseded = superseded_by(conn, [h["entry_id"] for h in history])
    for h in history:
        h["superseded_by"] = superseded.get(h["entry_id"])
    steps = timeline.compact(
        history,
        [v for (v,) in conn.execute("SELECT version FROM documents WHERE game = ? ORDER BY version_sort", (game,))],
    )
    answers = thread_answers(conn, [thread]).get(thread, []) if thread else []
    checked = verification(conn, eid, version)
    number = _number(data)
    examples = _examples(conn, eid)
    subrules = _subrules(conn, eid, game, version)
    refs = [r for part in [data, *examples, *subrules] for r in _refs(part.get("data", part))]
    return {
        "id": eid,
        "key": key,
        "thread": thread,
        "game": game,
        "game_name": game_name,
        "version": version,
        "document": {"title": doc_title, "version": version, "date": doc_date, "format": doc_format},
        "kind": kind,
        "title": title,
        "category": category,
        "question": question,
        "body": body,
        "data": data,
        "confidence": confidence,
        "needs_review": bool(needs_review),
        "review_reason": review_reason,
        "conflict": bool(conflict),
        "conflict_reason": conflict_reason,
        "parent": _parent(conn, parent),
        "examples": examples,
        "cards": _cards(conn, eid),
        "number": number,
        "rule_url": rule_url(game, version, number) if number else None,
        "subrules": subrules,
        "subrule_changes": subrule_changes(conn, subrules),
        "rests_on": rests_on(
            conn, {"id": eid, "kind": kind, "document_id": doc_id, "question": question, "body": body}
        ),
        "named_by": rulings_naming(conn, {"kind": kind, "document_id": doc_id, "title": title}),
        "links": {n: rule_url(game, version, n) for n in sorted(linked_refs(conn, doc_id, refs))},
        "history": history,
        "timeline": steps,
        "history_summary": timeline.summary(history, steps),
        "versions": list(dict.fromkeys(h["version"] for h in history)),
        "answers": answers,
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


def _number(data) -> str | None:
    """The rule number the entry carries in its version (numbered rulebooks only)."""
    number = data.get("number") if isinstance(data, dict) else None
    return number if isinstance(number, str) and number else None


def _refs(data) -> list[str]:
    refs = data.get("refs") if isinstance(data, dict) else None
    return [r for r in refs if isinstance(r, str)] if isinstance(refs, list) else []


def _examples(conn: sqlite3.Connection, eid: int) -> list[dict]:
    """The worked examples the source attaches to this entry, in document order."""
    return [
        {"id": i, "title": t, "body": b, "url": entry_url(i), "data": _parse_json(d)}
        for i, t, b, d in conn.execute(
            "SELECT id, title, body, data FROM entries WHERE parent = ? AND kind = 'example' ORDER BY ordinal", (eid,)
        )
    ]


def _subrules(conn: sqlite3.Connection, eid: int, game: str, version: str) -> list[dict]:
    """The numbered rules directly under this one (702.19 -> 702.19a, 702.19b, ...), in document order."""
    out = []
    for i, t, b, d in conn.execute(
        "SELECT id, title, body, data FROM entries WHERE parent = ? AND kind = 'rule' ORDER BY ordinal", (eid,)
    ):
        data = _parse_json(d)
        number = _number(data)
        if number:
            out.append(
                {
                    "id": i,
                    "number": number,
                    "title": t,
                    "body": b,
                    "url": entry_url(i),
                    "rule_url": rule_url(game, version, number),
                    "data": data,
                }
            )
    return out


def _cards(conn: sqlite3.Connection, eid: int) -> list[dict]:
    return [
        {"set": s, "number": n, "name": name, "mention": m, "url": card_url(s, n)}
        for s, n, name, m in conn.execute(
            """SELECT c.set_code, c.number, c.name, ec.mention FROM entry_cards ec
                   JOIN cards c ON c.id = ec.card WHERE ec.entry = ? ORDER BY c.name, c.set_code""",
            (eid,),
        )
    ]


def _history(conn: sqlite3.Connection, thread: str, current: int) -> list[dict]:
    """Every version of the thread, oldest first, each with the word diff from the version before
    (of the body, and of the question for FAQ entries; None for the first version) and its rule
    number there (None when the game numbers no rules)."""
    ids = [i for i, _ in thread_entries(conn, thread)]
    if current not in ids:  # cannot happen with key threads; keep the page whole if it ever does
        ids.append(current)
    marks = ",".join("?" * len(ids))
    rows = {
        r[0]: r
        for r in conn.execute(
            f"""SELECT e.id, d.version, e.title, e.question, e.body, e.needs_review, e.conflict, e.data
            FROM entries e JOIN documents d ON d.id = e.document WHERE e.id IN ({marks})""",
            ids,
        )
    }
    history: list[dict] = []
    for i in ids:
        eid, version, title, question, body, needs_review, conflict, data = rows[i]
        history.append(
            {
                "entry_id": eid,
                "version": version,
                "title": title,
                "question": question,
                "body": body,
                "url": entry_url(eid),
                "current": eid == current,
                "needs_review": bool(needs_review),
                "conflict": bool(conflict),
                "number": _number(_parse_json(data)),
            }
        )
    timeline.diffs(history)
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
        s["versions"].append(
            {
                "version": version,
                "passed": bool(passed),
                "error": error,
                "status": status or ("passed" if passed else "failed"),
                "expect_version": expect_version,
                "reason": reason,
            }
        )
    return list(out.values())


def _revision(data) -> list[dict] | None:
    """For an erratum stored as original and revised text (Keeper of the Cards), the word diff
    between them: the page renders it as <del>/<ins>, never the source's raw markup."""
    if isinstance(data, dict) and isinstance(data.get("original"), str) and isinstance(data.get("revised"), str):
        return word_diff(data["original"], data["revised"])
    return None
