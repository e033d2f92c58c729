"""What changed between two versions of a game's rulebook, and which rulings flipped.

Why: a judge moving from one rulebook to another needs the entries added, removed, reworded and
renamed, and above all the FAQ answers whose *meaning* changed (7 times became 2 times; "will not
allow" became "will allow"), with the engine's replay of the ruling under both versions. Entries
are paired by the alignment of ``kb.threads.aligned_pairs`` (same key, then similarity); a KB or a
tree without it falls back to pairing by key. A ruling change is found by comparing the changed
words of two answers on a few signals of meaning (see ``MEANING_SIGNALS``), never by a list of
known questions. Entries still flagged ``needs_review`` are listed apart and never counted.
"""
from __future__ import annotations

import json
import re
import sqlite3
from collections import defaultdict
from typing import NamedTuple

from rapidfuzz import fuzz

from .errors import KBError
from .textdiff import has_changes, moved_sentences, same_text, word_diff
from .threads import thread_id

#: FAQ-like kinds: an entry whose body answers a question, so its meaning can flip.
RULING_KINDS = ("faq", "ruling")

#: The words that carry the meaning of an answer (data, not code). A changed answer whose changed
#: words differ on any of these is a ruling change; one that differs only in other words is a rewording.
MEANING_SIGNALS = {
    "negations": {"not", "no", "cannot", "never", "none", "nothing", "neither", "nor", "without"},
    "verdicts": {"yes", "no"},
    # permission and obligation: who may or must do what, in which order ("cannot" is a negation)
    "modals": {"may", "must", "can", "either", "simultaneous", "simultaneously", "optional", "choose",
               "instead", "unless"},
    "number_words": {"once": 1, "twice": 2, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                     "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12},
    # numbers after these words are references, not rulings ("see page 9" -> "page 10")
    "reference_words": {"page", "pages", "p", "rule", "section"},
}

_WORD = re.compile(r"[A-Za-z\u00c0-\u024f]+(?:['\u2019][A-Za-z]+)?|\d+")
_LIST_MARKER = re.compile(r"(?m)^\s*\d+[.)]\s")


class Pair(NamedTuple):
    """The fallback of ``kb.threads.Pair`` when the alignment is not available."""
    from_entry: int | None
    to_entry: int | None
    thread: str
    score: float
    method: str


def _document(conn: sqlite3.Connection, game: str, version: str) -> int:
    if not conn.execute("SELECT 1 FROM games WHERE id = ?", (game,)).fetchone():
        raise KBError(f"unknown game {game!r}")
    row = conn.execute("SELECT id FROM documents WHERE game = ? AND version = ?", (game, version)).fetchone()
    if row is None:
        known = ", ".join(v for v, in conn.execute(
            "SELECT version FROM documents WHERE game = ? ORDER BY version_sort", (game,)))
        raise KBError(f"unknown version {version!r} of {game} (known: {known})")
    return row[0]


def pairs(conn: sqlite3.Connection, game: str, from_version: str, to_version: str) -> list:
    """Every entry of both versions, paired: the alignment's pairs when kb.threads has them."""
    try:
        from .threads import aligned_pairs
    except ImportError:
        aligned_pairs = None
    if aligned_pairs is not None:
        return list(aligned_pairs(conn, game, from_version, to_version))
    old, new = (dict(conn.execute("SELECT key, id FROM entries WHERE document = ?", (doc,)))
                for doc in (_document(conn, game, from_version), _document(conn, game, to_version)))
    out = [Pair(i, new.get(k), thread_id(game, k), 100.0 if k in new else 0.0, "key") for k, i in old.items()]
    out += [Pair(None, i, thread_id(game, k), 0.0, "first") for k, i in new.items() if k not in old]
    return out


def _entries(conn: sqlite3.Connection, ids: list[int]) -> dict[int, dict]:
    out = {}
    for start in range(0, len(ids), 500):
        chunk = ids[start:start + 500]
        for row in conn.execute(
                f"""SELECT e.id, e.key, e.kind, e.title, e.question, e.body, e.needs_review, e.confidence,
                           d.version FROM entries e JOIN documents d ON d.id = e.document
                    WHERE e.id IN ({','.join('?' * len(chunk))})""", chunk):
            out[row[0]] = dict(zip(("id", "key", "kind", "title", "question", "body", "needs_review",
                                    "confidence", "version"), row))
    return out


def _label(e: dict) -> str:
    return e["title"] or e["question"] or e["key"]


def changelog(conn: sqlite3.Connection, game: str, from_version: str, to_version: str,
              kind: str | None = None) -> dict:
    """The changelog between two versions (any two, either order) as ``rulebase diff --json``."""
    _document(conn, game, from_version), _document(conn, game, to_version)
    all_pairs = pairs(conn, game, from_version, to_version)
    entries = _entries(conn, [i for p in all_pairs for i in (p.from_entry, p.to_entry) if i is not None])
    out = {"game": game, "from": from_version, "to": to_version, "kind": kind, "added": [], "removed": [],
           "changed": [], "renamed": [], "unchanged": 0, "ruling_changes": [], "needs_review": []}
    counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    uses = defaultdict(int)
    for p in all_pairs:
        uses["from", p.from_entry] += 1
        uses["to", p.to_entry] += 1
    for p in all_pairs:
        old, new = entries.get(p.from_entry), entries.get(p.to_entry)
        k = (new or old)["kind"]
        if kind is not None and kind not in {e["kind"] for e in (old, new) if e}:
            continue
        if any(e and e["needs_review"] for e in (old, new)):
            out["needs_review"].append({"key": (new or old)["key"], "title": _label(new or old), "kind": k,
                                        "from_entry": p.from_entry, "to_entry": p.to_entry})
            category = "needs_review"
        elif old is None:
            out["added"].append({"key": new["key"], "title": _label(new), "kind": k, "entry_id": new["id"]})
            category = "added"
        elif new is None:
            out["removed"].append({"key": old["key"], "title": _label(old), "kind": k, "entry_id": old["id"]})
            category = "removed"
        else:
            category = _compare(out, p, old, new)
            if category == "renamed":  # one side also in another pair: a merged or split wording
                out["renamed"][-1]["merged"] = uses["to", p.to_entry] > 1
                out["renamed"][-1]["split"] = uses["from", p.from_entry] > 1
        counts[k][category] += 1
    out["counts"] = {k: dict(v) for k, v in sorted(counts.items())}
    out["ruling_changes"] = _ruling_changes(conn, game, from_version, to_version, all_pairs, entries, kind)
    return out


def _compare(out: dict, p, old: dict, new: dict) -> str:
    body_same, question_same = same_text(old["body"], new["body"]), same_text(old["question"], new["question"])
    if old["key"] != new["key"]:
        out["renamed"].append({"from_key": old["key"], "to_key": new["key"], "from_title": _label(old),
                               "to_title": _label(new), "score": round(float(p.score), 1), "kind": new["kind"],
                               "from_entry": old["id"], "to_entry": new["id"],
                               "diff": None if body_same else word_diff(old["body"], new["body"])})
        return "renamed"
    if body_same and question_same and same_text(old["title"], new["title"]):
        out["unchanged"] += 1
        return "unchanged"
    diff = word_diff(old["body"], new["body"])
    question_diff = None if question_same else word_diff(old["question"], new["question"])
    out["changed"].append({
        "key": new["key"], "title": _label(new), "kind": new["kind"],
        "similarity": round(fuzz.ratio(old["body"] or "", new["body"] or ""), 1),
        "diff": diff, "question_diff": question_diff, "moved": moved_sentences(diff),
        "from_entry": old["id"], "to_entry": new["id"]})
    return "changed"


# ---- ruling changes -------------------------------------------------------------------------

def _words(text: str) -> list[str]:
    return [w.casefold().replace("\u2019", "'") for w in _WORD.findall(_LIST_MARKER.sub(" ", text or ""))]


def _signals(ops: list[dict], side: str) -> dict[str, object]:
    """What the words a diff deletes (``side`` "delete") or inserts ("insert") say about meaning:
    their numbers (not page references: the word before is read in the whole text), negations and
    modals."""
    found: dict[str, object] = {"numbers": [], "negations": 0, "modals": set()}
    before = ""
    for op in ops:
        if op["op"] not in ("equal", side):
            continue
        for w in _words(op["text"]):
            if op["op"] == side:
                _weigh(w, before, found)
            before = w
    found["numbers"].sort()
    return found


def _weigh(w: str, before: str, found: dict) -> None:
    if w.isdigit() and before not in MEANING_SIGNALS["reference_words"]:
        found["numbers"].append(int(w))
    elif w in MEANING_SIGNALS["number_words"]:
        found["numbers"].append(MEANING_SIGNALS["number_words"][w])
    if w in MEANING_SIGNALS["negations"] or w.endswith("n't"):
        found["negations"] += 1
    if w in MEANING_SIGNALS["modals"]:
        found["modals"].add(w)


def meaning_changes(a: str | None, b: str | None) -> list[str]:
    """Why answer ``b`` does not mean what answer ``a`` means (empty: the same ruling, maybe reworded).
    Only the words the diff changes are weighed, so an unchanged example around them cannot count."""
    if same_text(a, b):
        return []
    ops = word_diff(a, b)
    deleted, inserted = _signals(ops, "delete"), _signals(ops, "insert")
    reasons = []
    lead_a, lead_b = (_words(t)[:1] for t in (a, b))
    if {*lead_a, *lead_b} & MEANING_SIGNALS["verdicts"] and lead_a != lead_b:
        reasons.append(f"verdict {' '.join(lead_a) or '-'} -> {' '.join(lead_b) or '-'}")
    if deleted["numbers"] != inserted["numbers"]:
        reasons.append(f"numbers {deleted['numbers']} -> {inserted['numbers']}")
    if deleted["negations"] != inserted["negations"]:
        reasons.append(f"negations {deleted['negations']} -> {inserted['negations']}")
    if deleted["modals"] != inserted["modals"]:
        gone, new = sorted(deleted["modals"] - inserted["modals"]), sorted(inserted["modals"] - deleted["modals"])
        if gone or new:
            reasons.append(f"key words -{gone} +{new}")
    return reasons


def _ruling_changes(conn, game, from_version, to_version, all_pairs, entries, kind) -> list[dict]:
    """Threads of answers whose meaning differs between the versions: an answer on one side that
    means the same as no answer of the thread on the other side (a thread can hold two answers
    in one version, as 1.3 holds both Pitlord rulings)."""
    if kind is not None and kind not in RULING_KINDS:
        return []
    sides: dict[str, tuple[list, list]] = defaultdict(lambda: ([], []))
    for p in all_pairs:
        for side, eid in ((0, p.from_entry), (1, p.to_entry)):
            e = entries.get(eid)
            if e and e["kind"] in RULING_KINDS and not e["needs_review"] and e not in sides[p.thread][side]:
                sides[p.thread][side].append(e)
    out = []
    for thread, (olds, news) in sides.items():
        if not olds or not news:
            continue
        reasons = {(o["id"], n["id"]): meaning_changes(o["body"], n["body"]) for o in olds for n in news}
        lost = [o for o in olds if all(reasons[o["id"], n["id"]] for n in news)]
        gained = [n for n in news if all(reasons[o["id"], n["id"]] for o in olds)]
        if not lost and not gained:
            continue
        new = gained[0] if gained else max(news, key=lambda n: fuzz.ratio(n["body"], lost[0]["body"]))
        old = lost[0] if lost else max(olds, key=lambda o: fuzz.ratio(o["body"], new["body"]))
        scenarios = _scenarios(conn, [e["id"] for e in olds + news], from_version, to_version)
        out.append({"thread": thread, "key": new["key"], "question": new["question"] or _label(new),
                    "from_answer": old["body"], "to_answer": new["body"],
                    "from_entry": old["id"], "to_entry": new["id"],
                    "reasons": reasons[old["id"], new["id"]], "diff": word_diff(old["body"], new["body"]),
                    "scenario": scenarios[0] if scenarios else None, "scenarios": scenarios})
    return sorted(out, key=lambda r: r["question"])


def _scenarios(conn, entry_ids: list[int], from_version: str, to_version: str) -> list[dict]:
    """Each scenario replaying the thread with its outcome (the checked values) under both versions;
    those replayed under both come first."""
    try:
        rows = conn.execute(
            f"""SELECT s.id, s.title, v.version, v.passed, v.error, v.checks FROM scenarios s
                JOIN verifications v ON v.scenario = s.id AND v.version IN (?, ?)
                WHERE s.id IN (SELECT scenario FROM scenario_entries WHERE entry IN ({','.join('?' * len(entry_ids))}))
                ORDER BY s.id""", [from_version, to_version, *entry_ids]).fetchall()
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


def entry_diff(conn: sqlite3.Connection, key: str, from_version: str, to_version: str,
               game: str | None = None) -> dict:
    """One entry (by key) between two versions: both texts and the word diffs of body and question."""
    games = [g for g, in conn.execute(
        "SELECT DISTINCT d.game FROM entries e JOIN documents d ON d.id = e.document WHERE e.key = ?"
        + (" AND d.game = ?" if game else ""), (key, game) if game else (key,))]
    if not games:
        raise KBError(f"unknown entry key {key!r}")
    game = games[0]
    sides = []
    for version in (from_version, to_version):
        doc = _document(conn, game, version)
        row = conn.execute("SELECT id, title, question, body FROM entries WHERE document = ? AND key = ?",
                           (doc, key)).fetchone()
        sides.append(row)
    (old, new) = sides
    if old is None and new is None:
        raise KBError(f"entry {key!r} is in neither {from_version} nor {to_version} of {game}")
    o = old or (None, None, None, None)
    n = new or (None, None, None, None)
    return {"game": game, "key": key, "from": from_version, "to": to_version,
            "from_entry": o[0], "to_entry": n[0], "title": n[1] or o[1],
            "from_text": o[3], "to_text": n[3], "diff": word_diff(o[3], n[3]),
            "question_diff": word_diff(o[2], n[2]) if (o[2] or n[2]) else None,
            "changed": has_changes(word_diff(o[3], n[3])) or has_changes(word_diff(o[2], n[2])),
            "meaning_changes": meaning_changes(o[3], n[3]) if old and new else []}
