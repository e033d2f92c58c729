"""Keeper of the Cards card legality checker: is a home-made card banned, or must it be read anew?

Why: Keeper of the Cards has no official cards; players write their own, and the rulebook bans
some ability texts outright (Redacted Ability Text), rewrites others (Revised Ability Text) and
bans cost-revised texts on cards whose Edition Indicator is older than the revision, or missing
(Revised Costs). Players need that answer per card, with the sentence that triggered it.

Data over code: the rule texts are the KB's ``redacted``, ``errata`` and ``cost`` entries of the
game's latest rulebook (their ``data`` templates, variables as ``{x}``); how a card may spell them
(whole sentences, numbers, typography) is :mod:`kb.kotc_text`.

The verdict, as the issue defines it: ``banned`` when a redacted text is found, or a cost-revised
text whose revision edition is later than the card's edition (or the card has none); ``legal``
only when nothing at all applies (a revised text leaves the card playable, not banned, but it must
be read as the ``replacement``, so it is not "legal as printed"). Cost-revised texts on a card of
that edition or later are allowed and not reported.
"""

from __future__ import annotations

import json
import sqlite3
from typing import NamedTuple

from .kotc_text import compile_template, fill, match, sentences

GAME = "keeper-of-the-cards"
KINDS = ("redacted", "revised", "cost")
MAX_EDITION = 1000  #: the highest edition indicator accepted (the rulebook is the 11th edition)
_ENTRY_KINDS = {"redacted": "redacted", "errata": "revised", "cost": "cost"}


class Rule(NamedTuple):
    """One rule text of the rulebook, as the checker uses it."""

    kind: str  #: redacted | revised | cost
    key: str  #: the KB entry key
    rule_text: str  #: the text as the rulebook prints it (variables as x, y, z)
    template: str  #: the same with ``{x}`` variables
    revised: str | None  #: revised: the template of the text as it must now be read
    edition: int | None  #: cost: the edition of the revision


def _plain(template: str) -> str:
    return template.replace("{", "").replace("}", "")


def load_rules(conn: sqlite3.Connection) -> list[Rule]:
    """The rule texts of the game's latest rulebook in the KB, in the rulebook's order per kind."""
    row = conn.execute("SELECT id FROM documents WHERE game = ? ORDER BY version_sort DESC LIMIT 1", (GAME,)).fetchone()
    if row is None:
        return []
    rules = []
    for kind, key, raw in conn.execute(
        "SELECT kind, key, data FROM entries WHERE document = ? AND kind IN ('redacted', 'errata', 'cost') ORDER BY id",
        (row[0],),
    ):
        data = json.loads(raw or "{}")
        if kind == "errata":
            if not data.get("template_original") or not data.get("template_revised"):
                continue
            rules.append(
                Rule(
                    "revised",
                    key,
                    data.get("original") or _plain(data["template_original"]),
                    data["template_original"],
                    data["template_revised"],
                    None,
                )
            )
        elif data.get("template"):
            edition = data.get("edition") if kind == "cost" else None
            if kind == "cost" and not isinstance(edition, int):
                continue
            rules.append(Rule(_ENTRY_KINDS[kind], key, _plain(data["template"]), data["template"], None, edition))
    return rules


def check_edition(edition: object) -> int | None:
    """The card's edition indicator, or a ValueError saying what is wrong with it."""
    if edition is None:
        return None
    if isinstance(edition, bool) or not isinstance(edition, int):
        raise ValueError(f"edition: expected a whole number from 1 to {MAX_EDITION} or none, got {edition!r:.40}")
    if not 1 <= edition <= MAX_EDITION:
        raise ValueError(f"edition: must be from 1 to {MAX_EDITION}, got {edition}")
    return edition


def findings_for(rules: list[Rule], text: str, edition: int | None) -> list[dict]:
    """Every rule text the card contains, in the card's reading order."""
    found = []
    for _, sentence in sentences(text):
        for rule in rules:
            values = match(compile_template(rule.template), sentence)
            if values is None:
                continue
            if rule.kind == "cost" and edition is not None and edition >= rule.edition:
                continue
            found.append(
                {
                    "kind": rule.kind,
                    "rule_text": rule.rule_text,
                    "matched_text": sentence,
                    "replacement": fill(rule.revised, values) if rule.revised else None,
                    "edition": rule.edition,
                }
            )
    return found


def check(conn: sqlite3.Connection, text: str, edition: int | None) -> dict:
    """The verdict on a card: ``{"legal", "banned", "findings": [{kind, rule_text, matched_text,
    replacement, edition}]}`` (see the module docstring for what each means)."""
    if not isinstance(text, str):
        raise ValueError(f"text: expected a string, got {type(text).__name__}")
    edition = check_edition(edition)
    found = findings_for(load_rules(conn), text, edition)
    banned = any(f["kind"] in ("redacted", "cost") for f in found)
    return {"legal": not found, "banned": banned, "findings": found}


def verdict_line(result: dict) -> str:
    """The verdict in a few words, as the CLI and the page say it."""
    if result["banned"]:
        return "BANNED"
    if result["findings"]:
        return "PLAYABLE AS REVISED: read the revised text below"
    return "LEGAL"


def format_text(result: dict) -> str:
    """The verdict and its findings as plain text (the CLI's output without --json)."""
    lines = [verdict_line(result)]
    for f in result["findings"]:
        if f["kind"] == "redacted":
            lines.append(f"- redacted (banned): {f['matched_text']}")
        elif f["kind"] == "cost":
            lines.append(
                f"- cost revised in edition {f['edition']} (banned below it or without an edition "
                f"indicator): {f['matched_text']}"
            )
        else:
            lines.append(f"- revised: {f['matched_text']}")
            lines.append(f"  now reads: {f['replacement']}")
        if f["matched_text"] != f["rule_text"]:
            lines.append(f"  rule text: {f['rule_text']}")
    return "\n".join(lines)
