"""What an FAQ answer rules, apart from how it is worded: its verdict, its numbers, its negations, its
obligations, the zones and the names it cites.

Why: :func:`kb.meaning.same_meaning` compares two texts word by word (with spelling, typesetting and
terminology renames folded) and rightly calls a reworded rule a change of its text. An FAQ answer
is a ruling about one situation, and an edition may reword it freely ("Yes. She will leave play
before her Play: effect has a chance to trigger." / "Yes: Rad Penny is gone before her Play: effect
can resolve."). The ruling is the same when the facts it states are: the yes or no it opens with,
every number (digits and number words), how many negations and which obligations ("must", "may",
"cannot", "only", "instead") it holds, the zones it sends cards to, and the names it cites (card
names and game terms: words either answer writes with a capital inside a sentence, looked for
anywhere in both, since a reworded sentence may start with one). Two answers with those facts equal
and enough of their words in common (:data:`MIN_SHARED`: they speak of the same things) state one
ruling; anything else is left to the word-by-word comparison, so a doubt is a change, never a carry.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from .meaning_text import NEGATIONS, NUMBER_WORDS, VERDICTS, stem

#: share of content stems two wordings must have in common (Dice) to be read as one answer
MIN_SHARED = 0.4

#: obligations and permissions whose count a reworded answer keeps ("can" and "will" are style)
_OBLIGATIONS = frozenset({"must", "may", "cannot", "only", "instead", "unless", "optional", "choose", "chooses"})
#: where cards go; "play" counts as a zone only in "in play", "into play", "out of play"
_ZONES = {
    "discard": "discard",
    "hand": "hand",
    "hands": "hand",
    "deck": "deck",
    "decks": "deck",
    "archive": "archives",
    "archives": "archives",
    "archived": "archives",
    "purge": "purged",
    "purged": "purged",
    "pool": "pool",
    "supply": "supply",
    "battleline": "battleline",
    "flank": "flank",
}
_WORD = re.compile(r"[A-Za-zÀ-ÿÆæ][\w'’-]*|\d+")
_SENTENCE = re.compile(r"(?<=[.!?:])\s+|\n+")
_SMALL = frozenset("a an the of to in on at by for and or is are be it its this that with as from if then than".split())


@dataclass(frozen=True)
class Facts:
    verdict: str | None
    numbers: tuple[int, ...]
    negations: int
    obligations: tuple[str, ...]
    zones: frozenset[str]


def facts(text: str | None) -> Facts:
    """The facts ``text`` (an answer) states; see the module docstring."""
    words = _WORD.findall((text or "").replace("’", "'"))
    lowered = [w.lower() for w in words]
    verdict = lowered[0] if lowered and lowered[0] in VERDICTS else None
    body = lowered[1:] if verdict else lowered
    numbers = sorted(int(w) if w.isdigit() else NUMBER_WORDS[w] for w in body if w.isdigit() or w in NUMBER_WORDS)
    negations = sum(w in NEGATIONS or w.endswith("n't") for w in body)
    obligations = tuple(sorted(w for w in body if w in _OBLIGATIONS))
    zones = {_ZONES[w] for w in body if w in _ZONES}
    zones |= {"play" for a, b in zip(body, body[1:]) if b == "play" and a in ("in", "into", "of")}
    return Facts(verdict, tuple(numbers), negations, obligations, frozenset(zones))


def _names(text: str) -> set[str]:
    """Capitalised words inside a sentence (not its first word, which any word may be): card names,
    houses, game terms."""
    out = set()
    for sentence in _SENTENCE.split(text.replace("’", "'")):
        words = _WORD.findall(sentence)
        out |= {_bare(w) for w in words[1:] if w[:1].isupper()}
    return out


def _bare(word: str) -> str:
    word = word.lower()
    return word[:-2] if word.endswith("'s") else word


def _stems(text: str) -> Counter:
    return Counter(stem(w.lower()) for w in _WORD.findall(text or "") if w.lower() not in _SMALL)


def same_answer(a: str | None, b: str | None) -> bool:
    """True when the two answers state one ruling in other words (see the module docstring)."""
    if a == b:
        return True
    if facts(a) != facts(b):
        return False
    names = _names(a or "") | _names(b or "")  # a name either cites, wherever the other puts it
    cited = [{_bare(w) for w in _WORD.findall((t or "").replace("’", "'"))} & names for t in (a, b)]
    if cited[0] != cited[1]:
        return False
    sa, sb = _stems(a), _stems(b)
    total = sum(sa.values()) + sum(sb.values())
    return total > 0 and 2 * sum((sa & sb).values()) / total >= MIN_SHARED
