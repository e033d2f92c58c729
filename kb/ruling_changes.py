"""The ruling changes of a changelog: the threads whose meaning differs between two versions.

Why a module of its own: ``kb.changelog`` lists every entry added, removed, renamed or changed; this
part asks, of each thread, whether an answer of one version is still given by the other (a thread
can hold two answers in one version), and shows the scenarios that replay it under both. Both parts
compare the same pairs of texts, so :class:`TextPairs` computes each word diff and each meaning
change once per changelog.
"""

from __future__ import annotations

import json
import re
import sqlite3

from rapidfuzz import fuzz

from . import meaning
from .answer_facts import same_answer
from .textdiff import word_diff

#: The kinds whose text carries rules, so whose meaning can change (not fiction, nor KotC counters).
MEANING_KINDS = ("rule", "glossary", "errata", "faq", "example", "timing", "ruling", "redacted", "cost")


def label(e: dict) -> str:
    """What an entry is called in a changelog: its title, else its question, else its key."""
    return e["title"] or e["question"] or e["key"]


class TextPairs:
    """The word diff and the meaning changes of two texts, each computed once per changelog: an
    entry's texts are compared for the entry (changed, renamed) and again for its thread (ruling
    changes). Each diff handed out is a copy, so no two places of a changelog share one."""

    def __init__(self, terms: meaning.Terminology, renumbered: dict[str, str] | None = None):
        self.terms = terms
        #: rule number in the ``from`` version -> its number in the ``to`` version, for the rules renumbered
        #: between them (:func:`renumbering`): a citation that only follows its rule is not a change
        self.renumbered = renumbered or {}
        self._diffs: dict[tuple, list[dict]] = {}
        self._meanings: dict[tuple, tuple[list, float]] = {}

    def diff(self, a: str | None, b: str | None) -> list[dict]:
        if (a, b) not in self._diffs:
            self._diffs[a, b] = word_diff(a, b)
        return [dict(op) for op in self._diffs[a, b]]

    def meaning(self, a: str | None, b: str | None) -> tuple[list[meaning.MeaningChange], float]:
        """``kb.meaning.meaning_changes`` of the two texts, and their magnitude."""
        if (a, b) not in self._meanings:
            changes = meaning.meaning_changes(self._cited_as_now(a), b, self.terms)
            self._meanings[a, b] = changes, meaning.magnitude(changes)
        return self._meanings[a, b]

    def _cited_as_now(self, text: str | None) -> str | None:
        """``text`` (of the older version) with each rule number it cites that was renumbered
        written as the newer version numbers it ("see rule 502.16" -> "see rule 502.17")."""
        if not text or not self.renumbered:
            return text
        return _CITED.sub(lambda m: self.renumbered.get(m.group(), m.group()), text)


#: a rule number as the Comprehensive Rules cite it ("rule 702.19b", "rules 502.16 and 502.17")
_CITED = re.compile(r"(?<![\d.])\d{3}(?:\.\d+[a-z]?)?(?![\d])")
_RULE_KEY = re.compile(r"rule/(\d{3}(?:\.\d+[a-z]?)?)$")


def renumbering(all_pairs, entries: dict[int, dict]) -> dict[str, str]:
    """Rule number in the ``from`` version -> its number in the ``to`` version, for each numbered
    rule whose thread continues under another number (one to one: a number split or merged is left
    out, so a citation of it still counts as changed)."""
    moves: dict[str, set[str]] = {}
    for p in all_pairs:
        old, new = entries.get(p.from_entry), entries.get(p.to_entry)
        if not old or not new:
            continue
        a, b = _RULE_KEY.match(old["key"]), _RULE_KEY.match(new["key"])
        if a and b and a.group(1) != b.group(1):
            moves.setdefault(a.group(1), set()).add(b.group(1))
    targets = [t for ts in moves.values() for t in ts]
    return {a: next(iter(ts)) for a, ts in moves.items() if len(ts) == 1 and targets.count(next(iter(ts))) == 1}


def _reworded_answer(old: dict, new: dict) -> bool:
    """Two FAQ answers that state one ruling in other words (kb.answer_facts): not a ruling change."""
    return old["kind"] == new["kind"] == "faq" and same_answer(old["body"], new["body"])


