"""Keywords read from a card's text in force: "Elusive.", "Taunt.", "Assault 2.", ...

Keywords are general rules (glossary entries), so the engine reads them from the text rather
than from each card's definition; an erratum that adds or removes a keyword just works.
"""

from __future__ import annotations

import re
from functools import lru_cache

from kb.cards import clean_text  # the same cleaning the KB gives card texts (errata, posted texts)

#: keywords without a value, and keywords with one ("Assault 2")
FLAGS = ("elusive", "skirmish", "taunt", "poison", "deploy", "alpha", "omega", "invulnerable", "versatile", "treachery")
VALUED = ("assault", "hazardous", "splash-attack")

_LINES = re.compile(r"[\x0b\n\r\u2028\u2029]+")
_REMINDER = re.compile(r"\s*\([^)]*\)")
#: a parenthesis that limits the effect of its sentence rather than reminding a rule ("(to a
#: maximum of 6)", "(rounding down)", "(including this one)"): kept in the text, so that a template
#: of the compiler must read it or the sentence is refused, never played as if it did more
_QUALIFIER = re.compile(
    r"\s*\((?:to a (?:maximum|minimum) of|rounding|rounded|including|except for|instead of)\b", re.I
)
_KEYWORD = re.compile(r"^\s*(" + "|".join(FLAGS + VALUED) + r")(?:\s+(\d+))?\s*\.\s*", re.I)
#: "Enhance <bonus icons>.": no effect during gameplay (glossary "Enhance"); the data gives the
#: icons as letters ("Enhance PTPT.") or not at all ("Enhance .")
_ENHANCE = re.compile(r"^\s*enhance\b[^.]*\.\s*", re.I)


def drop_reminders(text: str) -> str:
    """The text without its reminders (a qualifier, :data:`_QUALIFIER`, stays as printed)."""
    return _REMINDER.sub(lambda m: m.group() if _QUALIFIER.match(m.group()) else "", text)


@lru_cache(maxsize=4096)
def parse(text: str) -> tuple[dict[str, int], str]:
    """(keywords -> value (1 for flags), the rest of the text without keywords and reminders)."""
    found: dict[str, int] = {}
    rest = []
    for line in _LINES.split(drop_reminders(clean_text(text) or "")):
        line = _ENHANCE.sub("", line)
        m = _KEYWORD.match(line)
        while m:
            found[m.group(1).lower()] = int(m.group(2) or 1)
            line = _ENHANCE.sub("", line[m.end() :])  # "Elusive. Enhance DDD." on one line
            m = _KEYWORD.match(line)
        # the full stop after a reminder ("Splash-attack 1. (... neighbors).") is no ability
        if line.strip(" \t.\u00a0\u202f"):
            rest.append(line.strip())
    return found, " ".join(rest)


def keywords(text: str) -> dict[str, int]:
    return parse(text)[0]


def add_gained(found: dict[str, int], gained: dict[str, int]) -> dict[str, int]:
    """Add the keywords a card gains to those it has. A valued keyword it gains another instance
    of adds up: "If a creature with the assault (X) keyword gains another instance of the assault
    (X) keyword, the two X values are added together" (glossary "Assault (X)", "Hazardous (X)",
    "Splash-attack (X)")."""
    for word, value in gained.items():
        found[word] = found.get(word, 0) + value if word in VALUED else value
    return found


def only_keywords(text: str) -> bool:
    """True for a card with no ability beyond its keywords ("(Vanilla)" cards included)."""
    rest = parse(text)[1]
    return rest.strip() in ("", "(Vanilla)")


#: "This creature gains <keywords>." as a sentence of its own: a condition before it ("While the tide
#: is high, this creature gains skirmish.") is the compiled ability's to read, never granted always
#: (or with an ability after them: "This creature gains skirmish and, "Fight: Gain 1A."", whose
#: quoted ability the compiled text gives)
#: "Attach only to <a creature>. It gains <keywords>.": "it" is that creature, as "this creature"
_GAINS = re.compile(
    r"(?:^|(?<=[.!\n]))\s*(?:this creature|attach only to [^.]+\.\s*it) gains ([a-z0-9 ,-]+?)\s*(?:\.|,?\s*and,?\s*[\"“”])",
    re.I,
)
_GAINED = re.compile(r"^(" + "|".join(FLAGS + VALUED) + r")(?:\s+(\d+))?$", re.I)


@lru_cache(maxsize=1024)
def granted(text: str) -> dict[str, int]:
    """The keywords an upgrade's "This creature gains <keyword>[, <keyword> and <keyword>]."
    gives the creature it is attached to (every word listed must be a keyword)."""
    found: dict[str, int] = {}
    # any space the card data writes (a no-break or narrow no-break space: "Hazardous\u202f3") is a space
    for m in _GAINS.finditer(" ".join(_REMINDER.sub("", text or "").split())):
        parts = [p.strip() for p in re.split(r",|\band\b", m.group(1)) if p.strip()]
        hits = [_GAINED.match(p) for p in parts]
        if parts and all(hits):
            found.update({h.group(1).lower(): int(h.group(2) or 1) for h in hits})
    return found
