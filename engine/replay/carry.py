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

import sqlite3
from dataclasses import dataclass, replace

from kb.versions import version_sort_key

from engine.core.errors import ScenarioError
from engine.replay.entries import EntryIndex
from engine.replay.kb_cache import entry_index, errata


@dataclass(frozen=True)
class Carry:
    """What a scenario is checked against under ``version``."""

    version: str
    #: the version whose stated expectation applies (``version`` itself, or one whose answer states
    #: the same ruling); None: unverified
    expect_version: str | None
    #: why it is unverified (None when an expectation applies)
    reason: str | None = None
    #: the scenario's cards whose errata in force differ between ``version`` and ``expect_version``
    errata_differ: tuple[str, ...] = ()


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
    errata = _ScenarioErrata(conn, scenario)
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
            out[v] = replace(known[v], errata_differ=tuple(errata.differing(v, known[v].expect_version)))
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


class _ScenarioErrata:
    """The errata in force for the cards a scenario names, per version (the KB's read once per KB
    state: :func:`engine.replay.kb_cache.errata`)."""

    def __init__(self, conn: sqlite3.Connection, scenario) -> None:
        self.conn, self.game = conn, scenario.game
        self.names = set(_strings((scenario.setup, scenario.actions)))
        self.by_version: dict[str, dict[str, str]] = {}

    def of(self, version: str) -> dict[str, str]:
        if version not in self.by_version:
            self.by_version[version] = {
                name: text for name, (text, _) in errata(self.conn, self.game, version).items() if name in self.names
            }
        return self.by_version[version]

    def differing(self, a: str, b: str) -> list[str]:
        if a == b:
            return []
        mine, theirs = self.of(a), self.of(b)
        return sorted(n for n in mine.keys() | theirs.keys() if mine.get(n) != theirs.get(n))


def _strings(value):
    """Every string in a scenario's setup and actions (card names among them)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)
