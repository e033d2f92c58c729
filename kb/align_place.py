"""Placing the entries that have no thread yet into the threads of their game (see :mod:`kb.align`).

Why a module of its own: the placing has to stay cheap at the scale of the Magic Comprehensive
Rules (109 versions of about 4,000 entries each), where an ingest must not cost more as the history
grows and a full build must not compare every rule with every other. So:

- only the versions near the ones being placed are read (:data:`WINDOW` versions on each side):
  an ingest reads a constant amount of the KB however many versions it holds, and a thread that
  ended more than :data:`WINDOW` versions before is not continued (closed);
- entries whose text a neighbouring version prints unchanged are paired by that text first, in one
  hash lookup each, whatever their key: a rule renumbered by an insertion (702.15 -> 702.16) stays
  in its thread, and identical texts printed several times are paired key first, then in document
  order, so no unchanged text is ever left over as "added" or "removed";
- only what is left is scored (rapidfuzz), best pair first, one to one: a pair with the same key
  counts :data:`KEY_BONUS` more and needs only :data:`KEY_THRESHOLD`, any other pair
  :data:`~kb.align.THRESHOLD`, so a number reused by a new rule goes to the rule that moved away
  from it when that one is a better match, and a term whose text was rewritten keeps its thread.

An entry's label (its rule number, when its key is ``<kind>/<number>``) is not content: it takes
no part in the heading compared, so a renumbered rule still matches its old self.
"""

from __future__ import annotations

import bisect
import hashlib
import re
import sqlite3
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

from rapidfuzz import fuzz, process

from textnorm import plain

from .keys import question_slug_text
from .thread_ids import thread_id
from .versions import version_sort_key

#: minimum pairing score (0..100) of an entry with a thread of a neighbouring version
THRESHOLD = 65.0
#: minimum pairing score when the entry has the key of the thread's neighbour
KEY_THRESHOLD = 35.0
#: what having the neighbour's key adds to a pair's rank (not to its stored score)
KEY_BONUS = 20.0
#: minimum heading ratio for two entries of one version to be wordings of one question
SIBLING_THRESHOLD = 90.0
#: weight of the heading (title or question) in the pairing score; the rest is the text's
HEAD_WEIGHT = 0.3
#: text compared, in characters: enough to tell rules apart, bounded so scoring stays cheap
TEXT_LIMIT = 3000
#: versions read on each side of a version being placed; a thread with no entry that near ends
WINDOW = 8

_NUMBER = re.compile(r"\d+")
_LABEL = re.compile(r"^\s*(\d+(?:\.\d+)*[a-z]?)\.?\s*")
_SUBRULE = re.compile(r"^(rule/\d+\.\d+)[a-z]+$")


@dataclass(slots=True)
class Item:
    """One entry as the alignment sees it. Slotted, and its strings shared with every other item of
    the same text (:func:`item`): an alignment of the 109 Magic versions holds 320,000 of them, and
    a dict and its own strings each made most of a build's peak memory."""

    id: int
    version: str
    kind: str
    key: str
    title: str
    head: str  # normalised heading without its label: question for FAQ entries, title otherwise
    text: str  # normalised body, cut at TEXT_LIMIT
    same: str  # digest of the whole heading and body: equal digests print the same text
    question: bool  # a question (FAQ): only questions can have sibling wordings
    numbers: tuple[str, ...]
    cards: frozenset[str]


@lru_cache(maxsize=131072)
def _norm(text: str | None) -> str:
    """Cached: the versions of a rulebook print most texts again unchanged."""
    return plain(question_slug_text(text or ""))


def item(
    eid: int,
    version: str,
    kind: str,
    key: str,
    title: str | None,
    question: str | None,
    body: str | None,
    cards: set[str] | frozenset = frozenset(),
) -> Item:
    raw_head = question if kind == "faq" and question else (title or question or "")
    m = _LABEL.match(raw_head)
    own = f"{kind}/{m.group(1)}" if m else None
    if own and (key == own or (key.startswith(own + "-") and key[len(own) + 1 :].isdigit())):
        raw_head = raw_head[m.end() :]  # a rule number is a label, not content (even printed twice)
    head = _norm(raw_head)
    text = _norm(body)
    named = frozenset(n for n in cards if n in plain(raw_head)) if cards else frozenset()
    same, cut, numbers = _digest(kind, head, text)
    return Item(
        eid,
        version,
        kind,
        _shared(key),
        _shared(title or question or key),
        head,
        cut,
        same,
        bool(question),
        numbers,
        named,
    )


