"""Aligning the entries of a game's rulebook versions into ruling threads.

Why: keys (``kb.keys``) are stable only while an entry keeps its words; a renamed term (CONTROL ->
CONTROL AND OWNERSHIP), a misread heading, or a question whose wording moved gets a new key. The
diff, history and entry pages need to follow the rule itself, so every entry is assigned a thread:

1. **key** - an entry whose key is among the keys of a thread's latest entries continues it;
2. **similar** - otherwise the best rapidfuzz match of heading and text among the threads of the
   same kind not yet continued in this version, best pair first, one to one, above
   :data:`THRESHOLD`; questions naming different numbers or cards are never paired;
3. **similar** (sibling) - a question still unplaced that is worded nearly as another question of
   its own version (same numbers, same cards) joins that entry's thread: two wordings of one
   question printed side by side (1.3's two Pitlord/Restringuntus questions) stay one thread;
4. **first** - anything else starts a new thread.

The alignment of a game is recomputed from scratch after every build and ingest (it takes
milliseconds), so a version ingested between two others slots into the threads without code changes.
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
    key: str  # key of the thread's oldest entry
    latest: list[Item] = field(default_factory=list)  # entries of the newest version holding it
    title: str = ""


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


def _items(conn: sqlite3.Connection, game: str) -> dict[str, list[Item]]:
    by_version: dict[str, list[Item]] = {}
    for it in _load(conn, "d.game = ?", [game]):
        by_version.setdefault(it.version, []).append(it)
    return by_version


def item_scores(conn: sqlite3.Connection, pairs: list[tuple[int, int]]) -> dict[tuple[int, int], float]:
    """:func:`score` of each (entry id, entry id) pair, for pairings across any two versions."""
    ids = sorted({e for pair in pairs for e in pair})
    if not ids:
        return {}
    items = {it.id: it for it in _load(conn, f"e.id IN ({','.join('?' * len(ids))})", ids)}
    return {(a, b): score(items[a], items[b]) for a, b in pairs}


def align_game(conn: sqlite3.Connection, game: str) -> dict[str, Counter]:
    """Recompute the threads of ``game``; returns the count of each method per version."""
    ensure_tables(conn)
    conn.execute("""DELETE FROM entry_threads WHERE entry IN (
                      SELECT e.id FROM entries e JOIN documents d ON d.id = e.document WHERE d.game = ?)""",
                 (game,))
    conn.execute("DELETE FROM entry_threads WHERE thread IN (SELECT id FROM threads WHERE game = ?)", (game,))
    conn.execute("DELETE FROM threads WHERE game = ?", (game,))
    threads: list[Thread] = []
    by_key: dict[tuple[str, str], Thread] = {}  # (kind, key of a latest entry) -> thread
    used_ids: set[str] = set()
    rows: list[tuple[int, str, float, str]] = []
    stats: dict[str, Counter] = {}
    for version, items in _items(conn, game).items():
        placed: dict[int, tuple[Thread, float, str]] = {}
        # 1. same key
        for it in items:
            t = by_key.get((it.kind, it.key))
            if t is not None:
                prev = next((p for p in t.latest if p.key == it.key), t.latest[0])
                placed[it.id] = (t, score(prev, it), "key")
        taken = {id(t) for t, _, _ in placed.values()}
        # 2. similarity with threads not continued yet, best pair first, one to one
        open_threads = [t for t in threads if id(t) not in taken]
        candidates = []
        for it in items:
            if it.id in placed:
                continue
            for t in open_threads:
                if t.kind != it.kind:
                    continue
                best = max((score(p, it) for p in t.latest if compatible(p, it)), default=0.0)
                if best >= THRESHOLD:
                    candidates.append((best, it.id, id(t), t))
        for s, eid, tid, t in sorted(candidates, key=lambda c: (-c[0], c[1])):
            if eid in placed or tid in taken:
                continue
            placed[eid] = (t, s, "similar")
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
            tid = thread_id(game, it.key)
            n = 1
            while tid in used_ids:
                n += 1
                tid = thread_id(game, f"{it.key}~{n}")
            used_ids.add(tid)
            t = Thread(tid, it.kind, it.key)
            threads.append(t)
            placed[it.id] = (t, 0.0, "first")
        # the threads continued in this version now end with its entries
        fresh: dict[int, list[Item]] = {}
        for it in items:
            t, s, method = placed[it.id]
            fresh.setdefault(id(t), []).append(it)
            rows.append((it.id, t.id, s, method))
            stats.setdefault(version, Counter())[method] += 1
            t.title = it.title
        for t in threads:
            if id(t) in fresh:
                for old in t.latest:
                    by_key.pop((old.kind, old.key), None)
                t.latest = fresh[id(t)]
        for t in threads:
            if id(t) in fresh:
                for it in t.latest:
                    by_key[(it.kind, it.key)] = t
    conn.executemany("INSERT INTO threads(id, game, kind, key, title) VALUES (?, ?, ?, ?, ?)",
                     [(t.id, game, t.kind, t.key, t.title) for t in threads])
    conn.executemany("INSERT INTO entry_threads(entry, thread, score, method) VALUES (?, ?, ?, ?)", rows)
    return stats


def align(conn: sqlite3.Connection, game: str | None = None) -> dict[str, dict[str, Counter]]:
    """Recompute the threads of ``game`` (default: every game with documents). The caller owns the
    transaction."""
    games = [game] if game else [g for (g,) in conn.execute("SELECT DISTINCT game FROM documents ORDER BY game")]
    return {g: align_game(conn, g) for g in games}
