"""Aligning the entries of a game's rulebook versions into ruling threads.

Why: keys (``kb.keys``) are stable only while an entry keeps its words; a renamed term (CONTROL ->
CONTROL AND OWNERSHIP), a misread heading, or a question whose wording moved gets a new key, and in
the Magic Comprehensive Rules a key is a rule number, which an inserted keyword shifts. The diff,
history and entry pages need to follow the rule itself, so every entry is assigned a thread.

Threads are **stable**: once an entry is in a thread it stays there, and a thread's id never changes,
so the URLs users saved keep working when a version is ingested later. Only entries without a
thread (a new or re-ingested version) are placed, version by version, oldest first, each compared
with the thread's *neighbours*: its entries in the nearest versions before and after (a version
ingested between two others is compared with both). :mod:`kb.align_place` does the placing:

1. a re-ingested version takes back the threads only its entries held (same kind and key);
2. **same text** - an entry printed unchanged by a neighbour continues that thread, whatever its key
   (a renumbered rule), same key first, then in document order;
3. **key / similar** - the rest by rapidfuzz score of heading and text, best pair first, one to one:
   a neighbour with the same key needs a lower score and ranks higher than a stranger; questions
   naming different numbers or cards are never paired;
4. **similar** (sibling) - a question still unplaced that is worded nearly as another question of
   its own version (same numbers, same cards) joins that entry's thread: two wordings of one
   question printed side by side (1.3's two Pitlord/Restringuntus questions) stay one thread;
5. **first** - anything else starts a new thread, named ``"<game>:<key>"`` after the entry that
   started it (with ``~2``, ``~3`` ... when that id is taken).

:func:`align` with ``realign=True`` recomputes a game from scratch (after a change of this module,
or for the benchmarks) and still keeps every thread id whose entries it finds again: a new thread
takes the old id most of its entries had (:func:`carry_ids`). A build from scratch does the same with
the KB it replaces.
"""

from __future__ import annotations

import re
import sqlite3
from collections import Counter
from operator import itemgetter

from .align_place import (
    THRESHOLD,  # noqa: F401
    Placer,
    Item,
    item,
    score,
)
from .store import schema_sql

_THREAD_DDL = re.compile(r"CREATE (?:TABLE|INDEX) IF NOT EXISTS [^;]*;", re.S)

#: (version, kind, key) of an entry -> its thread id: what identifies a thread across rebuilds
Membership = dict[tuple[str, str, str], str]


def ensure_tables(conn: sqlite3.Connection) -> None:
    """Create the thread tables in a KB built before they existed (their DDL is in schema.sql)."""
    for statement in _THREAD_DDL.findall(schema_sql()):
        if " threads" in statement or "entry_threads" in statement:
            conn.execute(statement)


def item_scores(
    conn: sqlite3.Connection, pairs: list[tuple[int, int]], entries: dict[int, dict] | None = None
) -> dict[tuple[int, int], float]:
    """:func:`score` of each (entry id, entry id) pair, for pairings across any two versions. Two
    entries of one kind printing the same key, heading and text score 100 (both ratios of a text with
    itself) without being read as items: most pairs of neighbouring versions, and a changelog asks
    for thousands. ``entries``: the entries by id (``kb.threads.version_entries``) when the caller
    has read them."""
    ids = sorted({e for pair in pairs for e in pair})
    if not ids:
        return {}
    if entries is not None:
        fields = itemgetter("id", "version", "kind", "key", "title", "question", "body")
        rows = {i: fields(entries[i]) for i in ids}
    else:
        rows = {
            r[0]: r
            for r in conn.execute(
                f"""SELECT e.id, d.version, e.kind, e.key, e.title, e.question, e.body
                    FROM entries e JOIN documents d ON d.id = e.document WHERE e.id IN ({",".join("?" * len(ids))})""",
                ids,
            )
        }
    items: dict[int, Item] = {}  # (their cards name no part of the score)
    out = {}
    for a, b in pairs:
        if rows[a][2:] == rows[b][2:]:
            out[a, b] = 100.0
            continue
        for e in (a, b):
            if e not in items:
                items[e] = item(*rows[e])
        out[a, b] = score(items[a], items[b])
    return out


