"""Do two texts of a rule say the same thing? The one place that decides it.

Why: the changelog, the history and the carrying of a scenario's expected outcome from one rulebook
version to another all need the same answer to "is this a rewording or a new ruling?". A new edition
rewraps lines, curls quotes, prints icons differently, renumbers page references and renames terms
everywhere ("Reap:" -> "After Reap:"); none of that changes a ruling. A changed number, negation,
permission or content word, or a sentence added or removed, does.

How: each text is cleaned of formatting (``kb.textdiff`` folds quotes, icons and set codes; this
module also drops Markdown leftovers, list numbering, page references and pure cross-reference
sentences), cut into sentences, and each word reduced to its Snowball stem (PyStemmer: the
standard English stemmer of information retrieval, so "destroys"/"destroyed" compare equal). Function words that carry
no ruling (``FUNCTION_WORDS``) are dropped; words that do (``PROTECTED``) never are. Sentences found on
both sides, in any place, are not a change. What is left is diffed word by word; each group of changed
sentences is one :class:`MeaningChange`, classified by the word lists below (all data, in one place).

Terminology: a phrase substitution that the new version makes consistently in many entries, and
never contradicts, is a rename (:func:`terminology`); texts are compared with each rename's two
phrases folded to one token, so a rename is listed once by the changelog and never as a meaning
change in every entry it touches. No rename is known in advance: see the thresholds below.
"""
from __future__ import annotations

import os
import re
import sqlite3
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Iterable

import Stemmer  # PyStemmer: the Snowball stemmers, compiled
from rapidfuzz.distance import OSA

from .textdiff import tokenize

# ---- the word lists (data) -------------------------------------------------------------------

#: Words that carry no ruling: articles, demonstratives and relatives, copulas and auxiliaries of
#: tense. Dropped before comparing, so "a creature that is destroyed" and "the creature destroyed"
#: are the same words. Never a negation, modal, quantifier, number, ordering or side word.
FUNCTION_WORDS = frozenset({
    "a", "an", "the", "this", "these", "those", "that", "which", "who", "whom", "whose",
    "is", "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "do", "does", "did",
    "also", "just", "simply", "then", "its", "it", "there", "here",
})

#: Pronouns that a new edition may spell out as what they stand for ("they" -> "the player"), in a
#: replacement of at most ``REFERENT_WORDS`` words (never "you": "you" -> "your opponent" is a change).
PRONOUNS = frozenset({"they", "them", "he", "him", "she", "her", "itself", "themselves", "themself"})
REFERENT_WORDS = 2

#: Words that carry a negation: a change in how many a passage holds flips its meaning.
NEGATIONS = frozenset({"not", "no", "never", "none", "nothing", "neither", "nor", "without", "cannot"})

#: Permission and obligation: who may or must do what, and restrictions of it.
MODALS = frozenset({"may", "must", "can", "could", "might", "should", "shall", "will", "would", "optional",
                    "optionally", "choose", "instead", "unless", "only", "either", "allow", "allowed"})

#: The first word of an FAQ answer that gives its verdict.
VERDICTS = frozenset({"yes", "no"})

#: Number words, compared as the numbers they name ("two" == "2").
NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "once": 1, "twice": 2}

#: Words that are never dropped nor allowed in a rename: negations, modals, verdicts, and these
#: quantifiers, orderings and sides, each able to flip a ruling on its own.
PROTECTED = NEGATIONS | MODALS | VERDICTS | frozenset(NUMBER_WORDS) | frozenset({
    "all", "each", "every", "any", "some", "more", "less", "fewer", "most", "least", "first", "last",
    "before", "after", "during", "until", "while", "when", "if", "or", "and", "both",
    "friendly", "enemy", "your", "their", "opponent", "owner", "controller", "own",
})
assert not FUNCTION_WORDS & PROTECTED, "a word cannot be both ignored and protected"

#: Spellings of the same icon or symbol (folded after kb.textdiff's own icon folding).
ICON_WORDS = {"æmber": "æmber", "aember": "æmber", "amber": "æmber", "<damage>": "damage"}

#: Contractions spelled out, so "can't" == "cannot" == "can not".
CONTRACTIONS = {"can't": ("can", "not"), "cannot": ("can", "not"), "won't": ("will", "not"),
                "shan't": ("shall", "not")}

#: Punctuation kept as a token: a colon ends an ability label ("Reap:"), so renames can see it.
KEPT_PUNCTUATION = frozenset({":"})

#: How much each kind of change weighs when ordering entries by how much their meaning changed.
KIND_WEIGHTS = {"verdict": 5.0, "negation": 4.0, "number": 4.0, "modal": 3.0, "content": 2.0,
                "added": 2.0, "removed": 2.0}
