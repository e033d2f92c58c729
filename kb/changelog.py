"""What changed between two versions of a game's rulebook, and which rulings changed meaning.

Why: a judge moving from one rulebook to another needs above all the entries whose *meaning*
changed: a rule, a glossary term, an erratum or an FAQ answer (7 times became 2 times; "is
attacked" became "is chosen to be fought"; facedown became faceup), with the sentences before and
after that carry the change, and the engine's replay of the ruling under both versions where a
scenario replays it. Then the entries added, removed, renamed and reworded. Whether two texts mean
the same is decided by ``kb.meaning`` (formatting and the terminology renames the new edition makes
everywhere are wording); the renames themselves are listed once, under ``terminology``. Changed
entries are ordered by how much their meaning changed, then document order. Entries are paired by
``kb.threads.aligned_pairs`` (same key, then similarity); a tree without it pairs by key. Entries
still flagged ``needs_review`` are listed apart and never counted; an answer the KB marks as in
conflict with its own document is flagged, not presented as a plain ruling change (the threads whose
meaning changed are ``kb.ruling_changes``'s). The entries of both versions are read once
(``kb.threads.version_entries``) and handed to the pairing, the scoring and the renames.
"""

from __future__ import annotations

import re
import sqlite3
from collections import Counter, defaultdict

from rapidfuzz import fuzz

from . import meaning
from .errors import KBError
from .ruling_changes import MEANING_KINDS, TextPairs, renumbering, label as _label, ruling_changes
from .textdiff import has_changes, moved_sentences, same_text, word_diff
from .threads import aligned_pairs, version_entries

#: FAQ-like kinds: an entry whose body answers a question (kept for kb.history).
RULING_KINDS = ("faq", "ruling")
#: How many entry keys a terminology rename shows as examples.
RENAME_EXAMPLES = 5


#: the key of a worked example under a numbered rule: example/rule/702.19b/example-1
EXAMPLE_OF_NUMBER = re.compile(r"^example/[a-z]+/(\d+(?:\.\d+)*[a-z]?)(?:-\d+)?/example-\d+$")


def _document(conn: sqlite3.Connection, game: str, version: str) -> int:
    if not conn.execute("SELECT 1 FROM games WHERE id = ?", (game,)).fetchone():
        raise KBError(f"unknown game {game!r}")
    row = conn.execute("SELECT id FROM documents WHERE game = ? AND version = ?", (game, version)).fetchone()
    if row is None:
        known = ", ".join(
            v for (v,) in conn.execute("SELECT version FROM documents WHERE game = ? ORDER BY version_sort", (game,))
        )
        raise KBError(f"unknown version {version!r} of {game} (known: {known})")
    return row[0]


def _entries(conn: sqlite3.Connection, game: str, from_version: str, to_version: str) -> dict[int, dict]:
    """The entries of both versions by id (:func:`kb.threads.version_entries`); a worked example
    goes with its rule's number."""
    out = version_entries(conn, game, from_version, to_version)
    for e in out.values():
        if e["number"] is None and e["kind"] == "example":
            m = EXAMPLE_OF_NUMBER.match(e["key"])
            e["number"] = m.group(1) if m else None
    return out


def _terms(conn, game, from_version, to_version, all_pairs, entries) -> meaning.Terminology:
    """The renames between the two versions: ``kb.meaning.version_terminology`` (memoised) when the
    KB has its alignment, else detected over the pairs at hand."""
    try:
        return meaning.version_terminology(conn, game, from_version, to_version, all_pairs, entries)
    except (ImportError, sqlite3.OperationalError):
        texts = [
            ((entries.get(p.from_entry) or {}).get("body"), (entries.get(p.to_entry) or {}).get("body"))
            for p in all_pairs
        ]
        return meaning.terminology(texts)


