"""The entries of a game's knowledge base as scenarios see them (:class:`EntryIndex`): read once per
game, looked up by a scenario's references (a KB key, or a question prefix compared without
typography or set codes: :func:`norm_question`), followed through their threads, and compared by
meaning across versions (what :mod:`engine.replay.carry` carries expectations by). Kept per KB
state by :mod:`engine.replay.kb_cache`.
"""

from __future__ import annotations

import re
import sqlite3
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import lru_cache

from textnorm import plain
from kb.answer_facts import same_answer
from kb.keys import question_slug_text
from kb.meaning import same_meaning, version_terminology
from kb.versions import version_sort_key


@lru_cache(maxsize=16384)
def norm_question(text: str) -> str:
    """A question without typography or set codes; removing "(CoTA 046)" must not leave a space
    before the punctuation that followed it."""
    return re.sub(r"\s+([.,;:?!])", r"\1", plain(question_slug_text(text)))


@dataclass
class EntryIndex:
    """The entries of one game as scenarios see them, read once (not once per scenario)."""

    game: str
    #: (version, entry id, key, question or body, replayable) in version and document order
    rows: list[tuple[str, int, str, str, bool]]
    body: dict[int, str]
    version_of: dict[int, str]
    thread_of: dict[int, str]
    members: dict[str, list[int]]
    versions: list[str]
    #: the FAQ answers: two wordings of an answer state one ruling when its facts are the same
    #: (kb.answer_facts), which a rules text reworded does not
    answers: frozenset[int] = frozenset()
    _norm: dict[int, str] = field(default_factory=dict)
    #: (stated entry, another entry's text) -> whether that text states the same ruling
    _same: dict[tuple[int, str], bool] = field(default_factory=dict)
    #: for_ref's look-ups, built on first use: row positions by key; (normalized question, position)
    _by_key: dict[str, list[int]] | None = None
    _sorted: list[tuple[str, int]] = field(default_factory=list)

    @classmethod
    def read(cls, conn: sqlite3.Connection, game: str) -> "EntryIndex":
        rows, body, version_of, answers = [], {}, {}, set()
        for version, eid, key, kind, question, text in conn.execute(
            """SELECT d.version, e.id, e.key, e.kind, e.question, e.body
                   FROM entries e JOIN documents d ON d.id = e.document WHERE d.game = ?
                   ORDER BY d.version_sort, e.ordinal""",
            (game,),
        ):
            rows.append((version, eid, key, question or text, kind in ("faq", "example")))
            body[eid], version_of[eid] = text, version
            if kind == "faq":
                answers.add(eid)
        thread_of: dict[int, str] = {}
        try:
            thread_of = dict(
                conn.execute(
                    """SELECT et.entry, et.thread FROM entry_threads et JOIN entries e ON e.id = et.entry
                   JOIN documents d ON d.id = e.document WHERE d.game = ?""",
                    (game,),
                )
            )
        except sqlite3.OperationalError:  # a KB built before threads: entries stand alone
            pass
        members: dict[str, list[int]] = {}
        for _, eid, *_ in rows:
            if eid in thread_of:
                members.setdefault(thread_of[eid], []).append(eid)
        versions = sorted({r[0] for r in rows}, key=version_sort_key)
        return cls(game, rows, body, version_of, thread_of, members, versions, frozenset(answers))

    def normalized(self, eid: int, text: str) -> str:
        found = self._norm.get(eid)
        if found is None:
            found = self._norm[eid] = norm_question(text)
        return found

    def for_ref(self, ref: str) -> list[tuple[str, int]]:
        """(version, entry id) of the entries a reference names: a KB key (of any entry: a worked
        example can sit inside a rule whose source lost its "Example:" label), or a prefix of an FAQ
        question or example, compared without typography or set-code style; in row order.

        Looked up (a key in a dict, a prefix by bisection in the sorted normalized questions), not
        scanned: a command resolving every scenario's refs must not cost scenarios x entries."""
        if self._by_key is None:
            self._by_key, self._sorted = {}, []
            for pos, (_, eid, key, text, replayable) in enumerate(self.rows):
                self._by_key.setdefault(key, []).append(pos)
                if replayable:
                    self._sorted.append((self.normalized(eid, text), pos))
            self._sorted.sort()
        prefix = norm_question(ref)
        found = set(self._by_key.get(ref, ()))
        at = bisect_left(self._sorted, (prefix,))
        while at < len(self._sorted) and self._sorted[at][0].startswith(prefix):
            found.add(self._sorted[at][1])
            at += 1
        return [(self.rows[p][0], self.rows[p][1]) for p in sorted(found)]

    def linked(self, refs: list[str], scopes: dict[str, tuple[str, ...]] | None = None) -> list[tuple[str, int]]:
        """The entries ``refs`` name (only in the versions ``scopes`` gives a ref, if any), then the
        entries of their threads in versions where no ref matched (a question reworded past its
        prefix) and no scope excludes, in version order."""
        scopes = scopes or {}
        hits, free = [], []  # free: hits of refs without a scope, whose threads are followed
        for ref in refs:
            for hit in self.for_ref(ref):
                if ref not in scopes:
                    free.append(hit)
                if ref not in scopes or hit[0] in scopes[ref]:
                    hits.append(hit)
        seen = {e for _, e in hits}
        named_versions = {v for v, _ in hits}
        extra = []
        for thread in dict.fromkeys(self.thread_of[e] for _, e in free if e in self.thread_of):
            for e in self.members.get(thread, ()):
                if e not in seen and self.version_of[e] not in named_versions:
                    extra.append((self.version_of[e], e))
                    seen.add(e)
        return hits + sorted(extra, key=lambda h: (version_sort_key(h[0]), h[1]))

    def same_ruling(self, conn: sqlite3.Connection, stated: int, other: int) -> bool:
        """True when entry ``other`` states what entry ``stated`` states (kb.meaning; two FAQ
        answers, also when only their wording differs: kb.answer_facts).

        The same words state the same ruling, with no terminology between the two versions worked
        out (a pass over both versions' aligned entries); and an answer reprinted word for word in
        another version states what it stated there, so a stated answer is compared once per
        distinct text, not once per version of a long history."""
        text = self.body[other]
        if text == self.body[stated]:
            return True
        key = (stated, text)
        if key not in self._same:
            a, b = self.version_of[stated], self.version_of[other]
            terms = version_terminology(conn, self.game, a, b) if a != b else None
            self._same[key] = same_meaning(self.body[stated], text, terms) or (
                stated in self.answers and other in self.answers and same_answer(self.body[stated], text)
            )
        return self._same[key]
