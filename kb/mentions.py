"""Finding where rulebook text names a card, with regular expressions only (no card data).

Rulebooks name cards in several ways:

* with a parenthesised set code: ``Bait and Switch (CoTA 267)``, ``Library Access (COTA 115)``,
  ``Saurian Egg (MM 210)’s``, ``“John Smyth” (CoTA 195)``;
* 16.0 style, a name followed by a bare collector number, not always zero-padded, possibly with a
  possessive or plural: ``Bait and Switch 267``, ``Pain Reaction 78``, ``Rock Hurling Giant’s 44``,
  ``Jargogle’s 131``, ``two Dreckers 006``, ``[REDACTED] 139``, ``“John Smyth” 195``.

The name before a number is a run of capitalised words joined by lowercase connectors ("of",
"the", ...), so it may start too early ("Can Rock Hurling Giant’s 44"); :mod:`kb.links` resolves
every tail of the run against the cards and rejects numbers that name no card ("Page 8").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

#: Release order of the sets; a name printed in several sets resolves to the earliest one when the
#: mention gives no set and no number. Unknown set codes sort after these, alphabetically.
SET_ORDER: tuple[str, ...] = (
    "CotA",
    "AoA",
    "WC",
    "MM",
    "DT",
    "WoE",
    "GR",
    "MG2024",
    "AS",
    "ToC",
    "MoMu",
    "PV",
    "CC",
    "VM25",
)

#: Set codes as rulebooks write them (case-insensitive) -> code in ``cards.set_code``.
SET_ALIASES: dict[str, str] = {code.lower(): code for code in SET_ORDER} | {"mg24": "MG2024"}

#: Words and phrases that are houses, keywords or rules terms. They never link a card from prose
#: (bare names), nor as the tail of a longer capitalised run, even when a card carries that name.
#: Compared case-insensitively with the normalized name.
NOT_CARD_NAMES: frozenset[str] = frozenset(
    {
        # houses
        "brobnar",
        "dis",
        "logos",
        "mars",
        "sanctum",
        "shadows",
        "untamed",
        "saurian",
        "star alliance",
        "unfathomable",
        "ekwidon",
        "geistoid",
        "skyborn",
        "redemption",
        "keyraken",
        "prophecy",
        "archon power",
        "the tide",
        # keywords and keyword-like abilities
        "alpha",
        "omega",
        "assault",
        "hazardous",
        "elusive",
        "taunt",
        "skirmish",
        "deploy",
        "poison",
        "invulnerable",
        "versatile",
        "splash attack",
        "treachery",
        "exalt",
        "graft",
        "ward",
        "enrage",
        "stun",
        "capture",
        "steal",
        "reap",
        "fight",
        "play",
        "action",
        "omni",
        "destroyed",
        "scrap",
        "before fight",
        "after fight",
        "after reap",
        "haunted",
        "fertility",
        "bonus",
        "mutant",
        "gigantic",
        # rules terms
        "key",
        "keys",
        "aember",
        "archives",
        "archive",
        "armor",
        "power",
        "tide",
        "flank",
        "search",
        "purge",
        "repeat",
        "return",
        "sacrifice",
        "swap",
        "flip",
        "move",
        "heal",
        "control",
        "ready",
        "exhaust",
        "use",
        "discard",
        "draw",
        "forge",
        "unforge",
        "chains",
        "chain",
        "damage",
        "token",
        "creature",
        "artifact",
        "upgrade",
        "house",
        "neighbor",
        "neighbors",
        "pool",
        "destroy",
        "fate",
        "rebel",
        "rule of six",
        "first turn",
        "first turn rule",
        "turn",
        "step",
        "page",
        "yes",
        "no",
        "i",
        "a",
        "the",
    }
)

#: Lowercase words allowed inside a capitalised name run ("King of the Crag", "Bait and Switch").
CONNECTORS: tuple[str, ...] = (
    "of",
    "and",
    "the",
    "to",
    "in",
    "a",
    "an",
    "or",
    "is",
    "from",
    "with",
    "for",
    "by",
    "on",
    "at",
    "de",
    "as",
)

# --------------------------------------------------------------------------------------------
# normalization

_TOKEN = re.compile(r"[^\W_]+")
#: a token that may start a card name (not lowercase ASCII)
_HEAD = re.compile(r"(?<![^\W_])[^\W_a-z][^\W_]*")
#: combining diacritical marks, dropped after NFKD ("Gĕzdrutyŏ" -> "gezdrutyo")
_COMBINING = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
_FOLD = str.maketrans({"Æ": "Ae", "æ": "ae", "Œ": "Oe", "œ": "oe", "ß": "ss", "Ø": "O", "ø": "o"})


def _fold(text: str) -> str:
    if text.isascii():
        return text.casefold()
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text).translate(_FOLD))
    return _COMBINING.sub("", text).casefold()


def name_tokens(text: str) -> list[str]:
    """Case-folded word tokens: punctuation, quotes, hyphens and apostrophes separate tokens."""
    return _TOKEN.findall(_fold(text))


@lru_cache(maxsize=65536)
def normalize_name(text: str) -> str:
    """Comparison key of a card name: "Rock-Hurling Giant" and "rock hurling giant" are equal,
    "“John Smyth”" is "john smyth", "Æmber Imp" is "aember imp", "Po’s Pixies" is "po s pixies".
    Cached (a pure function of the text): a build keys the same 23,000 card and localized names
    for its card index (:mod:`kb.links`) and again for the search index (:mod:`kb.search_index`)."""
    return " ".join(name_tokens(text))


def pad_number(number: str | int | None) -> str | None:
    """ "78" -> "078"; non-numeric collector numbers ("S01", "A05") are only upper-cased."""
    if number is None:
        return None
    number = str(number).strip()
    return number.zfill(3) if number.isdigit() else number.upper()


def canonical_set(code: str | None) -> str | None:
    if not code:
        return None
    return SET_ALIASES.get(code.strip().lower(), code.strip())


# --------------------------------------------------------------------------------------------
# mentions


@dataclass(frozen=True)
class Mention:
    """A card reference found in text. ``text`` is ``source[start:end]``."""

    text: str
    name: str
    set_code: str | None
    number: str | None
    start: int
    end: int
    #: offsets in the source where ``name`` starts (after an opening quote) and ends (after the
    #: closing quote)
    name_start: int = -1
    name_end: int = -1
    #: True for a number preceded only by lowercase words (found with ``loose=True``)
    loose: bool = False


_UP = "A-ZÀ-ÖØ-ÞÆŒ"
_WORD = rf"\[?[{_UP}][\w\-’'\]\.]*(?<!\.)"
_SEP = r"(?:[ \t]+\n?[ \t]*|\n[ \t]*)"
_CONN = "|".join(CONNECTORS)
_NAME = rf"(?<![\w’'\-\[]){_WORD}(?:{_SEP}(?:(?:{_CONN}){_SEP})*{_WORD})*"
_QUOTED = r"[“\"](?P<qname>[^”\"\n]{1,60})[”\"]"
_SETS = r"(?i:mg2024|mg24|momu|vm25|cota|aoa|woe|toc|wc|mm|dt|gr|pv|cc)|AS"
_NUM_END = r"(?![\w\-]|[.,]\d)"

_SETREF_RE = re.compile(rf"\(\s*(?P<set>{_SETS})\s+(?P<num>\d{{1,3}})\s*\)")
_NAME_BEFORE_REF = re.compile(rf"(?:{_QUOTED}|(?P<name>{_NAME}))[ \t]*\n?[ \t]*\Z")
_NAME_BEFORE_NUM = re.compile(rf"(?:{_QUOTED}|(?P<name>{_NAME})){_SEP}\Z")
_BARE_NUM_RE = re.compile(rf"(?<![\w\-.,/])(?P<num>\d{{1,3}}){_NUM_END}")
#: how far before a number or set reference the name may start
_WINDOW = 160
#: what may precede a loose number: up to six words on the same line, no sentence punctuation
_LOOSE_PREFIX = re.compile(r"((?:[^\s.!?;:()\[\]“”\"]+[ \t]+){1,6})\Z")


def _overlaps(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    return any(s < end and start < e for s, e in spans)


def find_mentions(text: str, *, loose: bool = False) -> list[Mention]:
    """Numbered card mentions in ``text``, in text order, not overlapping.

    ``Name (SET 123)`` and ``Name 123`` (with quoted names and possessives); a set reference with no
    name before it gives ``name == ""``. With ``loose=True`` each remaining 1-3 digit number preceded
    by ordinary words on its line is returned too (``loose=True`` on the mention), for resolution
    with a stricter score. Bare names without a number are found by :meth:`CardIndex.find_names`.
    """
    found: list[Mention] = []
    spans: list[tuple[int, int]] = []

    def name_before(pattern: re.Pattern, end: int) -> re.Match | None:
        lo = max([0, end - _WINDOW] + [e for s, e in spans if e <= end])
        return pattern.search(text, lo, end)

    def add(n: re.Match | None, start: int, end: int, set_code: str | None, number: str) -> None:
        if n is not None and n.group("qname") is not None:
            name, start = n.group("qname").strip(), n.start()
            name_start, name_end = n.start("qname"), n.end("qname") + 1
        elif n is not None:
            name, start = n.group("name"), n.start()
            name_start, name_end = n.start("name"), n.end("name")
        else:
            name, name_start, name_end = "", start, start
        found.append(
            Mention(
                text=text[start:end],
                name=re.sub(r"\s+", " ", name),
                set_code=canonical_set(set_code),
                number=number,
                start=start,
                end=end,
                name_start=name_start,
                name_end=name_end,
            )
        )
        spans.append((start, end))

    if "(" in text:
        for r in _SETREF_RE.finditer(text):
            add(name_before(_NAME_BEFORE_REF, r.start()), r.start(), r.end(), r.group("set"), r.group("num"))
    for m in _BARE_NUM_RE.finditer(text):
        if _overlaps(spans, m.start(), m.end()):
            continue
        n = name_before(_NAME_BEFORE_NUM, m.start())
        if n is not None:
            add(n, m.start(), m.end(), None, m.group("num"))
        elif loose:
            line_start = max([text.rfind("\n", 0, m.start()) + 1] + [e for s, e in spans if e <= m.start()])
            pre = _LOOSE_PREFIX.search(text, line_start, m.start())
            if pre:
                found.append(
                    Mention(
                        text=text[pre.start(1) : m.end()],
                        name=pre.group(1).strip(),
                        set_code=None,
                        number=m.group("num"),
                        start=pre.start(1),
                        end=m.end(),
                        name_start=pre.start(1),
                        name_end=pre.start(1) + len(pre.group(1).rstrip()),
                        loose=True,
                    )
                )
    found.sort(key=lambda x: x.start)
    return found


# --------------------------------------------------------------------------------------------
# index and resolution