def changelog(conn: sqlite3.Connection, game: str, from_version: str, to_version: str, kind: str | None = None) -> dict:
    """The changelog between two versions (any two, either order) as ``rulebase diff --json``."""
    _document(conn, game, from_version), _document(conn, game, to_version)
    entries = _entries(conn, game, from_version, to_version)
    all_pairs = aligned_pairs(conn, game, from_version, to_version, entries=entries)
    terms = _terms(conn, game, from_version, to_version, all_pairs, entries)
    texts = TextPairs(terms, renumbering(all_pairs, entries))
    out = {
        "game": game,
        "from": from_version,
        "to": to_version,
        "kind": kind,
        "added": [],
        "removed": [],
        "changed": [],
        "renamed": [],
        "renumbered": [],
        "unchanged": 0,
        "ruling_changes": [],
        "terminology": [],
        "needs_review": [],
    }
    counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    uses = {"from": Counter(p.from_entry for p in all_pairs), "to": Counter(p.to_entry for p in all_pairs)}
    order: dict[int, int] = {}
    for n, p in enumerate(all_pairs):
        old, new = entries.get(p.from_entry), entries.get(p.to_entry)
        k = (new or old)["kind"]
        if kind is not None and kind not in {e["kind"] for e in (old, new) if e}:
            continue
        if (old and old["needs_review"]) or (new and new["needs_review"]):
            out["needs_review"].append(
                {
                    "key": (new or old)["key"],
                    "title": _label(new or old),
                    "kind": k,
                    "from_entry": p.from_entry,
                    "to_entry": p.to_entry,
                }
            )
            category = "needs_review"
        elif old is None:
            out["added"].append({"key": new["key"], "title": _label(new), "kind": k, "entry_id": new["id"]})
            category = "added"
        elif new is None:
            out["removed"].append({"key": old["key"], "title": _label(old), "kind": k, "entry_id": old["id"]})
            category = "removed"
        else:
            category = _compare(out, p, old, new, texts)
            if category == "renamed":  # one side also in another pair: a merged or split wording
                out["renamed"][-1]["merged"] = uses["to"][p.to_entry] > 1
                out["renamed"][-1]["split"] = uses["from"][p.from_entry] > 1
            if category in ("renamed", "changed"):
                order[id(out[category][-1])] = n
            if category == "renumbered" or (category == "changed" and "renumbered" in out["changed"][-1]):
                out["renumbered"][-1]["merged"] = uses["to"][p.to_entry] > 1
        counts[k][category] += 1
    for name in ("changed", "renamed"):  # the biggest changes of meaning first, then document order
        out[name].sort(key=lambda x: (not x["meaning"], -x["magnitude"], order[id(x)]))
    out["counts"] = {k: dict(v) for k, v in sorted(counts.items())}
    out["ruling_changes"] = ruling_changes(conn, from_version, to_version, all_pairs, entries, kind, texts)
    out["terminology"] = _terminology(terms, all_pairs, entries, kind)
    return out


def _meaning_fields(old: dict, new: dict, texts: TextPairs) -> dict:
    """``meaning`` (the text's meaning changed), ``reworded`` (a rule's text, question or heading
    changed in formatting and renames only), ``magnitude`` and the changes themselves, for a pair of
    entries whose text, question or heading differs. The meaning is the text's (the answer of an
    FAQ): a question that means something else is another thread (kb.align keeps them apart)."""
    changes, size = texts.meaning(old["body"], new["body"]) if new["kind"] in MEANING_KINDS else ([], 0.0)
    return {
        "meaning": bool(changes),
        "reworded": not changes and new["kind"] in MEANING_KINDS,
        "magnitude": size,
        "meaning_changes": [c.as_dict() for c in changes],
    }


def unlabelled(title: str | None, number: str | None) -> str | None:
    """A rule's title without its number ("702.19. Trample" -> "Trample")."""
    if title and number and title.startswith(number):
        return title[len(number) :].lstrip(". ")
    return title


def _compare(out: dict, p, old: dict, new: dict, texts: TextPairs) -> str:
    body_same, question_same = same_text(old["body"], new["body"]), same_text(old["question"], new["question"])
    if old["number"] and new["number"] and old["number"] != new["number"]:
        # the same rule under another number (an insertion shifted it): a renumbering, never a rename,
        # and a text change besides is listed with the changed entries too
        title_same = same_text(unlabelled(old["title"], old["number"]), unlabelled(new["title"], new["number"]))
        unchanged = body_same and question_same and title_same
        out["renumbered"].append(
            {
                "from": old["number"],
                "to": new["number"],
                "kind": new["kind"],
                "title": _label(new),
                "from_entry": old["id"],
                "to_entry": new["id"],
                "from_key": old["key"],
                "to_key": new["key"],
                "text_changed": not unchanged,
            }
        )
        if unchanged:
            return "renumbered"
        _changed(out, old, new, body_same, question_same, texts)
        out["changed"][-1]["renumbered"] = {"from": old["number"], "to": new["number"]}
        return "changed"
    if old["key"] != new["key"]:
        out["renamed"].append(
            {
                "from_key": old["key"],
                "to_key": new["key"],
                "from_title": _label(old),
                "to_title": _label(new),
                "score": round(float(p.score), 1),
                "kind": new["kind"],
                "from_entry": old["id"],
                "to_entry": new["id"],
                "diff": None if body_same else texts.diff(old["body"], new["body"]),
                **_meaning_fields(old, new, texts),
            }
        )
        return "renamed"
    if body_same and question_same and same_text(old["title"], new["title"]):
        out["unchanged"] += 1
        return "unchanged"
    _changed(out, old, new, body_same, question_same, texts)
    return "changed"


