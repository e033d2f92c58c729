"""Ruling threads: one rule, term or question followed across the versions of a game's rulebook.

A thread id is ``"<game>:<key of the thread's oldest entry>"`` (``"keyforge:glossary/control"``,
:mod:`kb.thread_ids`).
``kb.align`` pairs entries across versions (same key, else similar heading and text) and stores the
result in ``threads`` / ``entry_threads``; this module is how everything else reads it. A KB built
before those tables existed falls back to grouping entries by key, as threads were before.
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from dataclasses import dataclass

from .align import item_scores
from .thread_ids import parse_thread, thread_id


def is_aligned(conn: sqlite3.Connection) -> bool:
    """True when the KB holds an alignment (the tables exist and are filled)."""
    try:
        return conn.execute("SELECT 1 FROM entry_threads LIMIT 1").fetchone() is not None
    except sqlite3.OperationalError:
        return False


def thread_of_entry(conn: sqlite3.Connection, entry_id: int) -> str | None:
    """The thread of an entry (``"keyforge:glossary/control"`` for 16.0's CONTROL AND OWNERSHIP), or
    None when the KB has no such entry."""
    if is_aligned(conn):
        row = conn.execute("SELECT thread FROM entry_threads WHERE entry = ?", (entry_id,)).fetchone()
        if row is not None:
            return row[0]
    row = conn.execute(
        """SELECT d.game, e.key FROM entries e JOIN documents d ON d.id = e.document
                          WHERE e.id = ?""",
        (entry_id,),
    ).fetchone()
    return thread_id(*row) if row else None


def entry_threads(conn: sqlite3.Connection) -> dict[int, str]:
    """Every entry's thread id at once (for indexes built over the whole KB, such as search's)."""
    rows = conn.execute("""SELECT e.id, d.game, e.key FROM entries e JOIN documents d ON d.id = e.document""")
    out = {eid: thread_id(game, key) for eid, game, key in rows}
    if is_aligned(conn):
        ids: dict[str, str] = {}  # one string per thread, not one per entry (a thread has 100 versions' entries)
        out.update((e, ids.setdefault(t, t)) for e, t in conn.execute("SELECT entry, thread FROM entry_threads"))
    return out


def thread_entries(conn: sqlite3.Connection, thread: str) -> list[tuple[int, str]]:
    """The (entry id, version) pairs of a thread, oldest version first.

    ``"<game>:<key>"`` naming no thread but the key of an entry (a renamed entry's own key, as the
    entry page builds it) gives the thread(s) of the entries with that key, so callers that still
    build ids from keys see the whole history."""
    game, key = parse_thread(thread)
    if not is_aligned(conn):
        return conn.execute(
            """SELECT e.id, d.version FROM entries e JOIN documents d ON d.id = e.document
               WHERE d.game = ? AND e.key = ? ORDER BY d.version_sort, e.ordinal""",
            (game, key),
        ).fetchall()
    return conn.execute(
        """SELECT e.id, d.version FROM entry_threads et JOIN entries e ON e.id = et.entry
           JOIN documents d ON d.id = e.document
           WHERE et.thread = ? OR (NOT EXISTS (SELECT 1 FROM threads WHERE id = ?) AND et.thread IN (
                 SELECT et2.thread FROM entry_threads et2 JOIN entries e2 ON e2.id = et2.entry
                 JOIN documents d2 ON d2.id = e2.document WHERE d2.game = ? AND e2.key = ?))
           ORDER BY d.version_sort, e.ordinal""",
        (thread, thread, game, key),
    ).fetchall()


@dataclass(frozen=True)
class Pair:
    """One entry of ``from_version`` and its counterpart in ``to_version`` (None: added/removed).
    ``method``: "key" (same key), "similar" (another key, same thread), "added" or "removed";
    ``score``: 0..100 similarity of the two entries (kb.align.score), 0 when one side is None."""

    from_entry: int | None
    to_entry: int | None
    thread: str
    score: float
    method: str


def version_entries(conn: sqlite3.Connection, game: str, from_version: str, to_version: str) -> dict[int, dict]:
    """Every entry of the two versions by id, in document order (ordinal), with its ``thread``
    (None where the KB has no alignment) and the fields a changelog shows: ``id``, ``version``,
    ``key``, ``ordinal``, ``kind``, ``title``, ``question``, ``body``, ``needs_review``,
    ``confidence``, ``number`` (data's), ``conflict``, ``conflict_reason``. One query for what
    pairing the versions (:func:`aligned_pairs`), scoring the pairs (``kb.align.item_scores``) and
    finding renames (``kb.terminology.version_terminology``) read: each read them on its own."""
    try:
        conn.execute("SELECT conflict, conflict_reason FROM entries LIMIT 0")
        conflict = "e.conflict, e.conflict_reason"
    except sqlite3.OperationalError:  # a KB built before conflicts were stored
        conflict = "0, NULL"
    try:
        conn.execute("SELECT thread FROM entry_threads LIMIT 0")
        thread, join = "et.thread", "LEFT JOIN entry_threads et ON et.entry = e.id"
    except sqlite3.OperationalError:  # a KB built before threads were stored
        thread, join = "NULL", ""
    rows = conn.execute(
        f"""SELECT e.id, d.version, e.key, e.ordinal, {thread}, e.kind, e.title, e.question, e.body,
                   e.needs_review, e.confidence, json_extract(e.data, '$.number'), {conflict}
            FROM entries e JOIN documents d ON d.id = e.document {join}
            WHERE d.game = ? AND d.version IN (?, ?) ORDER BY e.ordinal""",
        (game, from_version, to_version),
    )
    return {row[0]: dict(zip(_ENTRY_FIELDS, row)) for row in rows}


_ENTRY_FIELDS = (
    "id",
    "version",
    "key",
    "ordinal",
    "thread",
    "kind",
    "title",
    "question",
    "body",
    "needs_review",
    "confidence",
    "number",
    "conflict",
    "conflict_reason",
)


def aligned_pairs(
    conn: sqlite3.Connection,
    game: str,
    from_version: str,
    to_version: str,
    scored: bool = True,
    entries: dict[int, dict] | None = None,
) -> list[Pair]:
    """Every entry of both versions (any two, not only neighbours), paired through their threads.

    Within a thread the entries are paired by key, then best score first, one to one; an entry left
    over where the thread goes on in the other version (1.3's two Pitlord wordings, 16.0's one) is
    paired with its best counterpart there, so it is never reported added or removed. ``scored``
    False: scores are computed only where the pairing needs them (threads holding several entries
    on one side), the others are -1 (for callers that only want the pairs: thousands of rules).
    ``entries``: :func:`version_entries` of the two versions, when the caller has them."""
    if entries is not None:
        rows = [(e["version"], e["id"], e["key"], e["ordinal"]) for e in entries.values()]
        threads = {e["id"]: e["thread"] for e in entries.values() if e["thread"] is not None}
    else:
        rows, threads = _rows(conn, game, from_version, to_version)
    return _pairs(conn, game, from_version, to_version, scored, rows, threads, entries)


def _rows(conn: sqlite3.Connection, game: str, from_version: str, to_version: str) -> tuple[list, dict]:
    rows = conn.execute(
        """SELECT d.version, e.id, e.key, e.ordinal FROM entries e JOIN documents d ON d.id = e.document
           WHERE d.game = ? AND d.version IN (?, ?) ORDER BY e.ordinal""",
        (game, from_version, to_version),
    ).fetchall()
    threads = (
        {
            e: t
            for e, t in conn.execute(
                f"SELECT entry, thread FROM entry_threads WHERE entry IN ({','.join('?' * len(rows))})",
                [r[1] for r in rows],
            )
        }
        if rows and is_aligned(conn)
        else {}
    )
    return rows, threads


def _pairs(conn, game, from_version, to_version, scored, rows, threads, entries) -> list[Pair]:
    # each thread's (side, entry, key) in one list, split per side only when paired: lists of both
    # sides for thousands of threads outlived collections of the young, and made the garbage
    # collector walk the whole heap every other changelog
    members: dict[str, list] = {}
    for version, eid, key, _ in rows:
        t = threads.get(eid) or thread_id(game, key)
        m = members.get(t)
        if m is None:
            members[t] = [(version != from_version, eid, key)]
        else:
            m.append((version != from_version, eid, key))
    if from_version == to_version:
        return [Pair(e, e, t, 100.0, "key") for t, m in members.items() for _, e, _ in m]
    wanted = []
    for m in members.values():
        a_side, b_side = _split(m)
        if scored or len(a_side) > 1 or len(b_side) > 1:
            wanted += [(a[0], b[0]) for a in a_side for b in b_side]
    scores = defaultdict(lambda: -1.0, item_scores(conn, wanted, entries))
    pairs: list[Pair] = []
    for t, m in members.items():
        a_side, b_side = _split(m)
        if not a_side or not b_side:
            pairs += [Pair(e, None, t, 0.0, "removed") for e, _ in a_side]
            pairs += [Pair(None, e, t, 0.0, "added") for e, _ in b_side]
            continue
        if len(a_side) == len(b_side) == 1:  # most threads: one entry on each side, nothing to rank
            (a,), (b,) = a_side, b_side
            pairs.append(Pair(a[0], b[0], t, scores[a[0], b[0]], "similar" if a[1] != b[1] else "key"))
            continue
        ranked = sorted(
            ((a[1] != b[1], -scores[a[0], b[0]], a, b) for a in a_side for b in b_side),
            key=lambda r: (r[0], r[1], r[2][0], r[3][0]),
        )
        done_a: set[int] = set()
        done_b: set[int] = set()
        for differs, neg, a, b in ranked:
            if a[0] in done_a or b[0] in done_b:
                continue
            done_a.add(a[0])
            done_b.add(b[0])
            pairs.append(Pair(a[0], b[0], t, -neg, "similar" if differs else "key"))
        for differs, neg, a, b in ranked:  # leftovers: merged or split wordings
            if a[0] not in done_a:
                done_a.add(a[0])
                pairs.append(Pair(a[0], b[0], t, -neg, "similar" if differs else "key"))
            elif b[0] not in done_b:
                done_b.add(b[0])
                pairs.append(Pair(a[0], b[0], t, -neg, "similar" if differs else "key"))
    order = {r[1]: (r[0] != to_version, r[3]) for r in rows}
    return sorted(pairs, key=lambda p: order[p.to_entry] if p.to_entry is not None else (True, order[p.from_entry][1]))


def _split(m: list) -> tuple[list, list]:
    """A thread's members of each side, as (entry, key)."""
    return [(e, k) for side, e, k in m if not side], [(e, k) for side, e, k in m if side]
