"""Cross-references inside Comprehensive Rules text: "See rule 510", "rules 702.19b–d", "section 5".

The parser only normalises what the text points to into rule numbers (``"702.19b"``, ``"510"``,
``"5"`` for a section); whether the number exists in that version is for the knowledge base to find
out when it links them, so a reference to a rule that was renumbered away is kept, not dropped.
"""

from __future__ import annotations

import re
from functools import lru_cache

#: subrule letters as the CR uses them: "l" and "o" are skipped (they read as 1 and 0)
LETTERS = "abcdefghijkmnpqrstuvwxyz"
#: most numbers one range may stand for ("rules 100–199" is a pointer, not a list to spell out)
MAX_RANGE = 60

_RULE = r"\d{3}(?:\.\d+[a-z]?)?"
_HEAD = re.compile(r"\b(rules?|sections?)\s+(?=\d)", re.IGNORECASE)
_NUMBER = {"rule": re.compile(_RULE + r"(?![\d])"), "section": re.compile(r"\d(?![\d.])")}
_RANGE = re.compile(r"(?:\s*[-–—]\s*|\s+(?:through|to)\s+)(" + _RULE + r"|\d+[a-z]?|[a-z])(?![\w])")
_SEPARATOR = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|\s(?:and|or)\s+)\s*")
#: a dotted rule number standing alone ("… as described in 702.19b"), never part of a longer number
_DOTTED = re.compile(r"(?<![\d.])\d{3}\.\d+[a-z]?(?![\d])")


def find_refs(text: str) -> list[str]:
    """The rule and section numbers ``text`` refers to, in order of appearance, without repeats."""
    return list(_refs(text))


@lru_cache(maxsize=65536)
def _refs(text: str) -> tuple[str, ...]:
    """Cached: the 109 versions of the Magic rules print most rules again unchanged (313,000 texts
    read in a full build)."""
    found: dict[str, int] = {}  # number -> where it is first mentioned

    def add(number: str, at: int) -> None:
        found.setdefault(number, at)

    for head in _HEAD.finditer(text):
        kind = "section" if head.group(1).lower().startswith("section") else "rule"
        pos = head.end()
        while True:
            m = _NUMBER[kind].match(text, pos)
            if not m:
                break
            numbers = [m.group()]
            pos = m.end()
            rng = _RANGE.match(text, pos)
            if rng:
                numbers = expand_range(m.group(), rng.group(1))
                pos = rng.end()
            for number in numbers:
                add(number, m.start())
            sep = _SEPARATOR.match(text, pos)
            if not sep or not _NUMBER[kind].match(text, sep.end()):
                break
            pos = sep.end()
    for m in _DOTTED.finditer(text):
        add(m.group(), m.start())
    return tuple(sorted(found, key=found.__getitem__))


def expand_range(first: str, last: str) -> list[str]:
    """``702.19b``–``d`` -> b, c, d; ``212``–``215`` -> 212…215; ``103.4``–``6`` -> 103.4…103.6.
    A range that cannot be read as one keeps its two ends."""
    m = re.fullmatch(r"(\d{3})(?:\.(\d+)([a-z]?))?", first)
    if not m:
        return [first, last]
    rule, num, letter = m.group(1), m.group(2), m.group(3)
    if letter:  # 702.19b–d, 702.19b–702.19d
        end = re.fullmatch(r"(?:" + re.escape(f"{rule}.{num}") + r")?([a-z])", last)
        if end and letter in LETTERS and end.group(1) in LETTERS:
            i, j = LETTERS.index(letter), LETTERS.index(end.group(1))
            if i <= j:
                return [f"{rule}.{num}{c}" for c in LETTERS[i : j + 1]]
        return [first, last if "." in last else f"{rule}.{num}{last}" if last.isalpha() else last]
    if num:  # 103.4–6, 103.4–103.6
        end = re.fullmatch(r"(?:" + re.escape(rule) + r"\.)?(\d+)", last)
        if end and 0 <= int(end.group(1)) - int(num) < MAX_RANGE:
            return [f"{rule}.{n}" for n in range(int(num), int(end.group(1)) + 1)]
        return [first, last]
    end = re.fullmatch(r"(\d{3})", last)  # 212–215
    if end and 0 <= int(end.group(1)) - int(rule) < MAX_RANGE:
        return [str(n) for n in range(int(rule), int(end.group(1)) + 1)]
    return [first, last]
