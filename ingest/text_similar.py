"""Content features shared by the structure-recovery rules: stems, IDF weights, term phrases.

Recovery pairs text with headings or questions by what they talk about. Words are reduced to
crude stems ("replaced" / "replacement" -> "replac", "stunned" -> "stun") and weighted by how rare
they are in the section (inverse document frequency), so card names and game terms count and
"the", "card" or "creature" do not.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import lru_cache

from rapidfuzz import fuzz

from textnorm import plain, strip_set_codes

STOPWORDS = frozenset(
    """
a an the and or but if then than of to in on at by for with from into onto as is are was were be
been being it its it's this that these those there their they them you your yours i me my mine we
our he she his her him do does did can could will would may might must shall should have has had
not no yes so such each any all some other another which who whom what when where why how also
only even just still again one two both either neither more most less very own same up out off
over under about after before while during because however therefore then once s
""".split()
)
_SUFFIXES = ("ships", "ship", "ments", "ment", "ings", "ing", "edly", "ed", "ers", "er", "es", "s", "ly")
WORD = re.compile(r"[a-zæ0-9]+(?:['’][a-z]+)?")


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    w = re.sub(r"['’]s?$", "", word.lower())
    if w.startswith("un") and len(w) > 7:  # "unstunning" ~ "stun"
        w = w[2:]
    if len(w) == 5 and w.endswith("ing") and w not in STOPWORDS:  # "using" ~ "uses" ~ "use"
        return w[:2] + "e"
    for _ in range(2):  # "ownership" -> "owner" -> "own"
        for suf in _SUFFIXES:
            if w.endswith(suf) and len(w) - len(suf) >= 3:
                w = w[: -len(suf)]
                break
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiou":
        w = w[:-1]
    if len(w) > 4 and w.endswith("e"):
        w = w[:-1]
    return w


@lru_cache(maxsize=16384)
def _plain(text: str) -> str:
    return plain(strip_set_codes(text))


@lru_cache(maxsize=16384)
def _words(text: str) -> tuple[str, ...]:
    return tuple(stem(w) for w in WORD.findall(_plain(text)))


def words(text: str) -> list[str]:
    """All word stems in order (stopwords kept: term phrases like "this way" need them)."""
    return list(_words(text))


@lru_cache(maxsize=16384)
def features(text: str) -> Counter:
    """Content stems and stem bigrams (bigrams catch names: "sir marrow", "phase shift").
    Cached: callers must not modify the returned counter."""
    ws = [w for w in words(text) if w not in STOPWORDS and not w.isdigit() and len(w) > 1]
    feats = Counter(ws)
    feats.update(f"{a} {b}" for a, b in zip(ws, ws[1:]))
    return feats


_NAME = re.compile(r"[A-ZÆ][\w’'\-]*(?:\s+(?:of|the|to|de|du)\s+[A-Z][\w’'\-]*)*")
_NOT_NAMES = frozenset(
    {
        "i",
        "yes",
        "no",
        "æmber",
        "aember",
        "the",
        "a",
        "an",
        "if",
        "it",
        "its",
        "this",
        "that",
        "you",
        "your",
        "my",
        "in",
        "on",
        "when",
        "what",
        "can",
        "does",
        "do",
        "is",
    }
)


_RUN = re.compile(r"\S+")
_SENTENCE_END = re.compile(r"[.?!:]\s*$")


@lru_cache(maxsize=16384)
def names(text: str) -> Counter:
    """Capitalised words not opening a sentence (card names, game terms) as stems, with the
    bigrams of consecutive ones: what a FAQ question and its answer always share. Cached, as
    :func:`features` (callers must not modify the counter): FAQ pairing reads each question's and
    answer's names for its IDF and again for its scores."""
    text = strip_set_codes(text)
    out: Counter = Counter()
    prev_end = None
    seq: list[str] = []
    for m in _RUN.finditer(text):
        tok = m.group(0)
        before = text[max(0, m.start() - 2) : m.start()]
        initial = m.start() == 0 or _SENTENCE_END.search(before) is not None
        word = tok.strip("“”\"'‘’(),.;:?!")
        if word[:1].isupper() and not initial and word.lower() not in _NOT_NAMES and len(word) > 1:
            st = stem(word)
            out[st] += 1
            if seq and prev_end == m.start() - 1:
                out[f"{seq[-1]} {st}"] += 1
            seq.append(st)
            prev_end = m.end()
        else:
            seq = []
    return out


