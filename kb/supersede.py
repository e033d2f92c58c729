"""Superseded entries: an answer, rule or term that a later version of its thread states differently.

Why: a judge who lands on the 1.1 page of a FAQ answer ("triggered 7 times") must see at once that
1.3 changed the ruling ("2 times"), and a search showing an old text must say so too. Whether two
texts mean the same is decided by :mod:`kb.meaning` (numbers, verdicts, negations, permissions,
with the terminology each version uses), which costs a word diff per pair; so supersession is
computed once per build and ingest into the ``supersessions`` table (``kb/schema.sql``) and pages
only read it.

An entry is superseded by the first later version of its thread (``kb.threads``) whose entries all
state something different from it. The thread is walked once, version after version: where the text
is printed unchanged nothing is compared; where it changes, the new text is compared with the one
before it (with the terminology those two versions use), and a change that is only a rewording
carries the meaning on, so an entry is superseded at the first step that changes what it says. So
the cost grows with the changes of a thread, not with the square of its versions (the Magic rules
hold 109 versions), and a version that drops the thread says nothing. The terminologies the walk
worked out are stored in the KB (:mod:`kb.terminology_store`), so a changelog of two neighbouring
versions reads them rather than diffing every pair of texts again. Entries flagged ``needs_review`` are neither marked nor used to
mark (their text was not read with certainty), nor is fiction. The summary quotes the new text
("now “…”": the clause of the changed sentence that carries the change; "adds “…”": a sentence it
added), or the old sentence the new text dropped ("no longer says “…”"), never a paraphrase.
"""

from __future__ import annotations

import re
import sqlite3
import time
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz

from .align_place import WINDOW
from . import meaning
from .meaning import meaning_changes, version_terminology
from .terminology import store_computed
from .store import schema_sql
from .textdiff import word_diff, word_keys
from .threads import entry_threads

#: kinds whose text is not a statement of the rules, so it is never superseded
SKIP_KINDS = frozenset({"fiction"})
#: longest summary, in characters; a longer changed clause is cut at a word with "…"
SUMMARY_CHARS = 160

