"""Keywords read from a card's text in force: "Elusive.", "Taunt.", "Assault 2.", ...

Keywords are general rules (glossary entries), so the engine reads them from the text rather
than from each card's definition; an erratum that adds or removes a keyword just works.
"""
from __future__ import annotations

import re
from functools import lru_cache

#: keywords without a value, and keywords with one ("Assault 2")
FLAGS = ("elusive", "skirmish", "taunt", "poison", "deploy", "alpha", "omega", "invulnerable", "versatile")
VALUED = ("assault", "hazardous", "splash-attack")

_LINES = re.compile(r"[\x0b\n\r]+")
_REMINDER = re.compile(r"\([^)]*\)")
_KEYWORD = re.compile(r"^\s*(" + "|".join(FLAGS + VALUED) + r")(?:\s+(\d+))?\s*\.\s*", re.I)


@lru_cache(maxsize=4096)
def parse(text: str) -> tuple[dict[str, int], str]:
    """(keywords -> value (1 for flags), the rest of the text without keywords and reminders)."""
    found: dict[str, int] = {}
    rest = []
    for line in _LINES.split(_REMINDER.sub("", text or "")):
        m = _KEYWORD.match(line)
        while m:
            found[m.group(1).lower()] = int(m.group(2) or 1)
            line = line[m.end():]
            m = _KEYWORD.match(line)
        if line.strip():
            rest.append(line.strip())
    return found, " ".join(rest)


def keywords(text: str) -> dict[str, int]:
    return parse(text)[0]


def only_keywords(text: str) -> bool:
    """True for a card with no ability beyond its keywords ("(Vanilla)" cards included)."""
    rest = parse(text)[1]
    return rest.strip() in ("", "(Vanilla)")


_GAINS = re.compile(r"\bthis creature gains ([a-z0-9 ,-]+?)\s*\.", re.I)
_GAINED = re.compile(r"^(" + "|".join(FLAGS + VALUED) + r")(?:\s+(\d+))?$", re.I)


@lru_cache(maxsize=1024)
def granted(text: str) -> dict[str, int]:
    """The keywords an upgrade's "This creature gains <keyword>[, <keyword> and <keyword>]."
    gives the creature it is attached to (every word listed must be a keyword)."""
    found: dict[str, int] = {}
    for m in _GAINS.finditer(_REMINDER.sub("", text or "")):
        parts = [p.strip() for p in re.split(r",|\band\b", m.group(1)) if p.strip()]
        hits = [_GAINED.match(p) for p in parts]
        if parts and all(hits):
            found.update({h.group(1).lower(): int(h.group(2) or 1) for h in hits})
    return found
