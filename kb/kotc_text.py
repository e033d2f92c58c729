"""Matching Keeper of the Cards rule texts (with ``x``, ``y``, ``z``) against a card's ability text.

Why a module of its own: the legality checker (:mod:`kb.kotc_check`) reads the rule texts from the
KB, and the only code-side knowledge is *how* a card may spell them. That is decided here, once:

* **Whole sentences.** The rulebook lists each redacted, revised and cost-revised text as a complete
  sentence with its own period, and lists longer sentences that contain a shorter one as separate
  entries with a different verdict: "This creature cannot attack." (cost revised in the 9th
  Edition) next to "This creature cannot attack or defend." (banned), "Pay x hitpoints." next to
  "You must pay x hitpoints to summon this creature.", "Exhaust x of your unexhausted cards in
  play." next to the same sentence "... chosen by an opponent of your choice.". Matching inside a
  sentence would make those entries contradict each other, so a rule text must be a whole sentence
  of the card: from the start of a paragraph, or after ``. ! ? ; :`` (so an ability name, "NAME:",
  and a caveat or activation condition before it do not matter), to the end of that sentence.
* **Numbers.** "x, y, and z are replaced with numbers in cards": a variable matches digits, a number
  word (the rulebook itself writes "exhaust three of your ... resources", "draw two cards") or the
  variable's own letter (a designer checking a template). The noun right after a number may be
  singular ("Draw 1 card.", "re-roll up to one die").
* **Typography.** Straight or curly quotes and apostrophes, any hyphen or dash for ``-`` (and
  "re roll"/"reroll"), case, runs of spaces (and spaces before punctuation), a missing or doubled
  trailing period, quotes around the sentence.
* **Paragraphs.** A line break ends a paragraph (one ability per paragraph, caveats first), except
  that a line which does not end a sentence and is followed by one starting in lower case is a
  soft wrap and is joined to it.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import NamedTuple

_FOLD = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u02bc": "'",
        "\u2032": "'",
        "\u00b4": "'",
        "`": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u2033": '"',
        "\u00ab": '"',
        "\u00bb": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2015": "-",
        "\u2212": "-",
    }
)
_SPACES = re.compile(r"\s+")
_SPACE_BEFORE_PUNCT = re.compile(r" (?=[.,;:!?)])|(?<=\() ")
_QUOTES = "\"'"

_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
#: a number as a card may print it: digits, or a word from zero to ninety-nine
NUMBER = (
    r"\d+|(?:"
    + "|".join(_TENS)
    + r")(?:[- ]?(?:"
    + "|".join(_UNITS[1:10])
    + r"))?|"
    + "|".join(sorted(_UNITS, key=len, reverse=True))
)

#: the end of a sentence: its punctuation (and closing quotes), then a space, the end, or a capital
_SENTENCE_END = re.compile(r"[.!?;:]+[\"'\u201d\u2019)\]]*(?=\s|$|[A-Z\"\u201c\u2018])")
_LINE_END_OK = re.compile(r"[.!?;:][\"'\u201d\u2019)\]]*\s*$")
_VARIABLE = re.compile(r"\{([a-z])\}")


def fold(text: str) -> str:
    """The text with its typography folded away: what two spellings of one rule text share."""
    text = unicodedata.normalize("NFKC", text).translate(_FOLD).casefold()
    return _SPACE_BEFORE_PUNCT.sub("", _SPACES.sub(" ", text)).strip()


def core(sentence: str) -> str:
    """A folded sentence without the quotes around it and its trailing period(s)."""
    s = fold(sentence).strip(_QUOTES + " ")
    s = s.rstrip(". ").strip(_QUOTES + " ")
    return s.rstrip(". ")


class Template(NamedTuple):
    """A rule text compiled for matching: ``pattern`` fully matches the :func:`core` of a sentence."""

    text: str  #: the KB template, variables as ``{x}``
    pattern: re.Pattern
    variables: tuple[str, ...]


def _literal(part: str, after_variable: bool) -> str:
    """A literal run of a template as a pattern: hyphens loose, a noun after a number maybe singular."""
    noun = None
    if after_variable:
        m = re.match(r" ([a-z]+)(?=\W|$)", part)
        if m and (m.group(1).endswith("s") or m.group(1) == "dice"):
            noun, part = m.group(1), part[m.end() :]
    out = re.escape(part)
    out = re.sub(r"(?<=[a-z])\\?-(?=[a-z])", "[- ]?", out)
    if noun is None:
        return out
    singular = "die" if noun == "dice" else noun[:-1]
    return rf" (?:{re.escape(noun)}|{re.escape(singular)})" + out


@lru_cache(maxsize=512)
def compile_template(template: str) -> Template:
    """Compile a KB template ("Draw {x} cards.") into a :class:`Template`."""
    folded = core(template)
    parts = _VARIABLE.split(folded)
    pattern, seen = [], []
    for i, part in enumerate(parts):
        if i % 2:  # a variable
            if part in seen:
                pattern.append(f"(?P={part})")
            else:
                seen.append(part)
                pattern.append(f"(?P<{part}>{NUMBER}|{part})")
        else:
            pattern.append(_literal(part, after_variable=i > 0))
    return Template(template, re.compile("".join(pattern)), tuple(seen))


def paragraphs(text: str) -> list[str]:
    """The paragraphs of a card text: its lines, with soft-wrapped lines joined."""
    lines = [line.strip() for line in re.split(r"\r\n|\r|\n|\u2028|\u2029", text)]
    out: list[str] = []
    joinable = False
    for line in lines:
        if not line:
            joinable = False
            continue
        if joinable and out and line[0].islower():
            out[-1] = f"{out[-1]} {line}"
        else:
            out.append(line)
        joinable = not _LINE_END_OK.search(line)
    return out


def sentences(text: str) -> list[tuple[int, str]]:
    """The sentences of a card text as ``(paragraph index, sentence)``, in reading order."""
    found = []
    for n, para in enumerate(paragraphs(text)):
        start = 0
        for m in _SENTENCE_END.finditer(para):
            found.append((n, para[start : m.end()]))
            start = m.end()
        found.append((n, para[start:]))
    return [(n, " ".join(s.split())) for n, s in found if s.strip(" " + _QUOTES + "\u201c\u201d\u2018\u2019")]


def match(template: Template, sentence: str) -> dict[str, str] | None:
    """The card's numbers for the template's variables when ``sentence`` is the template, else None."""
    m = template.pattern.fullmatch(core(sentence))
    if m is None:
        return None
    return {name: m.group(name) for name in template.variables}


def fill(template: str, values: dict[str, str]) -> str:
    """The template with the card's own numbers in place of its variables."""
    return _VARIABLE.sub(lambda m: values.get(m.group(1), m.group(1)), template)
