"""Rule numbers ("702.19b"): found in what a user typed or in rule text, and resolved per version.

Why a module of its own: in a numbered rulebook (the Magic Comprehensive Rules) a number is how
players cite a rule, but it is a key only within one version: 702.15 of one release is 702.16 of
the next, so a number always resolves in a given document, never across versions (threads do that,
:mod:`kb.threads`). The ingester stores a numbered rule with ``data.number`` and the key
``rule/<number>`` (``ingest/cr_rules.py``); resolution goes through the indexed key and checks the
stored number, so a game whose rules carry no numbers simply resolves nothing.

Numbers are sections ("7"), rules ("702"), numbered rules ("702.19") and subrules ("702.19b").
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass
from urllib.parse import quote

#: one rule number as a user or the rulebook writes it; "702.19B" and "702.19b." are 702.19b
_NUMBER = r"\d{1,3}(?:\.\d{1,3}[a-zA-Z]?)?"
#: a number the query marks as a rule ("rule 702.19b", "CR 702.19b", "section 7", "§702.19")
_MARKED = re.compile(
    r"(?:\b(?:comprehensive\s+rules?|cr|rules?|sections?)\s*|§\s*)"
    r"(" + _NUMBER + r")\.?(?![\w.]|\.\d)",
    re.I,
)
#: a dotted number that can only be a rule: three digits, a dot, a number, maybe a letter
_DOTTED = re.compile(r"(?<![\w.])(\d{3}\.\d{1,3}[a-zA-Z]?)\.?(?![\w]|\.\d)")
#: a query that is nothing but a number: "702", "702.19b", "7"
_ALONE = re.compile(r"\s*(" + _NUMBER + r")\.?\s*")
_SPACE = re.compile(r"\s+")


def canonical(number: str) -> str:
    """The number as the rulebook keys it: "702.19B." -> "702.19b"."""
    return number.strip().rstrip(".").lower()


def is_rule_number(text: str) -> bool:
    """True when ``text`` has the shape of a rule number (whether or not any version has it)."""
    return bool(re.fullmatch(_NUMBER + r"\.?", (text or "").strip()))


@dataclass(frozen=True)
class NumberQuery:
    """The rule numbers a query names, in order, and the query without them."""

    numbers: tuple[str, ...]
    rest: str


def find_numbers(text: str) -> NumberQuery | None:
    """The rule numbers named in ``text`` ("702.19", "rule 702.19b", "CR 702.19b", "section 7"), or
    None. A bare number counts when it is dotted like a rule (three digits, a dot) or is the whole
    query; an undotted number in running text ("2 creatures") needs "rule", "CR" or "section"."""
    found: list[tuple[int, int, str]] = []
    for pattern in (_MARKED, _DOTTED):
        for m in pattern.finditer(text):
            if not any(s <= m.start(1) < e for s, e, _ in found):
                found.append((m.start(), m.end(), canonical(m.group(1))))
    if not found:
        alone = _ALONE.fullmatch(text)
        if alone is None:
            return None
        found.append((0, len(text), canonical(alone.group(1))))
    found.sort()
    rest, last = [], 0
    for start, end, _ in found:
        rest.append(text[last:start])
        last = end
    rest.append(text[last:])
    numbers = tuple(dict.fromkeys(n for _, _, n in found))
    return NumberQuery(numbers, _SPACE.sub(" ", " ".join(rest)).strip(" ,;:?!.-"))


def rule_key(number: str) -> str:
    """The key the ingester gives the rule numbered ``number``."""
    return f"rule/{canonical(number)}"


def rule_url(game: str, version: str, number: str) -> str:
    """The page of the rule numbered ``number`` in one version: ``/mtg/2025-11-14/702.19b``."""
    return f"/{quote(game, safe='')}/{quote(version, safe='')}/{quote(canonical(number), safe='')}"


def number_of(data: str | None) -> str | None:
    """The rule number an entry's ``data`` JSON holds, or None."""
    try:
        value = json.loads(data or "{}")
    except ValueError:
        return None
    number = value.get("number") if isinstance(value, dict) else None
    return number if isinstance(number, str) else None


def resolve(conn: sqlite3.Connection, documents, numbers) -> dict[tuple[int, str], int]:
    """``{(document id, number): entry id}`` for the given numbers in the given documents (one
    indexed look-up per number; numbers a document does not hold are absent)."""
    docs = set(documents)
    out: dict[tuple[int, str], int] = {}
    for number in dict.fromkeys(canonical(n) for n in numbers):
        for eid, doc, data in conn.execute(
            "SELECT id, document, data FROM entries WHERE key = ? ORDER BY id", (rule_key(number),)
        ):
            if doc in docs and number_of(data) == number:
                out.setdefault((doc, number), eid)
    return out