def membership(conn: sqlite3.Connection, game: str) -> Membership:
    """Which thread each entry of ``game`` is in, by (version, kind, key): what survives a rebuild."""
    try:
        rows = conn.execute(
            """SELECT d.version, e.kind, e.key, et.thread FROM entry_threads et
               JOIN entries e ON e.id = et.entry JOIN documents d ON d.id = e.document
               WHERE d.game = ?""",
            (game,),
        ).fetchall()
    except sqlite3.OperationalError:  # a KB built before threads existed
        return {}
    return {(v, k, key): t for v, k, key, t in rows}


def carry_ids(conn: sqlite3.Connection, game: str, old: Membership) -> int:
    """Give the threads of ``game`` the ids they had in ``old`` (a membership read before a rebuild):
    each thread takes the old id most of its entries had, one thread per id, larger agreements
    first; a thread that finds none keeps its new id (renamed with ``~n`` if another took it).
    Returns how many threads changed id."""
    current = membership(conn, game)
    votes: dict[str, Counter] = {}
    for member, tid in current.items():
        if member in old:
            votes.setdefault(tid, Counter())[old[member]] += 1
    wanted = sorted(
        ((n, new, oid) for new, c in votes.items() for oid, n in c.items()), key=lambda v: (-v[0], v[1], v[2])
    )
    assign: dict[str, str] = {}  # computed id -> the old id it takes (itself, most often)
    taken: set[str] = set()
    for _, new, oid in wanted:
        if new not in assign and oid not in taken:
            assign[new] = oid
            taken.add(oid)
    rows = conn.execute("SELECT id, kind, key, title FROM threads WHERE game = ?", (game,)).fetchall()
    final = {tid: assign[tid] for tid, *_ in rows if tid in assign}
    used = set(final.values())
    for tid, *_ in rows:  # a thread no old id went to keeps its computed id, unless another took it
        if tid not in final:
            n, new = 1, tid
            while new in used:
                n += 1
                new = f"{tid}~{n}"
            final[tid] = new
            used.add(new)
    if all(final[t] == t for t, *_ in rows):
        return 0
    links = conn.execute(
        """SELECT entry, thread, score, method FROM entry_threads WHERE thread IN (
                                SELECT id FROM threads WHERE game = ?)""",
        (game,),
    ).fetchall()
    conn.execute("DELETE FROM entry_threads WHERE thread IN (SELECT id FROM threads WHERE game = ?)", (game,))
    conn.execute("DELETE FROM threads WHERE game = ?", (game,))
    conn.executemany(
        "INSERT INTO threads(id, game, kind, key, title) VALUES (?, ?, ?, ?, ?)",
        [(final[tid], game, kind, key, title) for tid, kind, key, title in rows],
    )
    conn.executemany(
        "INSERT INTO entry_threads(entry, thread, score, method) VALUES (?, ?, ?, ?)",
        [(e, final[t], s, m) for e, t, s, m in links],
    )
    return sum(final[t] != t for t, *_ in rows)


def align_game(conn: sqlite3.Connection, game: str, realign: bool = False) -> dict[str, Counter]:
    """Place the entries of ``game`` that have no thread yet; returns the count of each method per
    version placed. ``realign``: recompute every thread of the game, carrying the ids over."""
    ensure_tables(conn)
    old: Membership = {}
    if realign:
        old = membership(conn, game)
        conn.execute("DELETE FROM entry_threads WHERE thread IN (SELECT id FROM threads WHERE game = ?)", (game,))
        conn.execute("DELETE FROM threads WHERE game = ?", (game,))
    placer = Placer(conn, game)
    stats = placer.run()
    placer.save()
    if old:
        carry_ids(conn, game, old)
    return stats


def align(conn: sqlite3.Connection, game: str | None = None, realign: bool = False) -> dict[str, dict[str, Counter]]:
    """Place the unthreaded entries of ``game`` (default: every game with documents). The caller
    owns the transaction."""
    games = [game] if game else [g for (g,) in conn.execute("SELECT DISTINCT game FROM documents ORDER BY game")]
    return {g: align_game(conn, g, realign) for g in games}