@lru_cache(maxsize=131072)
def _digest(kind: str, head: str, text: str) -> tuple[str, str, tuple[str, ...]]:
    """(digest of the whole heading and text, the text cut at TEXT_LIMIT, the heading's numbers),
    once per distinct text: the versions print most texts again, and each item kept its own."""
    same = hashlib.blake2b(f"{kind}\0{head}\0{text}".encode(), digest_size=12).hexdigest()
    return same, text[:TEXT_LIMIT], tuple(sorted(_NUMBER.findall(head)))


@lru_cache(maxsize=131072)
def _shared(text: str) -> str:
    """One string object for equal keys and titles (a rule's key is the same in 100 versions)."""
    return text


def clear_caches() -> None:
    """Forget the normalised texts kept while aligning: a build calls this once the alignment is
    done, so the stages after it reuse that memory rather than add to the peak."""
    for f in (_norm, _digest, _shared):
        f.cache_clear()


def score(a: Item, b: Item) -> float:
    """Pairing score 0..100: heading words (token set, so a longer name still matches) and text;
    the text alone when neither has a heading beyond its label."""
    text = fuzz.ratio(a.text, b.text) if a.text or b.text else None
    if not a.head and not b.head:
        return round(text if text is not None else 100.0, 1)
    head = fuzz.token_set_ratio(a.head, b.head)
    return round(HEAD_WEIGHT * head + (1 - HEAD_WEIGHT) * (head if text is None else text), 1)


#: a text ratio under these cannot reach THRESHOLD: with a heading (which adds HEAD_WEIGHT * 100 at
#: most), and without (the text is the score); a point below the bound, so ``round`` never matters
_TEXT_CUT, _TEXT_ALONE = (THRESHOLD - 100 * HEAD_WEIGHT) / (1 - HEAD_WEIGHT) - 1, THRESHOLD - 1


def _scored_pairs(
    left: list[Item], threads: list[Thread], neighbours: dict[str, list[Item]], fits=lambda it, n: True
) -> list[tuple]:
    """(rank, score, entry, thread, same key) of the pairs of ``left`` and ``threads`` whose score
    (:func:`score` with the thread's best compatible neighbour) reaches their threshold. Scoring all
    of them was most of a full build's alignment (a Magic renumbering leaves a thousand entries
    against a thousand threads), so a thread is scored with an entry only when it holds the entry's
    key, or a neighbour whose text could reach THRESHOLD (one rapidfuzz pass over the neighbour texts
    finds them; for an entry without text, the neighbours without). Same pairs, same scores."""
    pool: dict[tuple[str, bool], tuple[list[str], list[str]]] = {}  # (kind, has a head) -> (texts, threads)
    keyed: dict[tuple[str, str], set[str]] = defaultdict(set)  # (kind, key) -> threads with a neighbour of it
    for t in threads:
        for n in neighbours[t.id]:
            texts, tids = pool.setdefault((t.kind, bool(n.head)), ([], []))
            texts.append(n.text)
            tids.append(t.id)
            keyed[t.kind, n.key].add(t.id)
    pairs = []
    for it in left:
        near = set(keyed.get((it.kind, it.key), ()))
        for has_head in (False, True):
            texts, tids = pool.get((it.kind, has_head), ((), ()))
            if not it.text:
                near.update(tid for text, tid in zip(texts, tids) if not text)
                continue
            cut = _TEXT_ALONE if not (has_head or it.head) else _TEXT_CUT
            near.update(
                tids[i] for _, _, i in process.extract(it.text, texts, scorer=fuzz.ratio, limit=None, score_cutoff=cut)
            )
        for tid in near:
            same_key = any(n.key == it.key for n in neighbours[tid])
            best = max((score(n, it) for n in neighbours[tid] if compatible(n, it) and fits(it, n)), default=0.0)
            if best >= (KEY_THRESHOLD if same_key else THRESHOLD):
                pairs.append((best + (KEY_BONUS if same_key else 0.0), best, it.id, tid, same_key))
    return pairs


def section_key(key: str) -> str | None:
    """The key of the section a subrule stands in ("rule/702.127a" -> "rule/702.127"), else None."""
    m = _SUBRULE.match(key)
    return m.group(1) if m else None