_DDL = re.compile(r"CREATE (?:TABLE|INDEX) IF NOT EXISTS [^;]*supersessions[^;]*;", re.S)
_COMMENT = re.compile(r"--[^\n]*")
_CLAUSE_END = re.compile(r"(?<=[,;:])\s+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


@dataclass(frozen=True)
class Report:
    """What :func:`compute` stored: entries marked, pairs of texts compared, time taken."""

    superseded: int
    compared: int
    seconds: float


class _Entry:
    """One entry of a thread as the walk needs it. Slotted, and its text shared with every other
    entry printing the same text (:func:`_threads`): the 109 Magic versions hold 320,000 entries but
    only some 12,000 distinct texts, and a dict and a string each made most of a build's peak memory."""

    __slots__ = ("id", "body", "needs_review", "_words")

    def __init__(self, id: int, body: str, needs_review: bool):
        self.id, self.body, self.needs_review, self._words = id, body, needs_review, None

    @property
    def words(self) -> tuple[str, ...]:
        """What ``kb.textdiff.same_text`` compares, worked out once per text."""
        if self._words is None:
            self._words = _words(self.body)
        return self._words


@lru_cache(maxsize=131072)
def _words(text: str) -> tuple[str, ...]:
    return tuple(word_keys(text))


def clear_caches() -> None:
    """Forget what the walk kept (word keys, quoted changes) and the terminologies and sentences of
    :mod:`kb.meaning`: a build calls this once supersessions are stored, so the search index built
    next reuses that memory rather than add to the peak."""
    _words.cache_clear()
    _changed_part.cache_clear()
    meaning.clear_caches()


def ensure_table(conn: sqlite3.Connection) -> None:
    """Create ``supersessions`` in a KB built before it existed (its DDL is in schema.sql)."""
    for statement in _DDL.findall(_COMMENT.sub("", schema_sql())):
        conn.execute(statement)


def compute(conn: sqlite3.Connection, game: str | None = None) -> Report:
    """Recompute the supersessions of ``game`` (every game when None) from the KB's threads."""
    started = time.perf_counter()
    ensure_table(conn)
    games = [game] if game else [g for (g,) in conn.execute("SELECT DISTINCT game FROM documents ORDER BY game")]
    threads = entry_threads(conn)
    rows, compared = [], 0
    for g in games:
        conn.execute(
            "DELETE FROM supersessions WHERE entry IN (SELECT e.id FROM entries e "
            "JOIN documents d ON d.id = e.document WHERE d.game = ?)",
            (g,),
        )
        found, n = _game(conn, g, threads)
        rows += found
        compared += n
    conn.executemany(
        """INSERT OR REPLACE INTO supersessions(entry, by_entry, version, summary, change, detail)
                        VALUES (?, ?, ?, ?, ?, ?)""",
        rows,
    )
    store_computed(conn)  # the walk's terminologies: a later changelog of neighbouring versions reads them
    return Report(len(rows), compared, time.perf_counter() - started)


def _game(conn: sqlite3.Connection, game: str, threads: dict[int, str]) -> tuple[list[tuple], int]:
    """The supersession rows of one game, and how many pairs of texts were compared."""
    terms: dict[tuple[str, str], object] = {}
    rows, compared = [], 0
    for versions in _threads(conn, game, threads):
        held = [v for v in versions if any(not e.needs_review for e in versions[v])]
        # walked from the newest version back: an entry's fate is its successor's (the entry of the
        # next version stating the same thing), or, when it has none, a change at that version
        fate: dict[int, tuple | None] = {}
        for i in range(len(held) - 1, -1, -1):
            news = [n for n in versions[held[i + 1]] if not n.needs_review] if i + 1 < len(held) else []
            for old in versions[held[i]]:
                if old.needs_review:
                    continue
                if not news:
                    fate[old.id] = None
                    continue
                succ = next((n for n in news if n.words == old.words), None)  # printed unchanged
                changes: dict[int, list] = {}
                if succ is None:
                    p, q = held[i], held[i + 1]
                    if (p, q) not in terms:
                        terms[p, q] = version_terminology(conn, game, p, q)
                    for n in news:
                        compared += 1
                        changes[n.id] = meaning_changes(old.body, n.body, terms[p, q])
                        if not changes[n.id]:
                            succ = n  # reworded only: the meaning goes on
                            break
                if succ is not None:
                    fate[old.id] = fate.get(succ.id)
                else:
                    new = max(news, key=lambda n: fuzz.ratio(old.body, n.body))
                    fate[old.id] = (held[i + 1], new, changes[new.id][0])
        for old in (e for v in held for e in versions[v] if not e.needs_review):
            if fate.get(old.id) is not None:
                later, new, first = fate[old.id]
                rows.append((old.id, new.id, later, summarize(first, new.body, old.body), first.kind, first.detail))
    return rows, compared


def _threads(conn: sqlite3.Connection, game: str, threads: dict[int, str]) -> list[dict[str, list[_Entry]]]:
    """The threads of ``game`` held by two versions or more: {version: [entries]}, oldest first."""
    by_thread: dict[str, dict[str, list[_Entry]]] = {}
    texts: dict[str, str] = {}  # one string per distinct text (see _Entry)
    for eid, version, kind, body, review in conn.execute(
        """SELECT e.id, d.version, e.kind, e.body, e.needs_review
               FROM entries e JOIN documents d ON d.id = e.document
               WHERE d.game = ? ORDER BY d.version_sort, e.ordinal""",
        (game,),
    ):
        if kind not in SKIP_KINDS:
            by_thread.setdefault(threads.get(eid, f"{game}:{eid}"), {}).setdefault(version, []).append(
                _Entry(eid, texts.setdefault(body or "", body or ""), bool(review))
            )
    return [versions for versions in by_thread.values() if len(versions) > 1]


# ---- after an ingest ---------------------------------------------------------------------------


def update(conn: sqlite3.Connection, game: str, versions: list[str]) -> Report:
    """Bring the supersessions of ``game`` up to date after ``versions`` were ingested (or ingested
    again), at a cost that does not grow with the versions the KB holds: only the threads holding an
    entry of a new version are looked at, and in them only the steps into and out of it (from the
    nearest version before that holds the thread, to the nearest after, within ``kb.align``'s
    window). A change of fate at the step into the new version is handed back, in one statement, to
    the earlier entries of the thread that went the same way."""
    started = time.perf_counter()
    ensure_table(conn)
    order = [v for (v,) in conn.execute("SELECT version FROM documents WHERE game = ? ORDER BY version_sort", (game,))]
    at = {v: n for n, v in enumerate(order)}
    compared = changed = 0
    terms: dict[tuple[str, str], object] = {}
    for version in sorted((v for v in versions if v in at), key=at.__getitem__, reverse=True):
        near = order[max(0, at[version] - WINDOW) : at[version] + WINDOW + 1]
        rows = conn.execute(
            f"""SELECT et.thread, d.version, e.id, e.kind, e.body, e.needs_review
                FROM entry_threads et JOIN entries e ON e.id = et.entry JOIN documents d ON d.id = e.document
                WHERE d.game = ? AND d.version IN ({",".join("?" * len(near))}) AND et.thread IN (
                      SELECT et2.thread FROM entry_threads et2 JOIN entries e2 ON e2.id = et2.entry
                      JOIN documents d2 ON d2.id = e2.document WHERE d2.game = ? AND d2.version = ?)
                ORDER BY d.version_sort, e.ordinal""",
            [game, *near, game, version],
        ).fetchall()
        threads: dict[str, dict[str, list[_Entry]]] = defaultdict(dict)
        for thread, v, eid, kind, body, review in rows:
            if kind not in SKIP_KINDS and not review:
                threads[thread].setdefault(v, []).append(_Entry(eid, body or "", False))
        for held in threads.values():
            vs = sorted(held, key=at.__getitem__)
            i = vs.index(version) if version in vs else -1
            if i < 0:
                continue
            after = vs[i + 1] if i + 1 < len(vs) else None
            before = vs[i - 1] if i > 0 else None
            for entry in held[version]:  # the new version's entries: their step out
                fate, n = _step(conn, game, terms, entry, version, after, held)
                compared += n
                _store_fate(conn, entry, fate)
            if before is None:
                continue
            for entry in held[before]:  # the step into the new version, handed back along the thread
                old = _stored_fate(conn, entry.id)
                fate, n = _step(conn, game, terms, entry, before, version, held)
                compared += n
                if (fate and fate[:2]) != (old and old[:2]):
                    changed += _hand_back(conn, entry, old, fate)
    store_computed(conn)
    return Report(changed, compared, time.perf_counter() - started)


def _step(conn, game, terms, old: _Entry, version: str, later: str | None, held) -> tuple[tuple | None, int]:
    """(fate, comparisons) of ``old`` (of ``version``) at the step to ``later``: the stored fate of
    the entry there that says the same, or (later version, entry id, change) when none does."""
    if later is None:
        return None, 0
    news = held[later]
    succ = next((n for n in news if n.words == old.words), None)
    changes: dict[int, list] = {}
    if succ is None:
        if (version, later) not in terms:
            terms[version, later] = version_terminology(conn, game, version, later)
        for n in news:
            changes[n.id] = meaning_changes(old.body, n.body, terms[version, later])
            if not changes[n.id]:
                succ = n
                break
    if succ is not None:
        return _stored_fate(conn, succ.id), len(changes)
    new = max(news, key=lambda n: fuzz.ratio(old.body, n.body))
    first = changes[new.id][0]
    return (new.id, later, summarize(first, new.body, old.body), first.kind, first.detail), len(changes)


def _stored_fate(conn: sqlite3.Connection, entry: int) -> tuple | None:
    return conn.execute(
        "SELECT by_entry, version, summary, change, detail FROM supersessions WHERE entry = ?", (entry,)
    ).fetchone()


def _store_fate(conn: sqlite3.Connection, entry: _Entry, fate: tuple | None) -> None:
    conn.execute("DELETE FROM supersessions WHERE entry = ?", (entry.id,))
    if fate is not None:
        conn.execute(
            """INSERT INTO supersessions(entry, by_entry, version, summary, change, detail)
                        VALUES (?, ?, ?, ?, ?, ?)""",
            (entry.id, *fate),
        )


def _hand_back(conn: sqlite3.Connection, entry: _Entry, old: tuple | None, fate: tuple | None) -> int:
    """Give ``entry`` its new ``fate`` and the earlier entries of its thread that shared its old fate
    (they went the same way through it) the same; returns how many entries changed."""
    thread = conn.execute("SELECT thread FROM entry_threads WHERE entry = ?", (entry.id,)).fetchone()[0]
    earlier = [
        eid
        for (eid,) in conn.execute(
            """SELECT e.id FROM entry_threads et JOIN entries e ON e.id = et.entry JOIN documents d ON d.id = e.document
           LEFT JOIN supersessions s ON s.entry = e.id
           WHERE et.thread = ? AND e.needs_review = 0 AND d.version_sort < (
                 SELECT d2.version_sort FROM entries e2 JOIN documents d2 ON d2.id = e2.document WHERE e2.id = ?)
             AND ((? IS NULL AND s.entry IS NULL) OR (s.by_entry = ? AND s.version = ?))""",
            (thread, entry.id, old and old[0], old and old[0], old and old[1]),
        )
    ]
    for eid in [entry.id, *earlier]:
        body = conn.execute("SELECT body FROM entries WHERE id = ?", (eid,)).fetchone()[0]
        mine = fate if fate is None or eid == entry.id else (*fate[:2], _resummarize(fate, body), *fate[3:])
        _store_fate(conn, _Entry(eid, body or "", False), mine)
    return 1 + len(earlier)


def _resummarize(fate: tuple, body: str) -> str:
    """The summary of a fate found at a later step, for an earlier entry: the same words, unless it
    quotes a sentence the earlier entry words otherwise ("no longer says")."""
    summary = fate[2]
    if summary.startswith("no longer says “") and summary[16:-1] not in " ".join((body or "").split()):
        sentences = _SENTENCE_END.split(" ".join((body or "").split()))
        return f"no longer says “{_cut(max(sentences, key=lambda x: fuzz.ratio(x, summary[16:-1])))}”"
    return summary


# ---- summaries ---------------------------------------------------------------------------------


def summarize(change, new_text: str, old_text: str | None = None) -> str:
    """What the later version says instead, as the pages print it after "Changed in vX:": ``now
    “…”`` quoting the sentence of the change's ``after`` text that the change rewrote (cut to its
    changed clauses when it is longer than :data:`SUMMARY_CHARS`), ``adds “…”`` for a sentence the
    later text added, ``no longer says “…”`` for one it dropped. ``old_text``: the superseded entry's
    own text, when the change was found against a rewording of it (a version in between): a dropped
    sentence is quoted as the entry prints it."""
    after = " ".join((change.after or "").split())
    before = " ".join((change.before or "").split())
    if not after and before and old_text and before not in " ".join(old_text.split()):
        before = max(_SENTENCE_END.split(" ".join(old_text.split())), key=lambda s: fuzz.ratio(s, before))
    if not after:
        return f"no longer says “{_cut(before)}”" if before else f"now “{_cut(_first_sentence(new_text))}”"
    if not before:
        return f"adds “{_cut(after)}”"
    return f"now “{_changed_part(before, after)}”"


@lru_cache(maxsize=16384)
def _changed_part(before: str, after: str) -> str:
    """The sentence(s) of ``after`` holding the words the diff from ``before`` inserts (or where it
    deletes); a quote still too long keeps its changed clauses, then a window from the first change.
    An elided start or end is marked "…". Cached: every earlier entry of a thread that went the same
    way to a change quotes that same change, a word diff each (57,000 of them in a build of the
    Magic rules, for a few thousand changes)."""
    spans = _changes_in(before, after)
    if not spans:
        return _cut(after)
    sentences = _pieces(after, _SENTENCE_END)
    chosen = [(a, b) for a, b in sentences if any(x <= b and y >= a for x, y in spans)] or sentences
    lo, hi = chosen[0][0], chosen[-1][1]
    if hi - lo > SUMMARY_CHARS:
        clauses = [(a, b) for a, b in _pieces(after[lo:hi], _CLAUSE_END)]
        hit = [(lo + a, lo + b) for a, b in clauses if any(x <= lo + b and y >= lo + a for x, y in spans)]
        if hit:
            lo, hi = hit[0][0], hit[-1][1]
    first = min(x for x, _ in spans if x >= lo) if any(x >= lo for x, _ in spans) else lo
    if hi - lo > SUMMARY_CHARS and first - lo > SUMMARY_CHARS // 2:
        lo = after.find(" ", first - SUMMARY_CHARS // 4) + 1 or lo
    quote = _cut(after[lo:hi].strip().rstrip(",;:"))
    return ("…" if lo > 0 and after[:lo].strip()[-1:] not in ".!?" else "") + quote


def _changes_in(before: str, after: str) -> list[tuple[int, int]]:
    """Character spans of ``after`` that the word diff from ``before`` inserts, and the zero-width
    places where it only deletes; empty when the diff cannot be laid over ``after``."""
    spans, pos = [], 0
    for op in word_diff(before, after):
        text = " ".join(op["text"].split())
        if op["op"] == "delete":
            spans.append((pos, pos))
            continue
        at = after.find(text, pos) if text else pos
        if at < 0:
            return []
        if op["op"] == "insert":
            spans.append((at, at + len(text)))
        pos = at + len(text)
    return spans


def _pieces(text: str, boundary: re.Pattern) -> list[tuple[int, int]]:
    """(start, end) of the parts of ``text`` between the matches of ``boundary``."""
    out, start = [], 0
    for m in boundary.finditer(text):
        out.append((start, m.start()))
        start = m.end()
    out.append((start, len(text)))
    return [(a, b) for a, b in out if b > a]


def _first_sentence(text: str) -> str:
    return (_SENTENCE_END.split(" ".join((text or "").split()), maxsplit=1) or [""])[0]


def _cut(text: str) -> str:
    if len(text) <= SUMMARY_CHARS:
        return text
    cut = text.rfind(" ", 0, SUMMARY_CHARS)
    return text[: cut if cut > 0 else SUMMARY_CHARS].rstrip(" ,;:") + "…"


# ---- reading -----------------------------------------------------------------------------------


def superseded_by(conn: sqlite3.Connection, entry_ids) -> dict[int, dict]:
    """``{entry: {"version", "entry_id", "summary", "change", "url"}}`` for the superseded ones of
    ``entry_ids``; empty for a KB built before the table existed."""
    ids = list(dict.fromkeys(entry_ids))
    out: dict[int, dict] = {}
    try:
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            for entry, by, version, summary, change in conn.execute(
                f"""SELECT entry, by_entry, version, summary, change FROM supersessions
                        WHERE entry IN ({",".join("?" * len(chunk))})""",
                chunk,
            ):
                out[entry] = {
                    "version": version,
                    "entry_id": by,
                    "summary": summary,
                    "change": change,
                    "url": f"/entries/{by}",
                }
    except sqlite3.OperationalError:
        return {}
    return out