def ruling_changes(conn, from_version, to_version, all_pairs, entries, kind, texts: TextPairs) -> list[dict]:
    """Threads whose meaning differs between the versions: an entry on one side that means the same
    as no entry of the thread on the other side (a thread can hold two answers in one version, as
    1.3 holds both Pitlord rulings). Biggest change first; answers in conflict with their own
    document last, flagged."""
    if kind is not None and kind not in MEANING_KINDS:
        return []
    # each thread's entries with their side, as one flat list [side, entry, side, entry, ...] (a
    # list per side of thousands of threads outlived collections of the young: see kb.threads)
    members: dict[str, list] = {}
    position: dict[str, int] = {}
    seen: tuple[set, set] = (set(), set())  # the entries on each side: an entry is in one thread, once
    for n, p in enumerate(all_pairs):
        t = p.thread
        if t not in position:
            position[t] = n
        for side, eid in enumerate((p.from_entry, p.to_entry)):
            e = entries.get(eid)
            if e and e["kind"] in MEANING_KINDS and not e["needs_review"] and eid not in seen[side]:
                seen[side].add(eid)
                m = members.get(t)
                if m is None:
                    members[t] = [side, e]
                else:
                    m += (side, e)
    out = []
    for thread, m in members.items():
        if len(m) == 4 and m[0] != m[2] and m[1]["body"] == m[3]["body"]:
            continue  # most threads: one text printed again, which means what it meant
        olds = [m[i + 1] for i in range(0, len(m), 2) if m[i] == 0]
        news = [m[i + 1] for i in range(0, len(m), 2) if m[i] == 1]
        if not olds or not news or (kind is not None and kind not in {e["kind"] for e in olds + news}):
            continue
        changes = {
            (o["id"], n["id"]): [] if _reworded_answer(o, n) else texts.meaning(o["body"], n["body"])[0]
            for o in olds
            for n in news
        }
        lost = [o for o in olds if all(changes[o["id"], n["id"]] for n in news)]
        gained = [n for n in news if all(changes[o["id"], n["id"]] for o in olds)]
        if not lost and not gained:
            continue
        new = gained[0] if gained else max(news, key=lambda n: fuzz.ratio(n["body"], lost[0]["body"]))
        old = lost[0] if lost else max(olds, key=lambda o: fuzz.ratio(o["body"], new["body"]))
        found = changes[old["id"], new["id"]]
        conflicted = next((e for e in (old, new) if e.get("conflict")), None)
        found_scenarios = scenarios(conn, [e["id"] for e in olds + news], from_version, to_version)
        out.append(
            {
                "thread": thread,
                "kind": new["kind"],
                "key": new["key"],
                "from_key": old["key"],
                "title": label(new),
                "question": new["question"] or label(new),
                "from_answer": old["body"],
                "to_answer": new["body"],
                "from_entry": old["id"],
                "to_entry": new["id"],
                "changes": [c.as_dict() for c in found],
                "magnitude": texts.meaning(old["body"], new["body"])[1],
                "reasons": [f"{c.kind}: {c.detail}" for c in found],
                "conflict": ((conflicted["conflict_reason"] or "").strip() or "in conflict with its own document")
                if conflicted
                else None,
                "conflict_version": conflicted["version"] if conflicted else None,
                "diff": texts.diff(old["body"], new["body"]),
                "scenario": found_scenarios[0] if found_scenarios else None,
                "scenarios": found_scenarios,
                "_order": position[thread],
            }
        )
    out.sort(key=lambda r: (r["conflict"] is not None, -r["magnitude"], r["_order"]))
    for r in out:
        del r["_order"]
    return out


def scenarios(conn, entry_ids: list[int], from_version: str, to_version: str) -> list[dict]:
    """Each scenario replaying the thread with its outcome (the checked values) under both versions;
    those replayed under both come first."""
    try:
        rows = conn.execute(
            f"""SELECT s.id, s.title, v.version, v.passed, v.error, v.checks FROM scenarios s
                JOIN verifications v ON v.scenario = s.id AND v.version IN (?, ?)
                WHERE s.id IN (SELECT scenario FROM scenario_entries WHERE entry IN ({",".join("?" * len(entry_ids))}))
                ORDER BY s.id""",
            [from_version, to_version, *entry_ids],
        ).fetchall()
    except sqlite3.OperationalError:  # a KB built before scenarios were stored
        return []
    found: dict[str, dict] = {}
    for sid, title, version, passed, error, checks in rows:
        s = found.setdefault(sid, {"id": sid, "title": title, "from": None, "to": None})
        try:
            outcome = {c["path"]: c.get("actual") for c in json.loads(checks or "[]")}
        except (ValueError, TypeError, KeyError):
            outcome = {}
        result = {"version": version, "passed": bool(passed), "error": error, "outcome": outcome}
        for side, v in (("from", from_version), ("to", to_version)):
            if version == v:
                s[side] = result
    return sorted(found.values(), key=lambda s: (s["from"] is None or s["to"] is None, s["id"]))