class _Squares(dict):
    """feature -> idf(feature) ** 2, each computed once: recovery weighs the same few thousand
    features hundreds of thousands of times (the same floats as computing them each time)."""

    def __init__(self, idf: Idf) -> None:
        super().__init__()
        self.idf = idf

    def __missing__(self, feat: str) -> float:
        w = self[feat] = self.idf(feat) ** 2
        return w


class Idf:
    """Inverse document frequency over a list of texts."""

    def __init__(self, texts: list[str], extract=None) -> None:
        extract = extract or features
        self.n = max(1, len(texts))
        self.df: Counter = Counter()
        for t in texts:
            self.df.update(set(extract(t)))
        self.squares = _Squares(self)

    def __call__(self, feat: str) -> float:
        return math.log((self.n + 1) / (self.df.get(feat, 0) + 0.5))

    def max(self) -> float:
        return math.log((self.n + 1) / 0.5)


def overlap(a: Counter, b: Counter, idf: Idf) -> float:
    """IDF-weighted cosine of two feature bags, 0..1."""
    if not a or not b:
        return 0.0
    return overlap_normed(a, b, norm(a, idf), norm(b, idf), idf)


def norm(a: Counter, idf: Idf) -> float:
    """The IDF-weighted length of a feature bag, as :func:`overlap` divides by it."""
    return math.sqrt(sum(map(idf.squares.__getitem__, a)))


def overlap_normed(a: Counter, b: Counter, na: float, nb: float, idf: Idf) -> float:
    """:func:`overlap` given the bags' :func:`norm` (the same float): FAQ pairing weighs every
    question against every answer, and each bag's length once instead of once per pair."""
    if not a or not b:
        return 0.0
    shared = sum(map(idf.squares.__getitem__, a.keys() & b.keys()))
    return shared / (na * nb) if na and nb else 0.0


def covered(a: Counter, b: Counter, idf: Idf) -> float:
    """IDF-weighted share of ``a``'s features that ``b`` has, 0..1: how much of a short
    definition a longer text talks about (a cosine would be diluted by the longer text)."""
    w = idf.squares.__getitem__
    total = sum(map(w, a))
    return sum(map(w, a.keys() & b.keys())) / total if total else 0.0


def term_phrases(title: str) -> list[list[str]]:
    """The alternatives a heading names: "STUN, STUN STATUS CARD" -> [[stun], [stun, status, card]];
    "CANNOT VS MUST/MAY" -> [[cannot], [must], [may]]; "SPLASH-ATTACK (X)" -> [[splash, attack]]."""
    t = re.sub(r"\([^)]*\)", " ", title)
    parts = re.split(r",|/|\bvs\.?\b|\band\b|;", t, flags=re.I)
    out = []
    for p in parts:
        ws = words(p)
        if ws and not all(w in STOPWORDS for w in ws) or len(ws) >= 2:
            out.append(ws)
    return out


def contains_phrase(haystack: list[str], phrase: list[str]) -> bool:
    """Whether the stems of ``phrase`` occur contiguously in ``haystack``, ignoring stopwords when
    the phrase has content words ("center of the battleline" ~ "center of a battleline")."""
    content = [w for w in phrase if w not in STOPWORDS]
    if content:
        phrase, haystack = content, [w for w in haystack if w not in STOPWORDS]
    return _runs_in(haystack, phrase)


def _runs_in(haystack, phrase) -> bool:
    """Whether ``phrase`` occurs contiguously in ``haystack`` (two lists or two tuples)."""
    n = len(phrase)
    if n == 1:
        return phrase[0] in haystack
    return n > 0 and any(haystack[i : i + n] == phrase for i in range(len(haystack) - n + 1))


@lru_cache(maxsize=16384)
def _content_words(text: str) -> tuple[str, ...]:
    return tuple(w for w in _words(text) if w not in STOPWORDS)


def text_has_phrase(text: str, phrase: list[str]) -> bool:
    """``contains_phrase(words(text), phrase)``, the text's stopwords left out once per text, not
    once per phrase (recovery asks it of every heading's phrases for every paragraph near it)."""
    content = tuple(w for w in phrase if w not in STOPWORDS)
    return _runs_in(_content_words(text) if content else _words(text), content or tuple(phrase))


@lru_cache(maxsize=65536)
def similar(a: str, b: str, floor: float = 0.0) -> float:
    """How much of the shorter text the longer one contains, 0..1 (typography-free); 0 when
    below ``floor`` (which lets the comparison stop early)."""
    pa, pb = _plain(a), _plain(b)
    if not pa or not pb:
        return 0.0
    return fuzz.partial_ratio(pa, pb, score_cutoff=floor * 100) / 100.0


def same_question(a: str, b: str) -> float:
    return fuzz.token_set_ratio(_plain(a), _plain(b)) / 100.0
