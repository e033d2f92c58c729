"""Icon notations in card texts -> one mark per icon.

Why: a KeyForge card's Æmber icon is written ``<A>`` in the Call of the Archons card data, ``1A`` or
a bare ``A`` in later sets' data, an icon-font glyph in the newest sets' data, ``{A}`` in the 1.3
errata and the word "Æmber" where an ingester wrote the icon as its word (the 16.0 errata). A page
that shows a printed text next to its errata, and a word diff between them, must write each icon
one way, or a reader sees "Æ" here, "{A}" there and a change where there is none.
:func:`icon_marks` rewrites every spelling of an icon as its one mark ``<A>`` (an amount's icon
right after the number: "steal 1<A>"); the pages draw that mark as the symbol, and
:mod:`kb.textdiff` reads it as one token.

Which spellings an icon has is the caller's (the vocabulary lives with the ingesters,
``ingest/icons.toml``, above this package). Written here because no library knows a card game's
icon notations. The rules for the spellings that are also ordinary text:

* a bare capital letter is the icon ("loses A equal to", "no A is spent", "Enhance D."), except a
  letter that is also an English word ("A", "I") starting a sentence ("Play: A friendly creature"),
  which is the icon only before a word that never follows the article ("A that would be stolen");
  a letter inside a name or code ("T3R-35A", "D.B. Gobber") is never the icon;
* the icon's word ("Æmber", "amber", "damage") is the icon after a number ("steal 1 Æmber", "deal
  2 damage"), and anywhere for an icon whose word is never anything else (``word_alone``: Æmber is
  the resource; "damage" is also prose, "no damage is dealt"); never where it names the icon ("Æmber
  bonus", "damage icon") or is part of a capitalised name ("The Æmber Road", "Æmber Airhart");
* ``keep``: names (the card's own) left exactly as written.

``spelled_only`` reads only the spellings no text means otherwise ("{A}", "<A>", a glyph): for
rulebook prose, where "Player A" and "Æmber is captured" are words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

#: one-letter English words: a bare one starting a sentence is the word, not an icon
LETTER_WORDS = frozenset({"A", "I"})
#: words that never follow the article "a": before one of them a sentence-starting "A" is the icon
NOT_AFTER_ARTICLE = frozenset(
    {
        "that",
        "is",
        "was",
        "are",
        "cannot",
        "can",
        "could",
        "would",
        "will",
        "may",
        "must",
        "from",
        "on",
        "in",
        "equal",
        "you",
        "they",
        "it",
    }
)
#: words after an icon's word that make it the icon's name rather than the icon ("Æmber bonus")
NAMING_WORDS = frozenset({"bonus", "bonuses", "icon", "icons", "symbol", "symbols"})

_SPACE = "[ \\t\\u00a0\\u202f]"
#: before a number or letter that is an amount or an icon: not a word, a code ("T3R-35A") or an
#: abbreviation ("C.Æ.N.D.L.E.")
_FREE = "(?<![\\w\\-\\u2011.])"
_WORD_AT = re.compile(r"[^\W\d_][\w'’\-\u2011]*")


@dataclass(frozen=True)
class IconNotation:
    """How one icon is written. ``letter``: its mark is ``<letter>``; ``spellings``: exact notations
    ("{A}", "<A>", an icon-font glyph, an emoji); ``words``: the words for it (any case)."""

    letter: str
    spellings: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    word_alone: bool = False

    @property
    def mark(self) -> str:
        return f"<{self.letter}>"


def icon_marks(
    text: str | None, icons: tuple[IconNotation, ...], keep: tuple[str, ...] = (), spelled_only: bool = False
) -> str:
    """``text`` with every spelling of ``icons`` written as the icon's mark (see the module docstring);
    marks already in it stay, so the function can be applied twice."""
    if not text or not icons:
        return text or ""
    if spelled_only:
        icons = tuple(IconNotation(i.letter, i.spellings) for i in icons)
        return _pattern(icons, False).sub(lambda m: _replace(m, icons), text)
    names = sorted({n for n in keep if n and n.strip()}, key=len, reverse=True)
    if names:  # names hold no icon: each becomes an inert placeholder for the pass, then comes back
        text = re.sub("|".join(map(re.escape, names)), lambda m: f"\x02{names.index(m.group())}\x03", text)
    out = _pattern(icons).sub(lambda m: _replace(m, icons), text)
    marks = "|".join(re.escape(i.mark) for i in icons)
    out = re.sub(f"{_FREE}(\\d+){_SPACE}+(?={marks})", r"\1", out)  # "1 <A>" -> "1<A>"
    if names:
        out = re.sub("\x02(\\d+)\x03", lambda m: names[int(m.group(1))], out)
    return out


@lru_cache(maxsize=8)
def _pattern(icons: tuple[IconNotation, ...], loose: bool = True) -> re.Pattern[str]:
    spellings = sorted({s for i in icons for s in (*i.spellings, i.mark)}, key=len, reverse=True)
    words = sorted({w for i in icons for w in i.words}, key=len, reverse=True)
    letters = sorted({i.letter for i in icons}, key=len, reverse=True)
    word = "(?i:" + "|".join(map(re.escape, words)) + ")" if words else "(?!)"
    letter = "|".join(map(re.escape, letters))
    bound = "(?![\\w\\-\\u2011])"
    if not loose:
        return re.compile("(?P<spelling>" + "|".join(map(re.escape, spellings)) + ")")
    return re.compile(
        "(?P<spelling>" + "|".join(map(re.escape, spellings)) + ")"
        f"|{_FREE}(?P<num>\\d+){_SPACE}*(?P<numword>{word}){bound}"
        f"|{_FREE}(?P<num2>\\d+){_SPACE}?(?P<numletter>{letter})(?![\\w\\-\\u2011'’])"
        f"|(?<![\\w\\-\\u2011])(?P<word>{word}){bound}"
        f"|(?<![\\w\\-\\u2011.'’])(?P<letter>{letter})(?![\\w\\-\\u2011'’])(?!\\.\\w)"
    )


def _icon(icons: tuple[IconNotation, ...], spelling: str) -> IconNotation | None:
    folded = spelling.casefold()
    for icon in icons:
        if (
            spelling in icon.spellings
            or spelling == icon.mark
            or spelling == icon.letter
            or folded in (w.casefold() for w in icon.words)
        ):
            return icon
    return None


def _replace(m: re.Match, icons: tuple[IconNotation, ...]) -> str:
    text, raw = m.string, m.group(0)
    if m.group("spelling"):
        return _icon(icons, m.group("spelling")).mark
    if m.group("numletter"):
        return m.group("num2") + _icon(icons, m.group("numletter")).mark
    after = text[m.end() :]
    if m.group("numword"):
        if _names_icon(after) or _in_name(m.group("numword"), "", after):
            return raw
        return m.group("num") + _icon(icons, m.group("numword")).mark
    before = text[: m.start()]
    if m.group("word"):
        icon = _icon(icons, m.group("word"))
        if not icon.word_alone or _names_icon(after) or _in_name(m.group("word"), before, after):
            return raw
        return icon.mark
    letter = m.group("letter")
    if letter in LETTER_WORDS and _sentence_start(before) and _next_word(after).casefold() not in NOT_AFTER_ARTICLE:
        return raw
    return _icon(icons, letter).mark


def _next_word(after: str) -> str:
    m = _WORD_AT.match(after.lstrip(" \t\u00a0\u202f"))
    return m.group() if m else ""


def _sentence_start(before: str) -> bool:
    """Nothing, or the end of a sentence, a clause label ("Play:"), a bullet or an opening quote,
    stands before (a word, a number or a comma: the middle of a sentence)."""
    last = before.rstrip()[-1:]
    return not last or not (last.isalnum() or last in ",’'\x03")


def _names_icon(after: str) -> bool:
    return _next_word(after).casefold() in NAMING_WORDS


def _in_name(word: str, before: str, after: str) -> bool:
    """A capitalised word next to another capitalised word, not the sentence's first: part of a
    name ("The Æmber Road", "Æmber Airhart")."""
    if not word[:1].isupper():
        return False
    gap = after[: len(after) - len(after.lstrip(" \t\u00a0\u202f"))]
    if "\n" not in gap and _next_word(after)[:1].isupper():
        return True
    prev = re.search(r"([^\W\d_][\w'’\-\u2011]*)[ \t\u00a0\u202f]+$", before)
    return bool(prev) and prev.group(1)[:1].isupper() and not _sentence_start(before[: prev.start()])