def compatible(a: Item, b: Item) -> bool:
    """False when the headings name different numbers or different cards (2 chains with 7 cards in
    hand is another question than with 5). An empty card set (no card linked) does not count."""
    if a.numbers != b.numbers:
        return False
    return not (a.cards and b.cards and a.cards != b.cards)


def load_items(conn: sqlite3.Connection, where: str, params: list) -> list[Item]:
    """Items of the entries matching ``where`` (over ``e`` entries and ``d`` documents), in order."""
    cards: dict[int, set[str]] = {}
    for entry, name in conn.execute(
        f"""SELECT ec.entry, c.name FROM entry_cards ec JOIN cards c ON c.id = ec.card
                JOIN entries e ON e.id = ec.entry JOIN documents d ON d.id = e.document
                WHERE {where}""",
        params,
    ):
        cards.setdefault(entry, set()).add(plain(name))
    rows = conn.execute(  # made into items as they come: the rows of every version at once were 200 MB
        f"""SELECT e.id, d.version, e.kind, e.key, e.title, e.question, e.body
            FROM entries e JOIN documents d ON d.id = e.document
            WHERE {where} ORDER BY d.version_sort, e.ordinal""",
        params,
    )
    return [item(*row, cards.get(row[0], frozenset())) for row in rows]


@dataclass
class Thread:
    id: str
    kind: str
    key: str  # key of the entry that started the thread (the id's key)
    #: the thread's entries by version index (of the versions read)
    members: dict[int, list[Item]] = field(default_factory=dict)
    at: list[int] = field(default_factory=list)  # sorted version indexes of ``members``

    def add(self, index: int, it: Item) -> None:
        if index not in self.members:
            bisect.insort(self.at, index)
        self.members.setdefault(index, []).append(it)

    def neighbours(self, index: int) -> tuple[list[Item], list[Item]]:
        """Entries of the nearest version before ``index`` and of the nearest after, within WINDOW."""
        pos = bisect.bisect_left(self.at, index)
        before = self.members[self.at[pos - 1]] if pos > 0 and index - self.at[pos - 1] <= WINDOW else []
        nxt = pos + (pos < len(self.at) and self.at[pos] == index)
        after = self.members[self.at[nxt]] if nxt < len(self.at) and self.at[nxt] - index <= WINDOW else []
        return before, after


