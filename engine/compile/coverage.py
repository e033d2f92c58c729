"""How much of each set the engine can play, and why the rest cannot be: every card of the KB's
card data with its text in force under one rulebook version, counted as hand-defined, keyword-only,
compiled (every ability sentence read by a template) or not playable (with the parts no template
covers). Used by ``rulebase cards --coverage`` and its tests.
"""

from __future__ import annotations

import re
import sqlite3
from collections import Counter
from dataclasses import dataclass, field

from engine.cards.definitions import how_defined
from engine.rules.rulesets import ruleset_from_kb
from kb.links import SET_ORDER

#: the set codes the report lists first (the sets the templates were written for)
FIRST = ("CotA", "AoA")
KINDS = ("compiled", "hand", "keywords", "refused")
_QUOTED = re.compile(r'"(.*?)"(?: \(| in "|$)')


@dataclass
class SetCoverage:
    code: str
    name: str
    counts: Counter = field(default_factory=Counter)
    #: card name -> what is missing, for each card not playable
    refused: dict[str, list[str]] = field(default_factory=dict)
    #: card name -> how it is played ("compiled", "hand", "keywords", "refused")
    cards: dict[str, str] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.counts.values())


def set_order(codes: list[str]) -> list[str]:
    rest = [c for c in SET_ORDER if c in codes and c not in FIRST] + sorted(c for c in codes if c not in SET_ORDER)
    return [c for c in FIRST if c in codes] + [c for c in rest if c not in FIRST]


def coverage(conn: sqlite3.Connection, version: str | None = None, sets: list[str] | None = None) -> list[SetCoverage]:
    """Per set (CotA and AoA first), how each card is played under ``version`` (default: the
    latest KeyForge rulebook in the KB): its text in force (erratum or print)."""
    if version is None:
        row = conn.execute(
            "SELECT version FROM documents WHERE game = 'keyforge' ORDER BY version_sort DESC LIMIT 1"
        ).fetchone()
        version = row[0] if row else None
    rules = ruleset_from_kb(conn, "keyforge", version) if version else None
    rows = conn.execute(
        "SELECT set_code, set_name, number, name, type, text FROM cards ORDER BY set_code, number"
    ).fetchall()
    by_set: dict[str, SetCoverage] = {}
    texts_read: dict[tuple[str, str], set[str]] = {}
    for code, set_name, number, name, typ, text in rows:
        if sets and code not in sets:
            continue
        cov = by_set.setdefault(code, SetCoverage(code, set_name or code))
        in_force = rules.card_text(name, text or "") if rules else text or ""
        read = texts_read.setdefault((code, name), set())
        if in_force in read:
            continue  # a second printing of a name in the same set with the same text
        read.add(in_force)
        how, reasons = how_defined(name, in_force, typ or "")
        if name not in cov.cards:
            cov.counts[how] += 1
            cov.cards[name] = how
        elif how == "refused" and cov.cards[name] != "refused":
            # a second printing with another text (DT's variants: Seneschal Sargassa 068 and 117):
            # the card is playable only when each of its texts is
            cov.counts[cov.cards[name]] -= 1
            cov.counts[how] += 1
            cov.cards[name] = how
        if how == "refused":
            if len(read) > 1:
                reasons = [f"{r} (its {code} {number} printing)" for r in reasons]
            cov.refused.setdefault(name, []).extend(reasons)
    return [by_set[c] for c in set_order(list(by_set))]


def missing_key(reason: str) -> str:
    """What a refusal is about, as a shape shared by the cards missing the same template: its kind
    and the first words of the part (numbers as N)."""
    kind = reason.split('"', 1)[0].strip()
    quoted = _QUOTED.search(reason)
    words = re.sub(r"\d+", "N", quoted.group(1) if quoted else reason).split()
    return f'{kind} "{" ".join(words[:4])}{" ..." if len(words) > 4 else ""}"'


def top_missing(
    report: list[SetCoverage], limit: int = 20, codes: tuple[str, ...] | None = None
) -> list[tuple[str, int]]:
    """The refusals most cards share, over the sets ``codes`` (default: every set reported)."""
    counts: Counter = Counter()
    for cov in report:
        if codes is None or cov.code in codes:
            for reasons in cov.refused.values():
                counts.update({missing_key(r) for r in reasons})
    return counts.most_common(limit)
