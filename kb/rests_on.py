"""The glossary entries a ruling rests on: the terms its question and answer name, in its own version.

Why: a judge who finds the Gabos Longarms answer ("... is elusive ...") must be able to show the
rule it applies, ELUSIVE, without a second search. An FAQ answer, an erratum or a worked example
names the rules terms it applies in plain words; a glossary entry of the same document is named when
one of its title's terms ("ATTACK, ATTACKER, ATTACKING": attack, attacker, attacking; "SPLASH-ATTACK
(X)": splash-attack) stands in the text as a word, a plural allowed. Terms that a large share of the
document's rulings name ("play", "use", "turn": :data:`COMMON_SHARE`) say how a question is phrased,
not what it rests on, and are left out; the rest come rarest first (the most specific rule first),
at most :data:`SHOWN`. Read with two queries per entry page, the document's glossary and its rulings,
cached per document.
"""

from __future__ import annotations

import re
import sqlite3
from functools import lru_cache

#: terms shown at most
SHOWN = 5
#: a term named by more than this share of its document's rulings is how questions are phrased
COMMON_SHARE = 0.15
#: the kinds of entries that are rulings about a situation (those that rest on rules)
RULING_KINDS = ("faq", "errata", "example", "ruling")

_PARENS = re.compile(r"\([^)]*\)")
_SPLIT = re.compile(r",|/|\bvs\b| and (?=“)")
_QUOTES = str.maketrans("", "", "“”\"'’")


def _terms(title: str) -> list[str]:
    """The terms a glossary title defines, lower case: "ATTACK, ATTACKER, ATTACKING" -> three."""
    bare = _PARENS.sub("", title or "").translate(_QUOTES).lower()
    return [t for t in (p.strip() for p in _SPLIT.split(bare)) if len(t) > 2]


def _pattern(term: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w-])" + re.escape(term) + r"(?:s|es)?(?![\w-])", re.IGNORECASE)


@lru_cache(maxsize=64)
def _glossary(db: str, document: int, stamp: int) -> tuple[tuple[int, str, str, tuple, int, int], ...]:
    """(entry id, title, key, term patterns, rulings naming it, rulings) of a document's glossary;
    ``stamp`` changes when the document's entries do (a re-ingest), so the cache never serves
    another KB state's."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        terms = conn.execute(
            "SELECT id, title, key FROM entries WHERE document = ? AND kind = 'glossary' ORDER BY ordinal", (document,)
        ).fetchall()
    finally:
        conn.close()
    texts = [text for *_, text in _rulings(db, document, stamp)]
    out = []
    for eid, title, key in terms:
        patterns = tuple(_pattern(t) for t in _terms(title))
        if patterns:
            named = sum(any(p.search(t) for p in patterns) for t in texts)
            out.append((eid, title, key, patterns, named if texts else 0, len(texts)))
    return tuple(out)


@lru_cache(maxsize=64)
def _rulings(db: str, document: int, stamp: int) -> tuple[tuple[int, str, str, str], ...]:
    """(entry id, kind, label, question and answer) of a document's rulings, in the document's order."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return tuple(
            (eid, kind, question or title or key, f"{question or ''} {body or ''}")
            for eid, kind, key, title, question, body in conn.execute(
                f"""SELECT id, kind, key, title, question, body FROM entries
                    WHERE document = ? AND kind IN ({",".join("?" * len(RULING_KINDS))}) ORDER BY ordinal""",
                (document, *RULING_KINDS),
            )
        )
    finally:
        conn.close()


def _stamp(conn: sqlite3.Connection, document: int) -> int:
    """Changes when the document's entries do (a re-ingest): the caches never serve another KB state's."""
    return hash(conn.execute("SELECT count(*), max(id) FROM entries WHERE document = ?", (document,)).fetchone())


def rulings_naming(conn: sqlite3.Connection, entry: dict) -> list[dict]:
    """The rulings of a glossary ``entry``'s document that name its term (an FAQ answer, an erratum,
    a worked example): what a keyword page gathers, as Archon Arcana's do. ``[{"entry_id", "kind",
    "label"}]`` in the document's order; empty for an entry that is not a glossary term."""
    if entry.get("kind") != "glossary" or not entry.get("document_id"):
        return []
    patterns = [_pattern(t) for t in _terms(entry.get("title") or "")]
    if not patterns:
        return []
    db = conn.execute("PRAGMA database_list").fetchone()[2]
    return [
        {"entry_id": eid, "kind": kind, "label": label}
        for eid, kind, label, text in _rulings(db, entry["document_id"], _stamp(conn, entry["document_id"]))
        if any(p.search(text) for p in patterns)
    ]


def rests_on(conn: sqlite3.Connection, entry: dict) -> list[dict]:
    """The glossary entries of ``entry``'s document that its question and answer name, rarest
    first: ``[{"entry_id", "title", "key"}]``; empty for an entry that is not a ruling."""
    if entry.get("kind") not in RULING_KINDS or not entry.get("document_id"):
        return []
    db = conn.execute("PRAGMA database_list").fetchone()[2]
    text = f"{entry.get('question') or ''} {entry.get('body') or ''}"
    found = []
    for eid, title, key, patterns, named, total in _glossary(
        db, entry["document_id"], _stamp(conn, entry["document_id"])
    ):
        if eid == entry.get("id") or (total and named > COMMON_SHARE * total):
            continue
        if any(p.search(text) for p in patterns):
            found.append((named, eid, title, key))
    found.sort()
    return [{"entry_id": eid, "title": title, "key": key} for _, eid, title, key in found[:SHOWN]]
