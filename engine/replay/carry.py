"""Which stated expectation a scenario is checked against under each version: carried by meaning.

Why: a scenario states the expected outcome for the versions whose rulings its author read. A
version ingested later (an edition between 1.3 and 16.0, a 17.0) has no expectation of its own, and
"take the nearest earlier version's" is the wrong rule: an edition published before 16.0 may already
state 16.0's ruling, and one published after 1.3 may still state 1.3's. So an expectation is carried
to a version only when that version's answer **states the same ruling** as the answer of the
version it was written for.

A scenario is linked to entries: its ``entries`` (KB keys or question prefixes) matched in every
version, and the entries that share a thread with them (``kb.align``), which brings in a version
whose question was reworded past its prefix. For each version V it replays under:

1. ``expect`` states V: V's own expectation;
2. else the nearest version U (either direction, the earlier on a tie) whose expectation is known
   (stated, or carried to it by this rule) and whose linked answers state what V's say: every answer
   of V has the same meaning (:func:`kb.meaning.same_meaning`, with the terminology renames between U
   and V) as an answer of U; the expectation U is checked against is checked under V's rules. Going
   through U matters when V repeats a version that rewords the stated one: each step is a "same
   meaning", so the ruling is the same along the way;
3. else V is **unverified**: "ruling changed in V, no expectation" - never failed, never checked
   against another version's ruling.

A scenario linked to no entry at all (posted to the API with expectations only) states rules, not
rulings: its expectations hold from their version on, as it says.
"""

from __future__ import annotations

import re
import sqlite3
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import lru_cache

from textnorm import plain
from kb.keys import question_slug_text
from kb.meaning import same_meaning, version_terminology
from kb.versions import version_sort_key

from engine.core.errors import ScenarioError
from engine.replay.kb_cache import entry_index