#: Plus this much per changed content word (capped at ``SIZE_CAP`` words per change).
SIZE_WEIGHT, SIZE_CAP = 0.1, 30

#: A leftover sentence whose content words overlap (Dice coefficient) less than this with every
#: leftover sentence of the other side is reported added or removed, not diffed word by word.
PAIR_MIN_SIMILARITY = 0.35
#: A hunk of at most this many words a side can be classified by its number, negation or modal;
#: a longer rewrite is a "content" change.
SIGNAL_SPAN = 4
#: A spelling fix: at most this many letters edited, in words at least this long.
TYPO_MAX_EDITS, TYPO_MIN_LENGTH = 1, 5
#: Two words printed as one ("againthere") are folded when each has at least this many letters.
JOIN_MIN_LENGTH = 3
#: A change's detail shows at most this many hunks, each side cut at this many characters.
DETAIL_HUNKS, DETAIL_CHARS = 3, 80

# ---- terminology thresholds ------------------------------------------------------------------

#: A rename is seen in at least this many entries: fewer is indistinguishable from an ordinary edit
#: of a sentence quoted in two places (a rule and its glossary entry).
MIN_RENAME_ENTRIES = 3
#: Of the entry pairs whose old text holds the old phrase, at least this share make the substitution
#: (the rest were rewritten so much that the phrase went with the sentence).
MIN_RENAME_CONSISTENCY = 0.6
#: The old phrase may survive in the new version's texts (outside the new phrase) in at most this
#: share of as many entries as show the substitution: a term still used is not renamed.
MAX_RENAME_SURVIVAL = 0.2
#: A rename is a short phrase: at most this many tokens changed on either side, with at most
#: ``RENAME_CONTEXT`` unchanged tokens around it to anchor an insertion ("Reap:" -> "After Reap:").
MAX_RENAME_TOKENS, RENAME_CONTEXT = 4, 2

# ---- the API ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rename:
    """A systematic substitution between two versions; ``count``: entries in which it occurs."""
    old: str
    new: str
    count: int


@dataclass(frozen=True)
class Terminology:
    renames: tuple[Rename, ...] = ()

    def mirrored(self) -> "Terminology":
        return Terminology(tuple(Rename(r.new, r.old, r.count) for r in self.renames))


@dataclass(frozen=True)
class MeaningChange:
    kind: str            # "number" | "negation" | "modal" | "verdict" | "content" | "added" | "removed"
    before: str | None   # the old sentence that carries the change (None for "added")
    after: str | None    # the new sentence (None for "removed")
    detail: str          # short human text: "2 -> 7", "'attacked' -> 'chosen to be fought'"

    def as_dict(self) -> dict:
        return {"kind": self.kind, "before": self.before, "after": self.after, "detail": self.detail}


# ---- normalisation ---------------------------------------------------------------------------

_STEMMER = Stemmer.Stemmer("english")
_MARKDOWN = re.compile(r"\*\*|__|(?<!\w)[*_]|[*_](?!\w)|`|^\s{0,3}#{1,6}\s*|^\s*>\s?", re.M)
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_LIST_MARKER = re.compile(r"(?m)^\s*(?:\d{1,2}[.)]|[a-z][.)]|[-\u2022\u25cf\u25aa*])\s+")
#: "(see page 7)", "(See “Chains” on Page 8)", "(page 9)", "(p. 9)"
_PAREN_REF = re.compile(r"\(\s*(?:(?:see|refer to)\b[^()]*|p(?:ages?|\.|p\.)\s*\d+[^()]*)\)", re.I)
#: "on page 7", ", page 7", "pages 7-8"
_PAGE_REF = re.compile(r"[,;]?\s*(?:\b(?:on|at)\s+)?\b(?:pages?|pp?\.)\s*\d+(?:\s*(?:[-\u2013\u2014,]|and|or)\s*\d+)*",
                       re.I)
#: a sentence that only points elsewhere: "See “Leaves Play.”", "For details on X, see Y."
_CROSS_REFERENCE = re.compile(r"^\W*(?:(?:for (?:more )?(?:details|information)\b[^,]*,\s*)?see|refer to)\b", re.I)
_SENTENCE = re.compile(r"(?<!\be\.g)(?<!\bi\.e)(?<!\bvs)(?<=[.!?])[\"'\u201d\u2019)]*\s+|\n\s*\n|\n(?=\s*\S)")
_WORDS = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)*")
_NUMBER = re.compile(r"^[+\-\u2212]?\d+$")
_NUMBER_ICON = re.compile(r"^(\d+)A$")  # "1A": a number and the Æmber icon printed as a letter


@dataclass(frozen=True)
class Sentence:
    text: str                         #: as shown (formatting cleaned, whitespace normalised)
    keys: tuple[str, ...]             #: what is compared
    spans: tuple[tuple[int, int], ...]  #: where each key is in ``text``


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    return _STEMMER.stemWord(word)


