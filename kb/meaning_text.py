"""What of a rule's text is compared, and how: the word lists and the normalisation of kb.meaning.

Why a module of its own: kb.meaning (is this a change of meaning?) and kb.terminology (which terms
did a new edition rename?) must read texts the same way. A text is cleaned of formatting
(``kb.textdiff`` folds quotes, icons and set codes; here Markdown leftovers, list numbering, page
references and pure cross-reference sentences go too, and a quote, apostrophe or dash a conversion
turned into "?" is one again), cut into sentences, and each word becomes a
comparison key: its Snowball stem (PyStemmer, the standard English stemmer of information
retrieval, so "destroys"/"destroyed" compare equal), a number for a number word, nothing for a
function word that carries no ruling. The word lists are data, all here, each documented; the
words that can flip a ruling (``PROTECTED``) are never dropped.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

import Stemmer  # PyStemmer: the Snowball stemmers, compiled

from .textdiff import TOKEN, token_key

#: Words that carry no ruling: articles, demonstratives and relatives, copulas and auxiliaries of
#: tense. Dropped before comparing, so "a creature that is destroyed" and "the creature destroyed"
#: are the same words. Never a negation, modal, quantifier, number, ordering or side word.
FUNCTION_WORDS = frozenset(
    {
        "a",
        "an",
        "the",
        "this",
        "these",
        "those",
        "that",
        "which",
        "who",
        "whom",
        "whose",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "am",
        "has",
        "have",
        "had",
        "do",
        "does",
        "did",
        "also",
        "just",
        "simply",
        "then",
        "its",
        "it",
        "there",
        "here",
    }
)

#: Pronouns that a new edition may spell out as what they stand for ("they" -> "the player"); never
#: "you" ("you" -> "your opponent" is a change).
PRONOUNS = frozenset({"they", "them", "he", "him", "she", "her", "itself", "themselves", "themself"})

#: Words that carry a negation: a change in how many a passage holds flips its meaning.
NEGATIONS = frozenset({"not", "no", "never", "none", "nothing", "neither", "nor", "without", "cannot"})

#: Permission and obligation: who may or must do what, and restrictions of it.
MODALS = frozenset(
    {
        "may",
        "must",
        "can",
        "could",
        "might",
        "should",
        "shall",
        "will",
        "would",
        "optional",
        "optionally",
        "choose",
        "instead",
        "unless",
        "only",
        "either",
        "allow",
        "allowed",
    }
)

#: The first word of an FAQ answer that gives its verdict.
VERDICTS = frozenset({"yes", "no"})

#: Number words, compared as the numbers they name ("two" == "2").
NUMBER_WORDS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "once": 1,
    "twice": 2,
}

#: Words that are never dropped nor allowed in a rename: negations, modals, verdicts, and these
#: quantifiers, orderings and sides, each able to flip a ruling on its own.
PROTECTED = (
    NEGATIONS
    | MODALS
    | VERDICTS
    | frozenset(NUMBER_WORDS)
    | frozenset(
        {
            "all",
            "each",
            "every",
            "any",
            "some",
            "more",
            "less",
            "fewer",
            "most",
            "least",
            "first",
            "last",
            "before",
            "after",
            "during",
            "until",
            "while",
            "when",
            "if",
            "or",
            "and",
            "both",
            "friendly",
            "enemy",
            "your",
            "their",
            "opponent",
            "owner",
            "controller",
            "own",
        }
    )
)
assert not FUNCTION_WORDS & PROTECTED, "a word cannot be both ignored and protected"

#: Spellings of the same icon or symbol (folded after kb.textdiff's own icon folding).
ICON_WORDS = {"æmber": "æmber", "aember": "æmber", "amber": "æmber", "<damage>": "damage"}

#: Contractions spelled out, so "can't" == "cannot" == "can not".
CONTRACTIONS = {"can't": ("can", "not"), "cannot": ("can", "not"), "won't": ("will", "not"), "shan't": ("shall", "not")}

#: Quotation marks: a phrase just after one is mentioned, not used.
QUOTES = frozenset("\"'\u201c\u201d\u2018\u2019\u00ab\u00bb")

#: Punctuation kept as a token: a colon ends an ability label ("Reap:"), so renames can see it.
KEPT_PUNCTUATION = frozenset({":"})


_STEMMER = Stemmer.Stemmer("english")
_MARKDOWN = re.compile(r"\*\*|__|(?<!\w)[*_]|[*_](?!\w)|`|^\s{0,3}#{1,6}\s*|^\s*>\s?", re.M)
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_LIST_MARKER = re.compile(r"(?m)^\s*(?:\d{1,2}[.)]|[a-z][.)]|[-\u2022\u25cf\u25aa*])\s+")
#: "(see page 7)", "(See “Chains” on Page 8)", "(page 9)", "(p. 9)"
_PAREN_REF = re.compile(r"\(\s*(?:(?:see|refer to)\b[^()]*|p(?:ages?|\.|p\.)\s*\d+[^()]*)\)", re.I)
#: "on page 7", ", page 7", "pages 7-8"
_PAGE_REF = re.compile(
    r"[,;]?\s*(?:\b(?:on|at)\s+)?\b(?:pages?|pp?\.)\s*\d+(?:\s*(?:[-\u2013\u2014,]|and|or)\s*\d+)*", re.I
)
#: a sentence that only points elsewhere: "See “Leaves Play.”", "For details on X, see Y."
_CROSS_REFERENCE = re.compile(r"^\W*(?:(?:for (?:more )?(?:details|information)\b[^,]*,\s*)?see|refer to)\b", re.I)
_SENTENCE = re.compile(r"(?<!\be\.g)(?<!\bi\.e)(?<!\bvs)(?<=[.!?])[\"'\u201d\u2019)]*\s+|\n\s*\n|\n(?=\s*\S)")
_SPACE_BEFORE_MARK = re.compile(r"[ \t]+([,.;:])")  # left where a reference was cut out
WORDS = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)*")
SIGNS = {"+": "+", "-": "-", "\u2212": "-"}
NUMBER = re.compile(r"^[+\-\u2212]?\d+$")
_NUMBER_ICON = re.compile(r"^(\d+)A$")  # "1A": a number and the Æmber icon printed as a letter


@dataclass(frozen=True)
class Sentence:
    text: str  #: as shown (formatting cleaned, whitespace normalised)
    keys: tuple[str, ...]  #: what is compared
    spans: tuple[tuple[int, int], ...]  #: where each key is in ``text``


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    return _STEMMER.stemWord(word)


@lru_cache(maxsize=65536)  # a KB has some ten thousand distinct tokens, read again in every text
def _token_keys(surface: str, after_number: bool) -> tuple[str, ...]:
    """:func:`word_keys` of a token, which depends on the token before it only for an "A" after a
    number (an Æmber symbol lost to a letter)."""
    return tuple(word_keys(surface, token_key(surface), "1" if after_number else None))


def word_keys(surface: str, key: str, previous: str | None) -> list[str]:
    """The comparison keys of one token (several for a contraction, none for a function word)."""
    m = _NUMBER_ICON.match(surface)
    if m:
        return [str(int(m.group(1))), "æmber"]
    if surface == "A" and previous is not None and NUMBER.match(previous):
        return ["æmber"]
    k = key.casefold()
    if k in ICON_WORDS:
        return [ICON_WORDS[k]]
    if NUMBER.match(k):  # "07" == "7"; a sign is kept ("+1 power" is not "-1 power")
        sign = SIGNS.get(k[0], "")
        return [sign + str(int(k.lstrip("+-\u2212")))]
    if k[:1].isdigit():
        return [k]
    if not k[:1].isalnum():
        return [k] if k in KEPT_PUNCTUATION else []
    if k in CONTRACTIONS:
        return list(CONTRACTIONS[k])
    if k.endswith("n't"):
        return word_keys(k[:-3], k[:-3], None) + ["not"]
    if k.endswith("'s"):
        k = k[:-2]
    if k in NUMBER_WORDS:
        return [str(NUMBER_WORDS[k])]
    if k in FUNCTION_WORDS:
        return []
    return [k if k in PROTECTED else stem(k)]


#: trademark signs are typography, whatever their spelling ("Magic®", "Magic(r)", "Unglued™"); NFKC
#: would otherwise spell "™" as the letters "TM" glued to the word
_MARKS = re.compile(r"[®™]|\((?:r|tm)\)", re.I)


#: A "?" where English never puts a question mark is a character a conversion of the source lost
#: (one Comprehensive Rules release prints "spell?s", "?Banding,?", "Choose one ?,"): glued between a
#: word and a contraction's ending it was an apostrophe; starting a word, an opening quote; after a
#: punctuation mark, or closing a quote it opened, a closing one; between spaces, a dash.
_LOST_APOSTROPHE = re.compile(r"(?<=[^\W\d_])\?(?=(?:s|t|d|m|ll|re|ve)\b)", re.I)
_LOST_OPENING = re.compile(r"(?:^|(?<=[\s(\[]))\?(?=[^\W\d_])", re.M)
_LOST_CLOSING = re.compile(r"(?<=[.,;:!])\?|(\x00[^\x00\u201c\u201d?\n]{1,120}?)\?")
_LOST_DASH = re.compile(r"(?<=\s)\?(?=[\s,.;:])")


def lost_characters(text: str) -> str:
    """``text`` with each "?" standing for a lost character written as that character."""
    if "?" not in text:
        return text
    text = _LOST_APOSTROPHE.sub("'", text)
    text = _LOST_OPENING.sub("\x00", text)  # marked, so only a quote it opened is closed
    text = _LOST_CLOSING.sub(lambda m: (m.group(1) or "") + "\u201d", text)
    return _LOST_DASH.sub("\u2014", text).replace("\x00", "\u201c")


#: what a page reference (_PAGE_REF) cannot lack: looked for first, as _PAGE_REF tried at every
#: place of a text was a sixth of reading it
_PAGE_NUMBER = re.compile(r"p(?:ages?|p?\.)\s*\d", re.I)


def _clean(text: str) -> str:
    # each pattern is tried only on a text holding what every match of it holds
    text = lost_characters(unicodedata.normalize("NFKC", _MARKS.sub("", text)))
    if "](" in text:
        text = _LINK.sub(r"\1", text)
    if "*" in text or "_" in text or "`" in text or "#" in text or ">" in text:
        text = _MARKDOWN.sub("", text)
    text = _LIST_MARKER.sub("\n", text)
    if "(" in text:
        text = _PAREN_REF.sub("", text)
    if _PAGE_NUMBER.search(text):
        text = _PAGE_REF.sub("", text)
    return _SPACE_BEFORE_MARK.sub(r"\1", text)


#: one tuple per (start, end) pair: the sentences kept by :func:`sentences` hold half a million
#: spans in a full build's supersessions but only some thousands of distinct pairs (30 MiB of
#: tuples, measured with tracemalloc, against well under one once shared)
_SPANS: dict[tuple[int, int], tuple[int, int]] = {}


@lru_cache(maxsize=16384)
def sentences(text: str | None) -> tuple[Sentence, ...]:
    """The sentences of ``text`` that say something, each with its comparison keys."""
    out = []
    for raw in _SENTENCE.split(_clean(text or "")):
        shown = " ".join(raw.split())
        if not shown or _CROSS_REFERENCE.match(shown):
            continue
        keys: list[str] = []
        spans: list[tuple[int, int]] = []
        previous = None
        sign_at = -1  # where a "+" or "-" glued to the next number starts ("+1 power")
        pos = 0
        for m in TOKEN.finditer(shown):  # textdiff's tokens; only whitespace lies between them
            surface = m.group()
            start, pos = m.span()
            if surface in SIGNS and (start == 0 or shown[start - 1] == " "):
                sign_at = start
            after_number = surface == "A" and previous is not None and NUMBER.match(previous) is not None
            for k in _token_keys(surface, after_number):
                if k and sign_at == start - 1 >= 0 and NUMBER.match(k):
                    k, start = SIGNS[shown[sign_at]] + k, sign_at
                if k:
                    keys.append(k)
                    span = (start, pos)
                    spans.append(_SPANS.setdefault(span, span))
            previous = surface
        if any(k not in KEPT_PUNCTUATION for k in keys):
            out.append(Sentence(shown, tuple(keys), tuple(spans)))
    return tuple(out)


@lru_cache(maxsize=4096)
def phrase_keys(phrase: str) -> tuple[str, ...]:
    """The keys of a short phrase (a rename's side), as a sentence would hold them."""
    return tuple(k for s in sentences(phrase) for k in s.keys)


def content(keys: Iterable[str]) -> list[str]:
    """The keys that are words (not the kept punctuation)."""
    return [k for k in keys if k not in KEPT_PUNCTUATION]


def clear_caches() -> None:
    """Forget the memoised normalisations (see kb.meaning.clear_caches)."""
    for f in (sentences, phrase_keys, stem, _token_keys):
        f.cache_clear()
    _SPANS.clear()