class Placer:
    """The threads of one game near the versions with unplaced entries, and the placing of those."""

    def __init__(self, conn: sqlite3.Connection, game: str) -> None:
        self.conn, self.game = conn, game
        self.versions = [
            v for (v,) in conn.execute("SELECT version FROM documents WHERE game = ? ORDER BY version_sort", (game,))
        ]
        self.index = {v: n for n, v in enumerate(self.versions)}
        # a document is stored and aligned whole: one look at its first entry tells (an index look-up
        # per document, not a scan of every entry the game holds)
        new_versions = [
            v
            for (v,) in conn.execute(
                """SELECT d.version FROM documents d WHERE d.game = ? AND NOT EXISTS (
                 SELECT 1 FROM entry_threads et
                 WHERE et.entry = (SELECT min(e.id) FROM entries e WHERE e.document = d.id))
               AND EXISTS (SELECT 1 FROM entries e WHERE e.document = d.id)""",
                (game,),
            )
        ]
        wanted = {
            self.versions[i]
            for v in new_versions
            for i in range(max(0, self.index[v] - WINDOW), min(len(self.versions), self.index[v] + WINDOW + 1))
        }
        marks = ",".join("?" * len(wanted))
        items = load_items(conn, f"d.game = ? AND d.version IN ({marks})", [game, *sorted(wanted)]) if wanted else []
        placed = (
            dict(
                conn.execute(
                    f"""SELECT et.entry, et.thread FROM entry_threads et JOIN entries e ON e.id = et.entry
                JOIN documents d ON d.id = e.document WHERE d.game = ? AND d.version IN ({marks})""",
                    [game, *sorted(wanted)],
                )
            )
            if wanted
            else {}
        )
        self.threads: dict[str, Thread] = {}
        near = (
            conn.execute(
                f"""SELECT id, kind, key FROM threads WHERE id IN (SELECT DISTINCT thread FROM entry_threads
                WHERE entry IN (SELECT e.id FROM entries e JOIN documents d ON d.id = e.document
                                WHERE d.game = ? AND d.version IN ({marks})))""",
                [game, *sorted(wanted)],
            ).fetchall()
            if wanted
            else []
        )
        vacant = conn.execute(  # threads whose entries were all deleted (a version removed or replaced)
            """SELECT id, kind, key FROM threads WHERE game = ? AND NOT EXISTS (
                 SELECT 1 FROM entry_threads et WHERE et.thread = threads.id)""",
            (game,),
        ).fetchall()
        for tid, kind, key in near + vacant:
            self.threads[tid] = Thread(tid, kind, key)
        self.known = set(self.threads)
        self.new: dict[str, list[Item]] = {}
        #: (version index, section key) -> the section's entry and thread, for _same_section
        self.sections: dict[tuple[int, str], tuple[Item, Thread]] = {}
        self.by_version: dict[int, set[str]] = defaultdict(set)  # version index -> threads there
        for it in items:
            tid = placed.get(it.id)
            if tid is None:
                self.new.setdefault(it.version, []).append(it)
            elif tid in self.threads:
                self._add(self.index[it.version], it, self.threads[tid])
        #: threads left without entries (their version was deleted): (kind, key) -> thread, so the
        #: same entries ingested again take their thread back
        self.vacant = {(t.kind, t.key): t for t in self.threads.values() if not t.members}
        self.rows: list[tuple[int, str, float, str]] = []
        self.stats: dict[str, Counter] = {}
        self.touched: set[str] = set()

    def _add(self, index: int, it: Item, t: Thread) -> None:
        t.add(index, it)
        self.by_version[index].add(t.id)
        if section_key(it.key) is None:
            self.sections[index, it.key] = (it, t)

    def run(self) -> dict[str, Counter]:
        for version in sorted(self.new, key=version_sort_key):
            self._place_version(self.index[version], self.new[version])
        return self.stats

    def _candidates(self, index: int) -> list[Thread]:
        """Threads with an entry within WINDOW versions of ``index`` and none at ``index``."""
        near = set().union(
            *(self.by_version.get(i, ()) for i in range(index - WINDOW, index + WINDOW + 1) if i != index)
        )
        return [self.threads[t] for t in sorted(near - self.by_version.get(index, set()))]

    def _place_version(self, index: int, items: list[Item]) -> None:
        placed: dict[int, tuple[Thread, float, str]] = {}
        candidates = self._candidates(index)
        neighbours = {t.id: sum(t.neighbours(index), []) for t in candidates}
        taken: set[str] = set()
        # 0. a re-ingested version takes back the threads only its entries held
        for it in items:
            t = self.vacant.pop((it.kind, it.key), None)
            if t is not None:
                placed[it.id] = (t, 100.0, "key")
                taken.add(t.id)
        # 1. the same text as a neighbour: same key first, then in document order
        theirs: dict[str, list[tuple[Item, Thread]]] = defaultdict(list)
        for t in candidates:
            for n in neighbours[t.id]:
                theirs[n.same].append((n, t))
        mine: dict[str, list[Item]] = defaultdict(list)
        for it in items:
            if it.id not in placed:
                mine[it.same].append(it)
        for digest, ours in mine.items():
            pool = [(n, t) for n, t in theirs.get(digest, ()) if t.id not in taken]
            for it in sorted(ours, key=lambda i: not any(n.key == i.key for n, _ in pool)):
                match = next(((n, t) for n, t in pool if n.key == it.key and t.id not in taken), None) or next(
                    ((n, t) for n, t in pool if t.id not in taken), None
                )
                if match is None:
                    break
                placed[it.id] = (match[1], 100.0, "key" if match[0].key == it.key else "similar")
                taken.add(match[1].id)
        # 2-4. the rest: sections and rules first, then the subrules, each of which may continue only
        # a thread whose neighbour stands in the section its own section continues (_same_section)
        free = [t for t in candidates if t.id not in taken]
        for group in (
            [it for it in items if section_key(it.key) is None],
            [it for it in items if section_key(it.key) is not None],
        ):
            self._place_rest(index, group, placed, taken, free, neighbours)

    def _same_section(self, index: int, it: Item, n: Item) -> bool:
        """Whether subrule ``it`` (of version ``index``) may continue the thread of neighbour ``n``:
        always, unless both stand in named sections (a keyword, a term: "702.127. Embalm") that are
        not one thread. Look-alike keyword rules ("Embalm is an activated ability that functions
        while the card with embalm is in a graveyard") score as one text; the keyword they define
        tells them apart. Unnamed sections ("704.5.") lend their rules to each other as the rules
        are regrouped, so they do not constrain; nor does a text printed unchanged (step 1)."""
        own, theirs = section_key(it.key), section_key(n.key)
        if own is None or theirs is None:
            return True
        a, b = self.sections.get((index, own)), self.sections.get((self.index[n.version], theirs))
        if a is None or b is None or not a[0].head or not b[0].head:
            return True
        return a[1] is b[1]

    def _place_rest(self, index: int, items: list[Item], placed: dict, taken: set[str], free, neighbours) -> None:
        """Steps 2-4 for ``items`` of version ``index`` (those step 1 left), then the threads take them."""
        # 2. by score, best pair first, one to one (a same-key pair ranks KEY_BONUS higher)
        left = [it for it in items if it.id not in placed]
        pairs = _scored_pairs(
            left, [t for t in free if t.id not in taken], neighbours, lambda it, n: self._same_section(index, it, n)
        )
        for _, s, eid, tid, same_key in sorted(pairs, key=lambda c: (-c[0], c[2], c[3])):
            if eid in placed or tid in taken:
                continue
            placed[eid] = (self.threads[tid], s, "key" if same_key else "similar")
            taken.add(tid)
        # 3. siblings within the version, 4. new threads
        for it in items:
            if it.id in placed:
                continue
            sib = max(
                (
                    (fuzz.ratio(o.head, it.head), o)
                    for o in items
                    if it.question and o.question and o.id in placed and compatible(o, it)
                ),
                key=lambda c: c[0],
                default=(0.0, None),
            )
            if sib[1] is not None and sib[0] >= SIBLING_THRESHOLD:
                placed[it.id] = (placed[sib[1].id][0], score(sib[1], it), "similar")
                continue
            placed[it.id] = (self._new_thread(it), 0.0, "first")
        for it in items:
            t, s, method = placed[it.id]
            self._add(index, it, t)
            self.rows.append((it.id, t.id, s, method))
            self.stats.setdefault(it.version, Counter())[method] += 1
            self.touched.add(t.id)

    def _new_thread(self, it: Item) -> Thread:
        tid = thread_id(self.game, it.key)
        n = 1
        while tid in self.threads or self._taken_elsewhere(tid):
            n += 1
            tid = thread_id(self.game, f"{it.key}~{n}")
        t = Thread(tid, it.kind, it.key)
        self.threads[tid] = t
        return t

    def _taken_elsewhere(self, tid: str) -> bool:
        """An id held by a thread outside the versions read (the placer does not hold every thread)."""
        return self.conn.execute("SELECT 1 FROM threads WHERE id = ?", (tid,)).fetchone() is not None

    def save(self) -> None:
        newest_version = self.versions[-1] if self.versions else None
        for tid in sorted(self.touched):  # sorted: the same sources give the same KB, byte for byte
            t = self.threads[tid]
            newest = t.members[t.at[-1]][-1] if t.at else None
            title = newest.title if newest else None
            if tid not in self.known:
                self.conn.execute(
                    "INSERT INTO threads(id, game, kind, key, title) VALUES (?, ?, ?, ?, ?)",
                    (tid, self.game, t.kind, t.key, title),
                )
            elif newest is not None and newest.version == newest_version:
                self.conn.execute("UPDATE threads SET title = ? WHERE id = ?", (title, tid))
            elif newest is not None:
                # the newest entry read may not be the thread's newest: keep a later version's title
                self.conn.execute(
                    """UPDATE threads SET title = ? WHERE id = ? AND NOT EXISTS (
                                       SELECT 1 FROM entry_threads et JOIN entries e ON e.id = et.entry
                                       JOIN documents d ON d.id = e.document
                                       WHERE et.thread = ? AND d.version_sort > ?)""",
                    (title, tid, tid, version_sort_key(newest.version)),
                )
        self.conn.executemany("INSERT INTO entry_threads(entry, thread, score, method) VALUES (?, ?, ?, ?)", self.rows)
        # a thread whose every entry is gone (a version deleted and not ingested again) ends
        self.conn.executemany(
            """DELETE FROM threads WHERE id = ? AND NOT EXISTS (
                                   SELECT 1 FROM entry_threads et WHERE et.thread = ?)""",
            [(t.id, t.id) for t in self.vacant.values()],
        )