def _word_keys(surface: str, key: str, previous: str | None) -> list[str]:
    """The comparison keys of one token (several for a contraction, none for a function word)."""
    m = _NUMBER_ICON.match(surface)
    if m:
        return [str(int(m.group(1))), "æmber"]
    if surface == "A" and previous is not None and _NUMBER.match(previous):
        return ["æmber"]
    k = key.casefold().replace("'", "'")
    if k in ICON_WORDS:
        return [ICON_WORDS[k]]
    if _NUMBER.match(k):
        return [str(int(k.replace("\u2212", "-")))] if k[0] not in "+-\u2212" else [k[0].replace("\u2212", "-") + str(int(k[1:]))]
    if k[:1].isdigit():
        return [k]
    if not k[:1].isalnum():
        return [k] if k in KEPT_PUNCTUATION else []
    if k in CONTRACTIONS:
        return list(CONTRACTIONS[k])
    if k.endswith("n't"):
        return _word_keys(k[:-3], k[:-3], None) + ["not"]
    if k.endswith("'s"):
        k = k[:-2]
    if k in NUMBER_WORDS:
        return [str(NUMBER_WORDS[k])]
    if k in FUNCTION_WORDS:
        return []
    return [k if k in PROTECTED else _stem(k)]


def _clean(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    text = _LINK.sub(r"\1", text)
    text = _MARKDOWN.sub("", text)
    text = _LIST_MARKER.sub("\n", text)
    text = _PAREN_REF.sub("", text)
    return _PAGE_REF.sub("", text)


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
        pos = 0
        for tok in tokenize(shown):
            start = shown.find(tok.text, pos)
            pos = start + len(tok.text)
            for k in _word_keys(tok.text, tok.key, previous):
                if k:
                    keys.append(k)
                    spans.append((start, pos))
            previous = tok.text
        if any(k not in KEPT_PUNCTUATION for k in keys):
            out.append(Sentence(shown, tuple(keys), tuple(spans)))
    return tuple(out)


@lru_cache(maxsize=4096)
def phrase_keys(phrase: str) -> tuple[str, ...]:
    """The keys of a short phrase (a rename's side), as a sentence would hold them."""
    return tuple(k for s in sentences(phrase) for k in s.keys)


# ---- renames applied -------------------------------------------------------------------------

def _rename_table(terms: Terminology | None) -> tuple[tuple[tuple[str, ...], str], ...]:
    """(phrase keys, placeholder) for both sides of every rename, longest first."""
    if not terms or not terms.renames:
        return ()
    return _rename_table_cached(terms.renames)


@lru_cache(maxsize=256)
def _rename_table_cached(renames: tuple[Rename, ...]) -> tuple:
    table = []
    for i, r in enumerate(renames):
        for side in (r.old, r.new):
            keys = phrase_keys(side)
            if keys:
                table.append((keys, f"\x00rename{i}"))
    return tuple(sorted(table, key=lambda t: -len(t[0])))


@lru_cache(maxsize=65536)
def _folded(s: Sentence, table: tuple) -> Sentence:
    """``s`` with every phrase of ``table`` replaced by its placeholder (span kept)."""
    if not table:
        return s
    keys, spans = list(s.keys), list(s.spans)
    for phrase, holder in table:
        n = len(phrase)
        i = 0
        while i + n <= len(keys):
            if tuple(keys[i:i + n]) == phrase:
                keys[i:i + n] = [holder]
                spans[i:i + n] = [(spans[i][0], spans[i + n - 1][1])]
            i += 1
    return Sentence(s.text, tuple(keys), tuple(spans))


def _text_sentences(text: str | None, terms: Terminology | None) -> list[Sentence]:
    table = _rename_table(terms)
    return [_folded(s, table) for s in sentences(text)]


# ---- comparison ------------------------------------------------------------------------------

def _content(keys: Iterable[str]) -> list[str]:
    return [k for k in keys if k not in KEPT_PUNCTUATION]


def same_meaning(old: str | None, new: str | None, terms: Terminology | None = None) -> bool:
    """True when ``new`` says what ``old`` says up to formatting and the renames of ``terms``."""
    return not meaning_changes(old, new, terms)


def meaning_changes(old: str | None, new: str | None, terms: Terminology | None = None) -> list[MeaningChange]:
    """Empty when `new` says the same as `old` up to formatting and the renames in `terms`.

    Sentences found on both sides (anywhere: a move is no change) are set aside; spelling fixes and
    words split or joined by a typesetter are folded (:func:`_respell`); a sentence left with no
    similar sentence on the other side is "added" or "removed"; the rest are diffed word by word."""
    a, b = _text_sentences(old, terms), _text_sentences(new, terms)
    left_a, left_b = _unmatched(a, b)
    if left_a and left_b:
        left_a, left_b = _unmatched(*_respell(left_a, left_b))
    if _bag(left_a) == _bag(left_b):
        return []  # the same words, cut into sentences or ordered differently
    out: list[MeaningChange] = []
    paired_a = [s for s in left_a if _best(s, left_b) >= PAIR_MIN_SIMILARITY]
    paired_b = [s for s in left_b if _best(s, left_a) >= PAIR_MIN_SIMILARITY]
    lead = (_content(a[0].keys)[:1] if a else [], _content(b[0].keys)[:1] if b else [])
    if paired_a and paired_b:
        out += _changes(paired_a, paired_b, a[:1], b[:1], *lead)
    else:
        paired_a, paired_b = [], []
    out += [MeaningChange("removed", s.text, None, f"removed: {_short(s.text)}") for s in left_a if s not in paired_a]
    out += [MeaningChange("added", None, s.text, f"added: {_short(s.text)}") for s in left_b if s not in paired_b]
    return out


def _unmatched(a: list[Sentence], b: list[Sentence]) -> tuple[list[Sentence], list[Sentence]]:
    """The sentences of each side not found, with the same words, on the other side."""
    def left(xs, ys):
        pool = Counter(tuple(_content(s.keys)) for s in ys)
        out = []
        for s in xs:
            k = tuple(_content(s.keys))
            if pool[k]:
                pool[k] -= 1
            else:
                out.append(s)
        return out
    return left(a, b), left(b, a)


def _bag(ss: list[Sentence]) -> Counter:
    return Counter(k for s in ss for k in _content(s.keys))


def _dice(x: Sentence, y: Sentence) -> float:
    cx, cy = Counter(_content(x.keys)), Counter(_content(y.keys))
    total = sum(cx.values()) + sum(cy.values())
    return 2 * sum((cx & cy).values()) / total if total else 1.0


def _best(s: Sentence, others: list[Sentence]) -> float:
    return max((_dice(s, o) for o in others), default=0.0)


def _typo(x: str, y: str) -> bool:
    """Two spellings of one word: a fix of at most ``TYPO_MAX_EDITS`` letters (transpositions
    count once) in words of ``TYPO_MIN_LENGTH`` letters or more, neither a protected word."""
    return (min(len(x), len(y)) >= TYPO_MIN_LENGTH and x.isalpha() and y.isalpha()
            and x not in PROTECTED and y not in PROTECTED and OSA.distance(x, y) <= TYPO_MAX_EDITS)


def _respell(left_a: list[Sentence], left_b: list[Sentence]) -> tuple[list[Sentence], list[Sentence]]:
    """Both sides with one spelling for what differs only by a typo, or by two words printed as one
    ("againthere"): the key of one side is rewritten as the other side writes it."""
    bag_a, bag_b = _bag(left_a), _bag(left_b)
    only_a, only_b = list(bag_a - bag_b), list(bag_b - bag_a)
    if not only_a or not only_b:
        return left_a, left_b

    def joined(ss, wanted):  # the stem of two adjacent words written as one -> the keys of the two words
        heads = {k[:JOIN_MIN_LENGTH] for k in wanted}
        out = {}
        for s in ss:
            words = _WORDS.findall(s.text)
            for w1, w2 in zip(words, words[1:]):
                if min(len(w1), len(w2)) < JOIN_MIN_LENGTH or w1[:JOIN_MIN_LENGTH].casefold() not in heads:
                    continue
                joined_stem = _stem((w1 + w2).casefold())
                if joined_stem in wanted and joined_stem != _stem(w1.casefold()):
                    out.setdefault(joined_stem, _word_keys(w1, w1, None) + _word_keys(w2, w2, None))
        return out

    def rewrite(ss, own_only, other_only, other_joined):
        table = {}
        for k in own_only:
            near = next((o for o in other_only if _typo(k, o)), None)
            if near is not None:
                table[k] = [near]
            elif k in other_joined:
                table[k] = other_joined[k]
        if not table:
            return ss
        out = []
        for s in ss:
            keys, spans = [], []
            for k, sp in zip(s.keys, s.spans):
                for k2 in table.get(k, [k]):
                    keys.append(k2)
                    spans.append(sp)
            out.append(Sentence(s.text, tuple(keys), tuple(spans)))
        return out

    new_a = rewrite(left_a, only_a, only_b, joined(left_b, set(only_a)))  # typos: the old side takes the new spelling
    new_b = rewrite(left_b, only_b, [], joined(left_a, set(only_b)))
    return new_a, new_b


def _flatten(ss: list[Sentence]) -> tuple[list[str], list[tuple[int, int]]]:
    keys, where = [], []
    for si, s in enumerate(ss):
        for ti, k in enumerate(s.keys):
            if k not in KEPT_PUNCTUATION:
                keys.append(k)
                where.append((si, ti))
    return keys, where


def _changes(left_a, left_b, first_a, first_b, lead_a, lead_b) -> list[MeaningChange]:
    """The changes between the sentences left unmatched: their words diffed as one stream; the
    hunks touching the same sentences (on either side) form one change."""
    ka, wa = _flatten(left_a)
    kb, wb = _flatten(left_b)
    parent: dict = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            parent[x] = parent.get(parent[x], parent[x])
            x = parent[x]
        return x

    hunks = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, ka, kb, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        nodes = {("a", wa[i][0]) for i in range(i1, i2)} | {("b", wb[j][0]) for j in range(j1, j2)}
        if i1 == i2 and ka and not _whole(wb, j1, j2):  # words inserted inside an old sentence
            continued = j1 > 0 and wb[j1 - 1][0] == wb[j1][0]
            nodes.add(("a", wa[i1 - 1][0] if (continued and i1 > 0) or i1 >= len(ka) else wa[i1][0]))
        elif j1 == j2 and kb and not _whole(wa, i1, i2):  # words deleted inside a sentence kept
            continued = i1 > 0 and wa[i1 - 1][0] == wa[i1][0]
            nodes.add(("b", wb[j1 - 1][0] if (continued and j1 > 0) or j1 >= len(kb) else wb[j1][0]))
        nodes = sorted(nodes)
        for n in nodes[1:]:
            parent[find(n)] = find(nodes[0])
        hunks.append((nodes[0], (i1, i2, j1, j2)))
    groups: dict = defaultdict(list)
    for node, h in hunks:
        groups[find(node)].append(h)
    members: dict = defaultdict(lambda: ([], []))
    for n in list(parent):
        members[find(n)][0 if n[0] == "a" else 1].append(n[1])
    out = []
    for root, hs in groups.items():
        sa, sb = (sorted(set(m)) for m in members[root])
        out += _classify(hs, sa, sb, left_a, left_b, ka, kb, wa, wb, first_a, first_b, lead_a, lead_b)
    return out


def _whole(where, lo: int, hi: int) -> bool:
    """True when the positions lo..hi of a flattened stream cover whole sentences."""
    first, last = where[lo][0], where[hi - 1][0]
    return (lo == 0 or where[lo - 1][0] != first) and (hi == len(where) or where[hi][0] != last)


def _span(s: Sentence, lo: int, hi: int) -> str:
    return s.text[s.spans[lo][0]:s.spans[hi][1]]


def _hunk_text(ss, where, lo, hi) -> str:
    """The words of positions lo..hi of a flattened stream as written."""
    if lo >= hi:
        return ""
    parts, start = [], lo
    for i in range(lo + 1, hi + 1):
        if i == hi or where[i][0] != where[start][0]:
            s = ss[where[start][0]]
            parts.append(_span(s, where[start][1], where[i - 1][1]))
            start = i
    return " ".join(parts)


def _classify(hs, sa, sb, left_a, left_b, ka, kb, wa, wb, first_a, first_b, lead_a, lead_b) -> list[MeaningChange]:
    """One change for the hunks ``hs`` touching old sentences ``sa`` and new ones ``sb``. Its kind
    is the strongest signal found in a *small* hunk (at most ``SIGNAL_SPAN`` words a side): a
    number, negation or modal rewritten inside a long rewrite says little about which one changed,
    so a long rewrite is "content"."""
    deleted = Counter(ka[i] for h in hs for i in range(h[0], h[1]))
    inserted = Counter(kb[j] for h in hs for j in range(h[2], h[3]))
    gone, new = deleted - inserted, inserted - deleted
    if not gone and not new:
        return []
    before = " ".join(left_a[i].text for i in sa) or None
    after = " ".join(left_b[i].text for i in sb) or None
    if before is None:
        return [MeaningChange("added", None, left_b[i].text, f"added: {_short(left_b[i].text)}") for i in sb]
    if after is None:
        return [MeaningChange("removed", left_a[i].text, None, f"removed: {_short(left_a[i].text)}") for i in sa]
    ranked = []
    for h in hs:
        d, n = Counter(ka[h[0]:h[1]]), Counter(kb[h[2]:h[3]])
        if d == n or _referent(d, n) or _referent(n, d):
            continue
        small = sum(d.values()) <= SIGNAL_SPAN and sum(n.values()) <= SIGNAL_SPAN
        if small and _numbers(d) != _numbers(n):
            kind = "number"
        elif small and sum(d[w] for w in NEGATIONS) != sum(n[w] for w in NEGATIONS):
            kind = "negation"
        elif small and (set(d) ^ set(n)) & MODALS:
            kind = "modal"
        else:
            kind = "content"
        ranked.append((_RANK[kind], kind, h, d, n))
    if not ranked:
        return []
    ranked.sort(key=lambda r: r[0])
    _, kind, h, d, n = ranked[0]
    if lead_a != lead_b and (set(lead_a) | set(lead_b)) & VERDICTS and (
            (first_a and left_a[sa[0]] is first_a[0]) or (first_b and left_b[sb[0]] is first_b[0])):
        kind = "verdict"
    texts = [_hunk_detail(r[2], left_a, left_b, wa, wb) for r in ranked]
    if kind == "number" and all(_NUMBER.match(k) for k in (d + n)):
        texts[0] = f"{' '.join(_numbers(d)) or '-'} -> {' '.join(_numbers(n)) or '-'}"
    more = len(texts) - DETAIL_HUNKS
    detail = "; ".join(texts[:DETAIL_HUNKS]) + (f"; and {more} more" if more > 0 else "")
    return [MeaningChange(kind, before, after, detail)]


def _referent(pronouns: Counter, words: Counter) -> bool:
    """A pronoun spelled out as what it stands for ("they" -> "the player"): wording."""
    return (bool(pronouns) and all(k in PRONOUNS for k in pronouns)
            and 0 < sum(words.values()) <= REFERENT_WORDS and not set(words) & PROTECTED)


_RANK = {"verdict": 0, "number": 1, "negation": 2, "modal": 3, "content": 4}


def _short(text: str, limit: int | None = None) -> str:
    limit = limit or DETAIL_CHARS
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def _hunk_detail(h, left_a, left_b, wa, wb) -> str:
    i1, i2, j1, j2 = h
    if i1 == i2 or j1 == j2:  # show the words around a bare insertion or deletion, on both sides
        lo, hi = (j1, j2) if i1 == i2 else (i1, i2)
        where = wb if i1 == i2 else wa
        left = 1 if lo > 0 and where[lo - 1][0] == where[lo][0] else 0
        right = 1 if hi < len(where) and where[hi][0] == where[hi - 1][0] else 0
        i1, i2, j1, j2 = i1 - left, i2 + right, j1 - left, j2 + right
    return f"{_quote(_short(_hunk_text(left_a, wa, i1, i2)))} -> {_quote(_short(_hunk_text(left_b, wb, j1, j2)))}"


def _numbers(c: Counter) -> list[str]:
    return sorted((k for k in c.elements() if _NUMBER.match(k)), key=lambda k: int(k))


def _quote(text: str) -> str:
    return f"'{text}'" if text else "-"


def magnitude(changes: list[MeaningChange]) -> float:
    """How much a list of changes changes a meaning, for ordering: more and bigger changes first."""
    total = 0.0
    for c in changes:
        a = Counter(k for s in sentences(c.before) for k in _content(s.keys))
        b = Counter(k for s in sentences(c.after) for k in _content(s.keys))
        size = sum(((a - b) + (b - a)).values())
        total += KIND_WEIGHTS.get(c.kind, 1.0) + SIZE_WEIGHT * min(size, SIZE_CAP)
    return round(total, 2)


# ---- terminology -----------------------------------------------------------------------------

_BOUNDARY = "\x01"


def _stream(text: str | None) -> tuple[list[str], list[tuple[Sentence, int]]]:
    """All keys of a text (sentence boundaries marked) with where each comes from."""
    keys, where = [], []
    for s in sentences(text):
        for i, k in enumerate(s.keys):
            keys.append(k)
            where.append((s, i))
        keys.append(_BOUNDARY)
        where.append((None, -1))
    return keys, where


def _renamable(phrase: tuple[str, ...]) -> bool:
    return all(k != _BOUNDARY and not _NUMBER.match(k) and k not in NEGATIONS and k not in MODALS
               for k in phrase)


class _Corpus:
    """The key streams of every text of one version, with an index of where each key occurs."""

    def __init__(self, streams: list[list[str]]):
        self.streams = streams
        self.index: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for n, stream in enumerate(streams):
            for i, k in enumerate(stream):
                self.index[k].append((n, i))
        self._counts: dict[tuple, int] = {}

    def find(self, phrase: tuple[str, ...]) -> list[tuple[int, int]]:
        m = len(phrase)
        return [(n, i) for n, i in self.index.get(phrase[0], ()) if tuple(self.streams[n][i:i + m]) == phrase]

    def count(self, phrase: tuple[str, ...]) -> int:
        if phrase not in self._counts:
            self._counts[phrase] = len(self.find(phrase))
        return self._counts[phrase]

    def sentence(self, n: int, i: int) -> tuple[int, int]:
        stream = self.streams[n]
        lo = i
        while lo > 0 and stream[lo - 1] != _BOUNDARY:
            lo -= 1
        hi = i
        while hi < len(stream) and stream[hi] != _BOUNDARY:
            hi += 1
        return lo, hi


def _stable(old_c: _Corpus, new_c: _Corpus, corpus: _Corpus, n: int, i: int, phrase: tuple[str, ...]) -> bool:
    """True when the occurrence of ``phrase`` at (n, i) of ``corpus`` belongs to a longer fixed
    phrase that both versions print equally often ("Before Reap:" around "Reap:"): a different
    term, kept as it was, which neither supports nor contradicts a rename of ``phrase``."""
    stream = corpus.streams[n]
    for lo, hi in ((i - 1, i + len(phrase)), (i, i + len(phrase) + 1)):
        if lo < 0 or hi > len(stream) or _BOUNDARY in stream[lo:hi]:
            continue
        longer = tuple(stream[lo:hi])
        if old_c.count(longer) == new_c.count(longer) > 0:
            return True
    return False


def _inside(stream: list[str], i: int, phrase: tuple[str, ...], outer: tuple[str, ...]) -> bool:
    """True when the occurrence of ``phrase`` at ``i`` is part of an occurrence of ``outer``."""
    m, n = len(phrase), len(outer)
    return any(outer[k:k + m] == phrase and tuple(stream[i - k:i - k + n]) == outer
               for k in range(n - m + 1) if i - k >= 0)


def terminology(pairs: Iterable[tuple[str | None, str | None]]) -> Terminology:
    """Systematic substitutions detected over all paired texts (old, new) of two versions; a text
    paired with None (an entry added or removed) counts where a term survives.

    A candidate is every short replaced, inserted or deleted run of a word diff, with up to
    ``RENAME_CONTEXT`` unchanged words around it. It is a rename when it occurs in at least
    ``MIN_RENAME_ENTRIES`` entries, in at least ``MIN_RENAME_CONSISTENCY`` of the entries whose old
    text uses the old phrase, and the old phrase survives in few new texts (``MAX_RENAME_SURVIVAL``):
    not counting a sentence that also holds the new phrase (a note stating the rename: "“Reap:”
    should be read as “After Reap:”") nor a longer fixed phrase both versions print as often
    ("Before Reap:"). Of overlapping candidates the most frequent wins, then the shortest."""
    old_streams, new_streams, paired = [], [], []
    where_old, where_new = [], []
    for old, new in pairs:
        a, wa = _stream(old)
        b, wb = _stream(new)
        if old:
            old_streams.append(a)
            where_old.append(wa)
        if new:
            new_streams.append(b)
            where_new.append(wb)
        if old and new:
            paired.append((len(old_streams) - 1, len(new_streams) - 1))
    old_c, new_c = _Corpus(old_streams), _Corpus(new_streams)
    support: dict[tuple, dict[int, list]] = defaultdict(dict)   # candidate -> {pair index: hunk ids}
    surface: dict[tuple, tuple[str, str]] = {}
    shape: dict[tuple, tuple[int, int]] = {}
    for p, (na, nb) in enumerate(paired):
        a, b = old_streams[na], new_streams[nb]
        if a == b:
            continue
        for h, (tag, i1, i2, j1, j2) in enumerate(SequenceMatcher(None, a, b, autojunk=False).get_opcodes()):
            if tag == "equal" or i2 - i1 > MAX_RENAME_TOKENS or j2 - j1 > MAX_RENAME_TOKENS:
                continue
            if not _renamable(tuple(a[i1:i2])) or not _renamable(tuple(b[j1:j2])):
                continue
            for left in range(RENAME_CONTEXT + 1):
                for right in range(RENAME_CONTEXT + 1):
                    lo_a, hi_a, lo_b, hi_b = i1 - left, i2 + right, j1 - left, j2 + right
                    if lo_a < 0 or lo_b < 0 or hi_a > len(a) or hi_b > len(b):
                        continue
                    old_p, new_p = tuple(a[lo_a:hi_a]), tuple(b[lo_b:hi_b])
                    if (not old_p or not new_p or old_p == new_p or a[lo_a:i1] != b[lo_b:j1]
                            or a[i2:hi_a] != b[j2:hi_b] or not _renamable(old_p) or not _renamable(new_p)
                            or all(k in KEPT_PUNCTUATION for k in old_p)):
                        continue
                    cand = (old_p, new_p)
                    support[cand].setdefault(p, []).append(h)
                    if cand not in surface:
                        surface[cand] = (_surface(where_old[na], lo_a, hi_a), _surface(where_new[nb], lo_b, hi_b))
                        # an insertion or deletion reads best with the words it qualifies (after
                        # it); a replacement reads best bare
                        shape[cand] = (left, -right if i1 == i2 or j1 == j2 else right)
    paired_old = {na for na, _ in paired}
    valid = []
    for cand, where in support.items():
        count = len(where)
        if count < MIN_RENAME_ENTRIES:
            continue
        old_p, new_p = cand
        holding = {n for n, i in old_c.find(old_p)
                   if n in paired_old and not _stable(old_c, new_c, old_c, n, i, old_p)}
        if holding and count / len(holding) < MIN_RENAME_CONSISTENCY:
            continue
        surviving = set()
        for n, i in new_c.find(old_p):
            stream = new_streams[n]
            if n in surviving or _inside(stream, i, old_p, new_p):
                continue
            lo, hi = new_c.sentence(n, i)
            if any(tuple(stream[k:k + len(new_p)]) == new_p for k in range(lo, hi - len(new_p) + 1)):
                continue  # a mention of the rename itself
            if not _stable(old_c, new_c, new_c, n, i, old_p):
                surviving.add(n)
        if len(surviving) > MAX_RENAME_SURVIVAL * count:
            continue
        valid.append((cand, count))
    valid.sort(key=lambda v: (-v[1], shape[v[0]], v[0]))
    claimed: set[tuple[int, int]] = set()
    renames = []
    for cand, count in valid:
        free = {p for p, hs in support[cand].items() if any((p, h) not in claimed for h in hs)}
        if len(free) < MIN_RENAME_ENTRIES:
            continue
        claimed.update((p, h) for p, hs in support[cand].items() for h in hs)
        renames.append(Rename(*surface[cand], count))
    return Terminology(tuple(renames))


def _surface(where, lo: int, hi: int) -> str:
    s, first = where[lo]
    _, last = where[hi - 1]
    return s.text[s.spans[first][0]:s.spans[last][1]]


_MEMO: dict[tuple, Terminology] = {}


def _fingerprint(conn: sqlite3.Connection, game: str, versions: tuple[str, str]) -> tuple:
    path = next((r[2] for r in conn.execute("PRAGMA database_list") if r[1] == "main"), "") or f"memory:{id(conn)}"
    row = conn.execute(
        """SELECT count(*), total(e.id), total(length(e.body) + length(coalesce(e.question, '')))
           FROM entries e JOIN documents d ON d.id = e.document WHERE d.game = ? AND d.version IN (?, ?)""",
        (game, *versions)).fetchone()
    try:
        threads = conn.execute("SELECT count(*), total(entry) FROM entry_threads").fetchone()
    except sqlite3.OperationalError:
        threads = None
    return (os.path.abspath(path) if not path.startswith("memory:") else path, game, versions, tuple(row), threads)


def version_terminology(conn: sqlite3.Connection, game: str, from_version: str, to_version: str) -> Terminology:
    """terminology() over every aligned pair of the two versions (kb.threads.aligned_pairs),
    memoised per database file + versions (and the entries they hold). Computed once in the
    direction of the rulebook's history (older -> newer) and mirrored for the other direction, so
    (a, b) and (b, a) give mirrored renames."""
    if from_version == to_version:
        return Terminology()
    order = dict(conn.execute("SELECT version, version_sort FROM documents WHERE game = ? AND version IN (?, ?)",
                              (game, from_version, to_version)).fetchall())
    forward = (order.get(from_version) or 0, from_version) <= (order.get(to_version) or 0, to_version)
    versions = (from_version, to_version) if forward else (to_version, from_version)
    key = _fingerprint(conn, game, versions)
    if key not in _MEMO:
        from .threads import aligned_pairs
        pairs = aligned_pairs(conn, game, *versions)
        ids = [i for p in pairs for i in (p.from_entry, p.to_entry) if i is not None]
        texts: dict[int, tuple] = {}
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            texts.update((r[0], r[1:]) for r in conn.execute(
                f"SELECT id, body, question FROM entries WHERE id IN ({','.join('?' * len(chunk))})", chunk))
        texts_pairs = []
        for p in pairs:
            (ob, oq), (nb, nq) = texts.get(p.from_entry, (None, None)), texts.get(p.to_entry, (None, None))
            texts_pairs.append((ob, nb))
            if oq or nq:
                texts_pairs.append((oq, nq))
        if len(_MEMO) > 64:
            _MEMO.clear()
        _MEMO[key] = terminology(texts_pairs)
    return _MEMO[key] if forward else _MEMO[key].mirrored()


def makes_rename(rename: Rename, old: str | None, new: str | None) -> bool:
    """True when the pair (old, new) makes ``rename``: the old text uses its old phrase and the new
    text its new phrase (for the examples a changelog shows)."""
    def holds(text, phrase):
        keys = phrase_keys(phrase)
        return bool(keys) and any(tuple(s.keys[i:i + len(keys)]) == keys
                                  for s in sentences(text) for i in range(len(s.keys) - len(keys) + 1))
    return holds(old, rename.old) and holds(new, rename.new)
