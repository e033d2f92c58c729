"""Aligning the entries of a game's rulebook versions into ruling threads.

Why: keys (``kb.keys``) are stable only while an entry keeps its words; a renamed term (CONTROL ->
CONTROL AND OWNERSHIP), a misread heading, or a question whose wording moved gets a new key. The
diff, history and entry pages need to follow the rule itself, so every entry is assigned a thread.

Threads are **stable**: once an entry is in a thread it stays there, and a thread's id never changes,
so the URLs users saved keep working when a version is ingested later. Only entries without a
thread (a new or re-ingested version) are placed, version by version, oldest first. Each new entry
of version V is compared with the thread's *neighbours* of V: its entries in the nearest version
before V and in the nearest version after V (a version ingested between two others is compared with
both):

1. **key** - an entry whose (kind, key) is the key of a neighbour continues that thread; an entry of
   a re-ingested version takes back the thread it had (same version, kind and key);
2. **similar** - otherwise the best rapidfuzz match of heading and text among the threads of the
   same kind with no entry in V yet, best pair first, one to one, above :data:`THRESHOLD`; questions
   naming different numbers or cards are never paired;
3. **similar** (sibling) - a question still unplaced that is worded nearly as another question of
   its own version (same numbers, same cards) joins that entry's thread: two wordings of one
   question printed side by side (1.3's two Pitlord/Restringuntus questions) stay one thread;
4. **first** - anything else starts a new thread, named ``"<game>:<key>"`` after the entry that
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
from dataclasses import dataclass, field

from rapidfuzz import fuzz

from ingest.normalize import plain

from .keys import question_slug_text
from .store import schema_sql
from .threads import thread_id
from .versions import version_sort_key

#: minimum pairing score (0..100) of an entry with a thread of an earlier version
THRESHOLD = 65.0
#: minimum heading ratio for two entries of one version to be wordings of one question
SIBLING_THRESHOLD = 90.0
#: weight of the heading (title or question) in the pairing score; the rest is the text's
HEAD_WEIGHT = 0.3
#: text compared, in characters: enough to tell rules apart, bounded so scoring stays cheap
TEXT_LIMIT = 3000

_NUMBER = re.compile(r"\d+")
_THREAD_DDL = re.compile(r"CREATE (?:TABLE|INDEX) IF NOT EXISTS [^;]*;", re.S)

#: (version, kind, key) of an entry -> its thread id: what identifies a thread across rebuilds
Membership = dict[tuple[str, str, str], str]


@dataclass
class Item:
    """One entry as the alignment sees it."""
    id: int
    version: str
    kind: str
    key: str
    title: str
    head: str  # normalised heading: question for FAQ entries, title otherwise
    text: str  # normalised body
    question: bool  # a question (FAQ): only questions can have sibling wordings
    numbers: tuple[str, ...]
    cards: frozenset[str]


@dataclass
class Thread:
    id: str
    kind: str
    key: str  # key of the entry that started the thread (the id's key)
    #: the thread's entries by version
    members: dict[str, list[Item]] = field(default_factory=dict)

    def neighbours(self, version: str, order: dict[str, int]) -> list[Item]:
        """Entries of the nearest versions before and after ``version`` (before first)."""
        at = order[version]
        before = [v for v in self.members if order[v] < at]
        after = [v for v in self.members if order[v] > at]
        out: list[Item] = []
        if before:
            out += self.members[max(before, key=order.__getitem__)]
        if after:
            out += self.members[min(after, key=order.__getitem__)]
        return out

    def newest(self, order: dict[str, int]) -> Item | None:
        if not self.members:
            return None
        return self.members[max(self.members, key=order.__getitem__)][-1]


def ensure_tables(conn: sqlite3.Connection) -> None:
    """Create the thread tables in a KB built before they existed (their DDL is in schema.sql)."""
    for statement in _THREAD_DDL.findall(schema_sql()):
        if " threads" in statement or "entry_threads" in statement:
            conn.execute(statement)


def _norm(text: str | None) -> str:
    return plain(question_slug_text(text or ""))


def score(a: Item, b: Item) -> float:
    """Pairing score 0..100: heading words (token set, so a longer name still matches) and text."""
    head = fuzz.token_set_ratio(a.head, b.head)
    text = fuzz.ratio(a.text, b.text) if a.text or b.text else head
    return round(HEAD_WEIGHT * head + (1 - HEAD_WEIGHT) * text, 1)


def compatible(a: Item, b: Item) -> bool:
    """False when the headings name different numbers or different cards (2 chains with 7 cards in
    hand is another question than with 5). An empty card set (no card linked) does not count."""
    if a.numbers != b.numbers:
        return False
    return not (a.cards and b.cards and a.cards != b.cards)


def _load(conn: sqlite3.Connection, where: str, params: list) -> list[Item]:
    """Items of the entries matching ``where`` (over ``e`` entries and ``d`` documents), in order."""
    rows = conn.execute(
        f"""SELECT e.id, d.version, e.kind, e.key, e.title, e.question, e.body
            FROM entries e JOIN documents d ON d.id = e.document
            WHERE {where} ORDER BY d.version_sort, e.ordinal""", params).fetchall()
    cards: dict[int, set[str]] = {}
    for entry, name in conn.execute(
            f"""SELECT ec.entry, c.name FROM entry_cards ec JOIN cards c ON c.id = ec.card
                JOIN entries e ON e.id = ec.entry JOIN documents d ON d.id = e.document
                WHERE {where}""", params):
        cards.setdefault(entry, set()).add(plain(name))
    items = []
    for eid, version, kind, key, title, question, body in rows:
        raw_head = question if kind == "faq" and question else (title or question or "")
        head = _norm(raw_head)
        named = frozenset(n for n in cards.get(eid, ()) if n in plain(raw_head))
        items.append(Item(eid, version, kind, key, title or question or key, head, _norm(body)[:TEXT_LIMIT],
                          bool(question), tuple(sorted(_NUMBER.findall(head))), named))
    return items


def item_scores(conn: sqlite3.Connection, pairs: list[tuple[int, int]]) -> dict[tuple[int, int], float]:
    """:func:`score` of each (entry id, entry id) pair, for pairings across any two versions."""
    ids = sorted({e for pair in pairs for e in pair})
    if not ids:
        return {}
    items = {it.id: it for it in _load(conn, f"e.id IN ({','.join('?' * len(ids))})", ids)}
    return {(a, b): score(items[a], items[b]) for a, b in pairs}


def membership(conn: sqlite3.Connection, game: str) -> Membership:
    """Which thread each entry of ``game`` is in, by (version, kind, key): what survives a rebuild."""
    try:
        rows = conn.execute(
            """SELECT d.version, e.kind, e.key, et.thread FROM entry_threads et
               JOIN entries e ON e.id = et.entry JOIN documents d ON d.id = e.document
               WHERE d.game = ?""", (game,)).fetchall()
    except sqlite3.OperationalError:  # a KB built before threads existed
        return {}
    return {(v, k, key): t for v, k, key, t in rows}


class _Aligner:
    """The threads of one game, and the placing of its entries that have none yet."""

    def __init__(self, conn: sqlite3.Connection, game: str) -> None:
        self.conn, self.game = conn, game
        items = _load(conn, "d.game = ?", [game])
        versions = sorted({it.version for it in items}, key=version_sort_key)
        self.order = {v: n for n, v in enumerate(versions)}
        self.threads: dict[str, Thread] = {}
        for tid, kind, key in conn.execute("SELECT id, kind, key FROM threads WHERE game = ?", (game,)):
            self.threads[tid] = Thread(tid, kind, key)
        placed = dict(conn.execute(
            """SELECT et.entry, et.thread FROM entry_threads et JOIN entries e ON e.id = et.entry
               JOIN documents d ON d.id = e.document WHERE d.game = ?""", (game,)))
        self.new: dict[str, list[Item]] = {}
        for it in items:
            tid = placed.get(it.id)
            if tid is None:
                self.new.setdefault(it.version, []).append(it)
            else:
                self.threads[tid].members.setdefault(it.version, []).append(it)
        #: threads left without entries (their version was deleted): (kind, key) -> thread, so the
        #: same entries ingested again take their thread back
        self.vacant = {(t.kind, t.key): t for t in self.threads.values() if not t.members}
        self.rows: list[tuple[int, str, float, str]] = []
        self.stats: dict[str, Counter] = {}
        self.touched: set[str] = set()

    def run(self) -> dict[str, Counter]:
        for version in sorted(self.new, key=version_sort_key):
            self._place_version(version, self.new[version])
        return self.stats

    def _place_version(self, version: str, items: list[Item]) -> None:
        placed: dict[int, tuple[Thread, float, str]] = {}
        taken = {t.id for t in self.threads.values() if version in t.members}
        # 1. same key as a neighbour (or as the vacant thread it had before a re-ingest)
        by_key: dict[tuple[str, str], tuple[int, Thread, Item]] = {}
        for t in self.threads.values():
            for n in t.neighbours(version, self.order):
                rank = abs(self.order[n.version] - self.order[version]) * 2 + (self.order[n.version] > self.order[version])
                if (n.kind, n.key) not in by_key or rank < by_key[n.kind, n.key][0]:
                    by_key[n.kind, n.key] = (rank, t, n)  # the nearest neighbour, the earlier on a tie
        for it in items:
            found = by_key.get((it.kind, it.key))
            if found is not None:
                placed[it.id] = (found[1], score(found[2], it), "key")
            elif (it.kind, it.key) in self.vacant:
                placed[it.id] = (self.vacant.pop((it.kind, it.key)), 100.0, "key")
        taken |= {t.id for t, _, _ in placed.values()}
        # 2. similarity with the threads holding no entry of this version, best pair first, one to one
        candidates = []
        for t in self.threads.values():
            if t.id in taken:
                continue
            neighbours = t.neighbours(version, self.order)
            for it in items:
                if it.id in placed or t.kind != it.kind:
                    continue
                best = max((score(p, it) for p in neighbours if compatible(p, it)), default=0.0)
                if best >= THRESHOLD:
                    candidates.append((best, it.id, t.id))
        for s, eid, tid in sorted(candidates, key=lambda c: (-c[0], c[1], c[2])):
            if eid in placed or tid in taken:
                continue
            placed[eid] = (self.threads[tid], s, "similar")
            taken.add(tid)
        # 3. siblings within the version, 4. new threads
        for it in items:
            if it.id in placed:
                continue
            sib = max(((fuzz.ratio(o.head, it.head), o) for o in items
                       if it.question and o.question and o.id in placed and compatible(o, it)),
                      key=lambda c: c[0], default=(0.0, None))
            if sib[1] is not None and sib[0] >= SIBLING_THRESHOLD:
                placed[it.id] = (placed[sib[1].id][0], score(sib[1], it), "similar")
                continue
            placed[it.id] = (self._new_thread(it), 0.0, "first")
        for it in items:
            t, s, method = placed[it.id]
            t.members.setdefault(version, []).append(it)
            self.rows.append((it.id, t.id, s, method))
            self.stats.setdefault(version, Counter())[method] += 1
            self.touched.add(t.id)

    def _new_thread(self, it: Item) -> Thread:
        tid = thread_id(self.game, it.key)
        n = 1
        while tid in self.threads:
            n += 1
            tid = thread_id(self.game, f"{it.key}~{n}")
        t = Thread(tid, it.kind, it.key)
        self.threads[tid] = t
        return t

    def save(self) -> None:
        known = {tid for (tid,) in self.conn.execute("SELECT id FROM threads WHERE game = ?", (self.game,))}
        for tid in self.touched:
            t = self.threads[tid]
            newest = t.newest(self.order)
            title = newest.title if newest else None
            if tid in known:
                self.conn.execute("UPDATE threads SET title = ? WHERE id = ?", (title, tid))
            else:
                self.conn.execute("INSERT INTO threads(id, game, kind, key, title) VALUES (?, ?, ?, ?, ?)",
                                  (tid, self.game, t.kind, t.key, title))
        self.conn.executemany("INSERT INTO entry_threads(entry, thread, score, method) VALUES (?, ?, ?, ?)",
                              self.rows)
        # a thread whose every entry is gone (a version deleted and not ingested again) ends
        self.conn.execute("""DELETE FROM threads WHERE game = ? AND id NOT IN (
                               SELECT DISTINCT thread FROM entry_threads)""", (self.game,))


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
    wanted = sorted(((n, new, oid) for new, c in votes.items() for oid, n in c.items()),
                    key=lambda v: (-v[0], v[1], v[2]))
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
    links = conn.execute("""SELECT entry, thread, score, method FROM entry_threads WHERE thread IN (
                                SELECT id FROM threads WHERE game = ?)""", (game,)).fetchall()
    conn.execute("DELETE FROM entry_threads WHERE thread IN (SELECT id FROM threads WHERE game = ?)", (game,))
    conn.execute("DELETE FROM threads WHERE game = ?", (game,))
    conn.executemany("INSERT INTO threads(id, game, kind, key, title) VALUES (?, ?, ?, ?, ?)",
                     [(final[tid], game, kind, key, title) for tid, kind, key, title in rows])
    conn.executemany("INSERT INTO entry_threads(entry, thread, score, method) VALUES (?, ?, ?, ?)",
                     [(e, final[t], s, m) for e, t, s, m in links])
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
    aligner = _Aligner(conn, game)
    stats = aligner.run()
    aligner.save()
    if old:
        carry_ids(conn, game, old)
    return stats


def align(conn: sqlite3.Connection, game: str | None = None, realign: bool = False) -> dict[str, dict[str, Counter]]:
    """Place the unthreaded entries of ``game`` (default: every game with documents). The caller
    owns the transaction."""
    games = [game] if game else [g for (g,) in conn.execute("SELECT DISTINCT game FROM documents ORDER BY game")]
    return {g: align_game(conn, g, realign) for g in games}