def _changed(out: dict, old: dict, new: dict, body_same: bool, question_same: bool, texts: TextPairs) -> None:
    diff = texts.diff(old["body"], new["body"])
    question_diff = None if question_same else texts.diff(old["question"], new["question"])
    out["changed"].append(
        {
            "key": new["key"],
            "title": _label(new),
            "kind": new["kind"],
            "similarity": round(fuzz.ratio(old["body"] or "", new["body"] or ""), 1),
            "diff": diff,
            "question_diff": question_diff,
            "moved": moved_sentences(diff),
            "from_entry": old["id"],
            "to_entry": new["id"],
            **_meaning_fields(old, new, texts),
        }
    )


def meaning_changes(a: str | None, b: str | None, terms: meaning.Terminology | None = None) -> list[str]:
    """Why text ``b`` does not mean what text ``a`` means, one line per change (empty: the same
    ruling, maybe reworded). The structured form is ``kb.meaning.meaning_changes``."""
    return [f"{c.kind}: {c.detail}" for c in meaning.meaning_changes(a, b, terms)]


def _terminology(terms: meaning.Terminology, all_pairs, entries, kind) -> list[dict]:
    """Each rename once, with the keys of a few entries of this changelog that make it."""
    out = []
    for r in terms.renames:
        examples = []
        for p in all_pairs:
            old, new = entries.get(p.from_entry), entries.get(p.to_entry)
            if (
                old
                and new
                and (kind is None or new["kind"] == kind)
                and meaning.makes_rename(r, old["body"], new["body"])
            ):
                examples.append(new["key"])
                if len(examples) == RENAME_EXAMPLES:
                    break
        if kind is None or examples:
            out.append({"old": r.old, "new": r.new, "count": r.count, "examples": examples})
    return out


def entry_diff(conn: sqlite3.Connection, key: str, from_version: str, to_version: str, game: str | None = None) -> dict:
    """One entry (by key) between two versions: both texts and the word diffs of body and question."""
    games = [
        g
        for (g,) in conn.execute(
            "SELECT DISTINCT d.game FROM entries e JOIN documents d ON d.id = e.document WHERE e.key = ?"
            + (" AND d.game = ?" if game else ""),
            (key, game) if game else (key,),
        )
    ]
    if not games:
        raise KBError(f"unknown entry key {key!r}")
    game = games[0]
    sides = []
    for version in (from_version, to_version):
        doc = _document(conn, game, version)
        row = conn.execute(
            "SELECT id, title, question, body FROM entries WHERE document = ? AND key = ?", (doc, key)
        ).fetchone()
        sides.append(row)
    (old, new) = sides
    if old is None and new is None:
        raise KBError(f"entry {key!r} is in neither {from_version} nor {to_version} of {game}")
    o = old or (None, None, None, None)
    n = new or (None, None, None, None)
    return {
        "game": game,
        "key": key,
        "from": from_version,
        "to": to_version,
        "from_entry": o[0],
        "to_entry": n[0],
        "title": n[1] or o[1],
        "from_text": o[3],
        "to_text": n[3],
        "diff": word_diff(o[3], n[3]),
        "question_diff": word_diff(o[2], n[2]) if (o[2] or n[2]) else None,
        "changed": has_changes(word_diff(o[3], n[3])) or has_changes(word_diff(o[2], n[2])),
        "meaning_changes": [
            c.as_dict()
            for c in meaning.meaning_changes(
                o[3], n[3], meaning.version_terminology(conn, game, from_version, to_version)
            )
        ]
        if old and new
        else [],
    }