def subrules(conn: sqlite3.Connection, entry_id: int) -> list[int]:
    """The numbered rules directly under a rule, in document order (702.19 -> 702.19a, 702.19b, ...)."""
    return [
        i
        for i, data in conn.execute(
            "SELECT id, data FROM entries WHERE parent = ? AND kind = 'rule' ORDER BY ordinal", (entry_id,)
        )
        if number_of(data)
    ]


def document_of(conn: sqlite3.Connection, game: str, version: str | None) -> tuple[int, str] | None:
    """(document id, version) of ``game`` at ``version``, or its latest version when None."""
    if version is None:
        row = conn.execute(
            "SELECT id, version FROM documents WHERE game = ? ORDER BY version_sort DESC LIMIT 1", (game,)
        ).fetchone()
    else:
        row = conn.execute(
            "SELECT id, version FROM documents WHERE game = ? AND version = ?", (game, version)
        ).fetchone()
    return tuple(row) if row else None


class RuleNotFound(LookupError):
    """No such game, version or rule number; the message names what was asked, in one line."""


def find_rule(conn: sqlite3.Connection, game: str, number: str, version: str | None = None) -> int:
    """The entry id of the rule numbered ``number`` in ``game`` at ``version`` (latest when None);
    :class:`RuleNotFound` naming the game, version or number that does not exist."""
    if not conn.execute("SELECT 1 FROM documents WHERE game = ? LIMIT 1", (game,)).fetchone():
        games = ", ".join(g for (g,) in conn.execute("SELECT DISTINCT game FROM documents ORDER BY game"))
        raise RuleNotFound(f"no game {game[:40]!r} (games: {games})")
    doc = document_of(conn, game, version)
    if doc is None:
        newest = [
            v
            for (v,) in conn.execute(
                "SELECT version FROM documents WHERE game = ? ORDER BY version_sort DESC LIMIT 3", (game,)
            )
        ]
        raise RuleNotFound(f"{game} has no version {version[:40]!r} (the latest: {', '.join(newest)})")
    if not is_rule_number(number):
        raise RuleNotFound(f"{number[:40]!r} is not a rule number (rule numbers look like 702.19b)")
    found = resolve(conn, [doc[0]], [number]).get((doc[0], canonical(number)))
    if found is None:
        raise RuleNotFound(f"{game} {doc[1]} has no rule {canonical(number)}")
    return found


def linked_refs(conn: sqlite3.Connection, document: int, refs) -> set[str]:
    """The numbers among ``refs`` (an entry's ``data.refs``) that its own document holds."""
    refs = [canonical(r) for r in refs or () if isinstance(r, str) and is_rule_number(r)]
    return {n for (_, n) in resolve(conn, [document], refs)}


#: a rule number in running text, as the rulebook cites it ("rule 510", "702.19b", "rules 702.19b–d")
_IN_TEXT = re.compile(r"(?<![\w.\-/])(" + _NUMBER + r")(?![\w]|\.\d)")


def split_refs(text: str, numbers) -> list[tuple[str, str | None]]:
    """``text`` cut into (piece, number or None): each occurrence of one of ``numbers`` (already known
    to exist in the version) is its own piece, so a page can link it and escape the rest."""
    wanted = {canonical(n) for n in numbers}
    if not wanted or not text:
        return [(text or "", None)]
    out: list[tuple[str, str | None]] = []
    last = 0
    for m in _IN_TEXT.finditer(text):
        number = canonical(m.group(1))
        if number not in wanted or ("." not in number and not _cited(text, m.start(1))):
            continue
        out.append((text[last : m.start(1)], None))
        out.append((m.group(1), number))
        last = m.end(1)
    out.append((text[last:], None))
    return [p for p in out if p[0]]


#: the words that make an undotted number a citation: "rule 510", "rules 100–199 and 702", "section 5"
_CITE = re.compile(r"\b(?:rules?|sections?)\s+(?:[\d.a-z]+(?:\s*(?:,|–|-|—|and|or|through|to)\s*)+)*$", re.I)


def _cited(text: str, at: int) -> bool:
    """True when the undotted number at ``at`` follows "rule"/"section" (maybe through a list):
    "a 100-card deck" is not a citation of rule 100, "See rule 100" is."""
    return bool(_CITE.search(text[max(0, at - 80) : at]))
