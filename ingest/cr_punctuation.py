"""Punctuation a Comprehensive Rules file lost in an encoding, put back from what stands around it.

Why: a few releases were saved through a tool that wrote every character outside ASCII as "?":
2008-05-01 prints "can?t", "Alex?s", "rules 409.1f?h", "cards?even" and "?A creature?" for its
1,300 apostrophes, dashes and quotes, and 2009-05-01 lost its dashes the same way. Read as they
are, those rules differ from their neighbours' in every contraction, and the changelog reports
"can't" -> "can?t" as a ruling change in a negation. A real question mark never stands between
two letters ("?t", "?s"), after a rule number's letter before another ("409.1f?h"), between two
digits, directly after a period or comma, or after a space before a word; in those places "?"
is read as the character it replaced. A "?" in a web address ("default.asp?x=magic") stays.

A kind of repair is made only when the document shows it at least :data:`EVIDENCE` times (one
stray "?" in a card name is not a lost encoding), each kind is counted in a warning, and the
characters it put back (and "?", for those it could not tell) are returned so the parser can lower
the confidence of the entries that hold them: the text was recovered by a rule of thumb, not read.
"""

from __future__ import annotations

import re
from collections import Counter

#: occurrences of a kind of repair a document must show before that kind is made
EVIDENCE = 3

#: (kind, pattern of the lost "?", what it stood for), tried in this order
_REPAIRS: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("apostrophes", re.compile(r"(?<=[A-Za-z])\?(?=(?:s|t|re|ve|ll|d|m)\b)"), "'"),
    ("ranges", re.compile(r"(?<=\d[a-z])\?(?=[a-z]\b)|(?<=\d)\?(?=\d)"), "–"),
    ("dashes", re.compile(r"(?<=[A-Za-z])\?(?=[A-Za-z]{2,}\b(?!=))"), "—"),
    ("spaced dashes", re.compile(r"(?<=\w )\?(?= [\w\[]|[,.\")])|(?<=\d)\?(?=\[)"), "—"),
    ("opening quotes", re.compile(r"(?<=[\s(])\?(?=[A-Za-z0-9{])"), '"'),
    ("closing quotes", re.compile(r"(?<=[.,!])\?|(?<=[A-Za-z])\?(?=[),;:])"), '"'),
)


#: "?" after a word and before the next ("can't? effect", "opponents? decks", "Shadowmoor? set",
#: "turn? and"): a closing quote when a quotation is open on its line, a plural's apostrophe after
#: "s", a trademark sign after a name (a capitalised word), else left as it is
_BEFORE_A_WORD = re.compile(r"(?<=[A-Za-z])\?(?= [a-z])")


def _quote_or_possessive(m: re.Match) -> str:
    text, at = m.string, m.start()
    line = text[text.rfind("\n", 0, at) + 1 : at]
    if line.count('"') % 2:
        return '"'
    if text[at - 1] == "s":
        return "'"
    word = line.rsplit(" ", 1)[-1]
    return "™" if word[:1].isupper() else "?"  # "the Shadowmoor? set", "Magic: The Gathering? game"


def restore_lost_punctuation(text: str, name: str) -> tuple[str, list[str], set[str]]:
    """``text`` with the punctuation its encoding lost put back, the warnings that count each kind
    of repair, and the characters put back (empty when nothing was repaired)."""
    if "?" not in text:
        return text, [], set()
    done: Counter = Counter()
    put_back: set[str] = set()
    for kind, pattern, char in _REPAIRS:
        if len(pattern.findall(text)) < EVIDENCE:
            continue
        text, n = pattern.subn(char, text)
        done[kind] += n
        put_back.add(char)
    if done:  # the document lost its punctuation: read what stays ambiguous by its quotation
        before = text.count("?")
        text = _BEFORE_A_WORD.sub(_quote_or_possessive, text)
        done["quotes closed, plural possessives or trademark signs"] += before - text.count("?")
        put_back.add("™")
    done = +done
    if not done:
        return text, [], set()
    put_back.add("?")  # a "?" left is one the rules above could not tell: as doubtful as the rest
    counted = ", ".join(f"{n:,} {kind}" for kind, n in done.items())
    return (
        text,
        [f"{name}: {sum(done.values()):,} characters the file's encoding lost (printed as '?') put back: {counted}"],
        put_back,
    )