@dataclass(frozen=True)
class Carry:
    """What a scenario is checked against under ``version``."""

    version: str
    #: the version whose stated expectation applies (``version`` itself, or one whose answer states
    #: the same ruling); None: unverified
    expect_version: str | None
    #: why it is unverified (None when an expectation applies)
    reason: str | None = None


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
    _norm: dict[int, str] = field(default_factory=dict)
    #: (stated entry, another entry's text) -> whether that text states the same ruling
    _same: dict[tuple[int, str], bool] = field(default_factory=dict)
    #: for_ref's look-ups, built on first use: row positions by key; (normalized question, position)
    _by_key: dict[str, list[int]] | None = None
    _sorted: list[tuple[str, int]] = field(default_factory=list)

    @classmethod
    def read(cls, conn: sqlite3.Connection, game: str) -> "EntryIndex":
        rows, body, version_of = [], {}, {}
        for version, eid, key, kind, question, text in conn.execute(
            """SELECT d.version, e.id, e.key, e.kind, e.question, e.body
                   FROM entries e JOIN documents d ON d.id = e.document WHERE d.game = ?
                   ORDER BY d.version_sort, e.ordinal""",
            (game,),
        ):
            rows.append((version, eid, key, question or text, kind in ("faq", "example")))
            body[eid], version_of[eid] = text, version
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
        return cls(game, rows, body, version_of, thread_of, members, versions)

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
        """True when entry ``other`` states what entry ``stated`` states (kb.meaning).

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
            self._same[key] = same_meaning(self.body[stated], text, terms)
        return self._same[key]


def plan(
    conn: sqlite3.Connection, scenario, index: EntryIndex | None = None, versions: list[str] | None = None
) -> dict[str, Carry]:
    """The :class:`Carry` of ``scenario`` under each version it replays (or only ``versions``)."""
    if index is None:
        index = entry_index(conn, scenario.game)
    linked = index.linked(scenario.entries, scenario.scopes)
    by_version: dict[str, list[int]] = {}
    for v, e in linked:
        by_version.setdefault(v, []).append(e)
    wanted = sorted(by_version, key=version_sort_key) if versions is None else versions
    stated = sorted(scenario.expect, key=version_sort_key)
    conflicted = _conflicted(index, scenario)
    if not by_version:  # no linked entry: the expectations hold from their version on
        return {v: _from_version_on(v, stated) for v in wanted}
    known = {v: Carry(v, v) for v in stated if by_version.get(v)}
    order = {v: n for n, v in enumerate(index.versions)}
    open_ = [v for v in sorted(by_version, key=version_sort_key) if v not in known]
    changed = True
    while changed and open_:  # carried versions carry further, nearest first, until nothing moves
        changed = False
        for v in list(open_):
            found = _carry(conn, index, v, known, by_version, conflicted, order)
            if found is not None:
                known[v] = found
                open_.remove(v)
                changed = True
    out = {}
    for v in wanted:
        if v in stated:
            out[v] = Carry(v, v)
        elif v in known:
            out[v] = known[v]
        elif not by_version.get(v):
            out[v] = Carry(v, None, f"no entry of {v} is linked to this scenario")
        else:
            out[v] = Carry(v, None, f"ruling changed in {v}, no expectation")
    return out


def _from_version_on(version: str, stated: list[str]) -> Carry:
    earlier = [v for v in stated if version_sort_key(v) <= version_sort_key(version)]
    if earlier:
        return Carry(version, earlier[-1])
    raise ScenarioError(f"no expectations for {version} or any earlier version")


def _conflicted(index: EntryIndex, scenario) -> dict[int, str]:
    """Entries the scenario declares as contradicting their own document (in the versions it lists,
    or every version), with the reason: there the expectation follows the rules, not the answer."""
    out: dict[int, str] = {}
    for c in scenario.conflicts:
        for v, e in index.for_ref(c["entry"]):
            if not c["versions"] or v in c["versions"]:
                out[e] = c["reason"]
    return out


def carried_conflicts(
    conn: sqlite3.Connection, scenario, index: EntryIndex | None = None
) -> list[tuple[int, str, str]]:
    """(entry, reason, version) for the answers of a later version that repeat an answer the scenario
    declares stale in an earlier one (same meaning): errata and rules are inherited forward, so the
    answer is stale there too, and the page should say so."""
    if index is None:
        index = entry_index(conn, scenario.game)
    conflicted = _conflicted(index, scenario)
    if not conflicted:
        return []
    out = []
    for v, e in index.linked(scenario.entries, scenario.scopes):
        if e in conflicted:
            continue
        for stale, reason in conflicted.items():
            w = index.version_of[stale]
            if version_sort_key(w) < version_sort_key(v) and index.same_ruling(conn, stale, e):
                out.append((e, f"{reason} (the answer repeats {w}'s)", v))
                break
    return out


def _carry(
    conn,
    index: EntryIndex,
    version: str,
    known: dict[str, Carry],
    by_version: dict[str, list[int]],
    conflicted: dict[int, str],
    order: dict[str, int],
) -> Carry | None:
    """The carry of ``version`` from the nearest version of ``known`` whose answers state the same
    ruling, or None."""
    mine = by_version.get(version, [])
    if not mine:
        return None
    at, versions = order.get(version, 0), index.versions
    # the known versions nearest first, the earlier on a tie: walked outward from this version, not
    # sorted for every version (that was versions squared per scenario)
    nearest = (
        versions[p]
        for d in range(1, len(versions))
        for p in (at - d, at + d)
        if 0 <= p < len(versions) and versions[p] in known
    )
    for u in nearest:
        theirs = by_version[u]
        # an answer the scenario declares stale in U is not what U's expectation encodes: it
        # carries only to the same answer declared stale, or repeated by a later version (whose
        # errata and rules are inherited from U's: it is stale there too, see carried_conflicts)
        later = version_sort_key(version) > version_sort_key(u)
        if all(
            any(index.same_ruling(conn, t, m) and (t not in conflicted or m in conflicted or later) for t in theirs)
            for m in mine
        ):
            return Carry(version, known[u].expect_version)
    return None
