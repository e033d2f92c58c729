"""Do two texts of a rule say the same thing? The one place that decides it.

Why: the changelog, the history and the carrying of a scenario's expected outcome from one rulebook
version to another all need the same answer to "is this a rewording or a new ruling?". A new edition
rewraps lines, curls quotes, prints icons differently, renumbers page references and renames terms
everywhere ("Reap:" -> "After Reap:"); none of that changes a ruling. A changed number, negation,
permission or content word, or a sentence added or removed, does.

How: both texts are read as sentences of comparison keys (``kb.meaning_text``: formatting folded,
words stemmed, function words dropped, the word lists as data), with the renames of a
:class:`Terminology` folded to one token (``kb.terminology``, which also finds them). A sentence
found on both sides, in any place, is no change; a spelling fix, or two words a typesetter printed
as one, is none either. A sentence left with no similar sentence on the other side is "added" or
"removed"; the others are diffed word by word, and the hunks touching the same sentences make one
:class:`MeaningChange`, classified by the strongest signal in a short hunk (a number, a negation, a
modal), else "content"; an FAQ answer's leading "Yes"/"No" flipping is a "verdict". The thresholds
below are named and explained; ``magnitude`` weighs a list of changes for ordering.

This module is the API (other modules import from here); the terminology functions are re-exported.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from difflib import SequenceMatcher

from rapidfuzz.distance import OSA

from . import meaning_text, terminology as _terminology
from .meaning_text import (
    FUNCTION_WORDS,
    KEPT_PUNCTUATION,
    MODALS,
    NEGATIONS,
    NUMBER,
    PRONOUNS,
    PROTECTED,
    VERDICTS,
    WORDS,
    Sentence,
    content as _content,
    phrase_keys,
    sentences,
    stem,
    word_keys,
)
from .terminology import (
    MIN_RENAME_ENTRIES,
    Rename,
    Terminology,
    makes_rename,
    terminology,
    text_sentences,
    version_terminology,
)

__all__ = [
    "Rename",
    "Terminology",
    "MeaningChange",
    "terminology",
    "version_terminology",
    "meaning_changes",
    "same_meaning",
    "magnitude",
    "makes_rename",
    "clear_caches",
    "phrase_keys",
    "sentences",
    "FUNCTION_WORDS",
    "PROTECTED",
    "MIN_RENAME_ENTRIES",
]

#: A pronoun replaced by at most this many words is spelled out, not changed (see PRONOUNS).
REFERENT_WORDS = 2
#: How much each kind of change weighs when ordering entries by how much their meaning changed.
KIND_WEIGHTS = {
    "verdict": 5.0,
    "negation": 4.0,
    "number": 4.0,
    "modal": 3.0,
    "content": 2.0,
    "added": 2.0,
    "removed": 2.0,
}
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


@dataclass(frozen=True)
class MeaningChange:
    kind: str  # "number" | "negation" | "modal" | "verdict" | "content" | "added" | "removed"
    before: str | None  # the old sentence that carries the change (None for "added")
    after: str | None  # the new sentence (None for "removed")
    detail: str  # short human text: "2 -> 7", "'attacked' -> 'chosen to be fought'"

    def as_dict(self) -> dict:
        return {"kind": self.kind, "before": self.before, "after": self.after, "detail": self.detail}


# ---- comparison ------------------------------------------------------------------------------


def same_meaning(old: str | None, new: str | None, terms: Terminology | None = None) -> bool:
    """True when ``new`` says what ``old`` says up to formatting and the renames of ``terms``."""
    return not meaning_changes(old, new, terms)


def meaning_changes(old: str | None, new: str | None, terms: Terminology | None = None) -> list[MeaningChange]:
    """Empty when `new` says the same as `old` up to formatting and the renames in `terms`.

    Sentences found on both sides (anywhere: a move is no change) are set aside; spelling fixes and
    words split or joined by a typesetter are folded (:func:`_respell`); a sentence left with no
    similar sentence on the other side is "added" or "removed"; the rest are diffed word by word.
    Equal strings read the same sentences the same way: no change, without reading them."""
    if old == new:
        return []
    a, b = text_sentences(old, terms), text_sentences(new, terms)
    out: list[MeaningChange] = []
    verdicts = [
        _content(ss[0].keys)[0] if ss and _content(ss[0].keys)[:1] in ([v] for v in VERDICTS) else None for ss in (a, b)
    ]
    if verdicts[0] != verdicts[1]:  # an answer's "Yes." became "No." (or lost its verdict)
        out.append(
            MeaningChange(
                "verdict",
                a[0].text if verdicts[0] else None,
                b[0].text if verdicts[1] else None,
                f"{verdicts[0] or '-'} -> {verdicts[1] or '-'}",
            )
        )
    a, b = (_without_verdict(ss) if v else ss for ss, v in zip((a, b), verdicts))
    left_a, left_b = _unmatched(a, b)
    if left_a and left_b:
        left_a, left_b = _unmatched(*_respell(left_a, left_b))
    if _bag(left_a) == _bag(left_b):
        return out  # the same words, cut into sentences or ordered differently
    paired_a = [s for s in left_a if _best(s, left_b) >= PAIR_MIN_SIMILARITY]
    paired_b = [s for s in left_b if _best(s, left_a) >= PAIR_MIN_SIMILARITY]
    if paired_a and paired_b:
        out += _changes(paired_a, paired_b)
    else:
        paired_a, paired_b = [], []
    out += [MeaningChange("removed", s.text, None, _short(s.text)) for s in left_a if s not in paired_a]
    out += [MeaningChange("added", None, s.text, _short(s.text)) for s in left_b if s not in paired_b]
    return out


def _without_verdict(ss: list[Sentence]) -> list[Sentence]:
    """The sentences with the leading verdict word of the first one taken out (reported apart)."""
    first = ss[0]
    i = next(i for i, k in enumerate(first.keys) if k not in KEPT_PUNCTUATION)
    rest = Sentence(first.text, first.keys[:i] + first.keys[i + 1 :], first.spans[:i] + first.spans[i + 1 :])
    return ([rest] if _content(rest.keys) else []) + list(ss[1:])


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
    return (
        min(len(x), len(y)) >= TYPO_MIN_LENGTH
        and x.isalpha()
        and y.isalpha()
        and x not in PROTECTED
        and y not in PROTECTED
        and OSA.distance(x, y) <= TYPO_MAX_EDITS
    )


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
            words = WORDS.findall(s.text)
            for w1, w2 in zip(words, words[1:]):
                if min(len(w1), len(w2)) < JOIN_MIN_LENGTH or w1[:JOIN_MIN_LENGTH].casefold() not in heads:
                    continue
                joined_stem = stem((w1 + w2).casefold())
                if joined_stem in wanted and joined_stem != stem(w1.casefold()):
                    out.setdefault(joined_stem, word_keys(w1, w1, None) + word_keys(w2, w2, None))
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


def _changes(left_a, left_b) -> list[MeaningChange]:
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
        out += _classify(hs, sa, sb, left_a, left_b, ka, kb, wa, wb)
    return out


def _whole(where, lo: int, hi: int) -> bool:
    """True when the positions lo..hi of a flattened stream cover whole sentences."""
    first, last = where[lo][0], where[hi - 1][0]
    return (lo == 0 or where[lo - 1][0] != first) and (hi == len(where) or where[hi][0] != last)


def _span(s: Sentence, lo: int, hi: int) -> str:
    return s.text[s.spans[lo][0] : s.spans[hi][1]]


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


def _classify(hs, sa, sb, left_a, left_b, ka, kb, wa, wb) -> list[MeaningChange]:
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
        return [MeaningChange("added", None, left_b[i].text, _short(left_b[i].text)) for i in sb]
    if after is None:
        return [MeaningChange("removed", left_a[i].text, None, _short(left_a[i].text)) for i in sa]
    ranked = []
    for h in hs:
        d, n = Counter(ka[h[0] : h[1]]), Counter(kb[h[2] : h[3]])
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
    texts = [_hunk_detail(r[2], left_a, left_b, wa, wb) for r in ranked]
    if kind == "number" and all(NUMBER.match(k) for k in (d + n)):
        texts[0] = f"{' '.join(_numbers(d)) or '-'} -> {' '.join(_numbers(n)) or '-'}"
    more = len(texts) - DETAIL_HUNKS
    detail = "; ".join(texts[:DETAIL_HUNKS]) + (f"; and {more} more" if more > 0 else "")
    return [MeaningChange(kind, before, after, detail)]


def _referent(pronouns: Counter, words: Counter) -> bool:
    """A pronoun spelled out as what it stands for ("they" -> "the player"): wording."""
    return (
        bool(pronouns)
        and all(k in PRONOUNS for k in pronouns)
        and 0 < sum(words.values()) <= REFERENT_WORDS
        and not set(words) & PROTECTED
    )


_RANK = {"number": 1, "negation": 2, "modal": 3, "content": 4}


def _short(text: str, limit: int | None = None) -> str:
    limit = limit or DETAIL_CHARS
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


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
    return sorted((k for k in c.elements() if NUMBER.match(k)), key=lambda k: int(k))


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


def clear_caches() -> None:
    """Forget every memoised result (terminology per database, normalised texts): for benchmarks
    that time a fresh process, and for tests."""
    _terminology.clear_caches()
    meaning_text.clear_caches()
