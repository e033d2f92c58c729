"""Stable entry keys: the same rule, term or question gets the same key in every version.

Keys are what the diff, history and engine links join on, so they are derived from what stays put
between editions (a glossary term's name, a question's words without its set codes) and never from
positions. A key is unique within one document; a second entry with the same base key (the two 1.3
Pitlord/Restringuntus questions) gets a ``-2`` suffix.
"""

from __future__ import annotations

import re

from ingest.model import Entry
from textnorm import slugify, strip_set_codes

# A collector number written after a card name ("Phase Shift 117", "Rock Hurling Giant’s 44"),
# as 16.0 does; 1.x writes "(CoTA 117)". Numbers after lowercase words ("2 chains") stay.
_BARE_NUMBER = re.compile(
    r"(\b[A-Z\]][\w\-\]]*(?:[’']s)?|[”\]])\s+\d{1,3}\b(?!\s*(?:power|damage|armor|Æmber|æmber|cards?|chains?)\b)"
)


def question_slug_text(question: str) -> str:
    text = strip_set_codes(question)
    return _BARE_NUMBER.sub(r"\1", text)


def base_key(entry: Entry, parent_key: str | None) -> str:
    kind = entry.kind
    if kind == "faq":
        return "faq/" + slugify(question_slug_text(entry.question or entry.title or entry.body[:200]), 200)
    if kind == "example":
        return f"example/{parent_key or 'document'}"
    if kind == "errata" and entry.data.get("card"):
        return "errata/" + slugify(entry.data["card"])
    if kind == "rule" and entry.data.get("number"):  # numbered rules (the MTG CR): "rule/702.19b"
        return f"rule/{entry.data['number']}"
    title = entry.title or entry.body[:80]
    if parent_key and kind == "glossary":
        return f"{parent_key}/{slugify(title)}"
    return f"{kind}/{slugify(title)}"


def assign_keys(entries: list[Entry]) -> None:
    """Set ``entry.key`` on every entry, unique within the list, parents before children."""
    used: dict[str, int] = {}
    for entry in entries:
        parent_key = entries[entry.parent].key if entry.parent is not None else None
        base = base_key(entry, parent_key)
        if entry.kind == "example":
            n = used.get(base, 0) + 1
            used[base] = n
            entry.key = f"{base}/example-{n}"
            continue
        n = used.get(base, 0) + 1
        used[base] = n
        entry.key = base if n == 1 else f"{base}-{n}"
