"""Word-level diff of two rule texts, blind to pure formatting.

Why: a judge comparing two versions of a ruling wants to see that "7 times" became "2 times",
not that the typesetter switched to curly quotes, rewrapped the lines or printed the Æmber icon
as a word. So both texts are cut into tokens (words, symbols, punctuation marks) and compared on a
*key* that folds away the formatting (``FORMAT_EQUIVALENTS``, whitespace never takes part); the
output keeps the original words.

The result is a flat list of operations ``[{"op": "equal" | "delete" | "insert", "text": str}]``:
the ``equal`` and ``delete`` texts, joined, give back the old text; ``equal`` and ``insert`` the new
one (both up to whitespace, which is normalised to single spaces and paragraph breaks, and the
formatting folded by the keys: an ``equal`` text is written as the new version prints it). Adjacent
operations of the same kind are merged, a ``delete`` always comes before the ``insert`` replacing
it, and changed runs never start with a space, so a page can wrap them in ``<del>``/``<ins>`` as
they are. Short islands of equal words inside a rewritten passage are folded into the change, so
a rewrite reads as "this sentence became that one" rather than as confetti.

A set-code reference can be formatting too: the 1.x FAQ writes "Bait and Switch (CoTA 267)", 16.0
writes "Bait and Switch 267". By default (``set_codes=True``) the whole parenthesis is one token
whose key is the collector number, so the changelog, the history and the entry page agree that the
question did not change; ``set_codes=False`` compares set codes word by word.
Sentences moved from one place to another are reported by :func:`moved_sentences` (the op list
itself keeps its three kinds, so every consumer of it keeps working); consumers should still
ignore operations they do not know.
"""
from __future__ import annotations

import re
import unicodedata
from difflib import SequenceMatcher
from functools import lru_cache
from typing import NamedTuple

#: Different spellings of the same thing in the rulebooks and card data. Characters are folded
#: anywhere in a token; whole tokens (compared case-insensitively) are folded as a unit.
FORMAT_EQUIVALENTS: dict[str, dict[str, str]] = {
    "chars": {
        "\u2018": "'", "\u2019": "'", "\u02bc": "'", "\u201a": "'", "\u00b4": "'",   # ‘ ’ ʼ ‚ ´
        "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"',                  # “ ” „ ‟
        "\u2013": "\u2014",                                                           # – as —
        "\u2026": "...",                                                              # …
    },
    "tokens": {
        # the Æmber icon: printed cards say <A>, the 1.3 errata {A}, the 16.0 rulebook the word
        "<a>": "\u00e6mber", "{a}": "\u00e6mber", "\u00e6mber": "\u00e6mber", "aember": "\u00e6mber",
        # the damage icon
        "<d>": "<damage>", "{d}": "<damage>",
    },
}

#: A set-code reference "(CoTA 267)", "(COTA 117)": a code of 2-5 letters with at least two capitals
#: (so "(Page 10)" is not one) and a collector number. Compared as the bare number.
_SET_REF = r"\((?=[A-Za-z]*[A-Z][a-z]*[A-Z])[A-Za-z]{2,5}\s+\d{1,4}[a-z]?\)"
_SET_REF_NUMBER = re.compile(r"(\d{1,4}[a-z]?)\)$")

#: A token: a set-code reference, an icon like <A> or {D}, a word (with inner apostrophes: "card's"), an ellipsis, or
#: any other single non-space character.
_TOKEN_SET_CODES = re.compile(_SET_REF + r"|[<{][A-Za-z][>}]|\w+(?:['\u2018\u2019\u02bc]\w+)*|\.\.\.|[^\w\s]")
_TOKEN = re.compile(r"[<{][A-Za-z][>}]|\w+(?:['\u2018\u2019\u02bc]\w+)*|\.\.\.|[^\w\s]")
_PARAGRAPH = re.compile(r"\n\s*\n")


class Token(NamedTuple):
    text: str    #: as written
    key: str     #: what the comparison sees
    space: str   #: normalised whitespace before it: "", " " or "\n\n"


@lru_cache(maxsize=65536)  # a KB has a few thousand distinct tokens, met again and again
def _key(token: str) -> str:
    if token.startswith("(") and len(token) > 1:
        return _SET_REF_NUMBER.search(token).group(1)
    folded = unicodedata.normalize("NFKC", token)
    chars = FORMAT_EQUIVALENTS["chars"]
    folded = "".join(chars.get(c, c) for c in folded)
    return FORMAT_EQUIVALENTS["tokens"].get(folded.casefold(), folded)


def tokenize(text: str | None, set_codes: bool = True) -> list[Token]:
    """The tokens of ``text`` with their keys and the (normalised) whitespace before each."""
    out: list[Token] = []
    end = 0
    for m in (_TOKEN_SET_CODES if set_codes else _TOKEN).finditer(text or ""):
        gap = text[end:m.start()]
        space = "\n\n" if _PARAGRAPH.search(gap) else (" " if gap else "")
        out.append(Token(m.group(), _key(m.group()), space if out else ""))
        end = m.end()
    return out


def word_keys(text: str | None, set_codes: bool = True) -> list[str]:
    """What :func:`word_diff` compares: two texts with equal keys differ only in formatting."""
    return [t.key for t in tokenize(text, set_codes)]


def same_text(a: str | None, b: str | None, set_codes: bool = True) -> bool:
    """True when ``a`` and ``b`` differ at most in formatting (whitespace, quotes, icons, and the
    set-code style when ``set_codes``)."""
    return word_keys(a, set_codes) == word_keys(b, set_codes)


def has_changes(ops: list[dict] | None) -> bool:
    """True when a diff inserts or deletes anything."""
    return any(op["op"] != "equal" for op in ops or ())


def word_diff(a: str | None, b: str | None, set_codes: bool = True) -> list[dict]:
    """The operations turning text ``a`` into text ``b`` (see the module docstring)."""
    old, new = tokenize(a, set_codes), tokenize(b, set_codes)
    matcher = SequenceMatcher(None, [t.key for t in old], [t.key for t in new], autojunk=False)
    segments = [(tag == "equal", old[i1:i2], new[j1:j2]) for tag, i1, i2, j1, j2 in matcher.get_opcodes()]
    return _render(_absorb_small_equals(segments))


def _width(tokens: list[Token]) -> int:
    return sum(len(t.text) + len(t.space) for t in tokens)


def _absorb_small_equals(segments: list[tuple[bool, list[Token], list[Token]]]) -> list:
    """Fold an equal run into the changes around it when it is no longer than the change on
    either side (counted in characters), then join neighbouring changes; repeat until stable."""
    changed = True
    while changed:
        changed = False
        for i in range(1, len(segments) - 1):
            is_equal, old, _ = segments[i]
            before, after = segments[i - 1], segments[i + 1]
            if not is_equal or before[0] or after[0]:
                continue
            size = _width(old)
            if size <= max(_width(before[1]), _width(before[2])) and size <= max(_width(after[1]), _width(after[2])):
                segments[i] = (False, old, segments[i][2])
                changed = True
        merged: list = []
        for seg in segments:
            if merged and not seg[0] and not merged[-1][0]:
                prev = merged.pop()
                seg = (False, prev[1] + seg[1], prev[2] + seg[2])
            merged.append(seg)
        segments = merged
    return segments


def _render(segments: list) -> list[dict]:
    ops: list[dict] = []

    def emit(op: str, tokens: list[Token]) -> None:
        if not tokens:
            return
        text = "".join(t.space + t.text for t in tokens)
        if op != "equal":
            lead = text[:len(text) - len(text.lstrip())]
            text = text.lstrip()
            equal = next((o for o in reversed(ops[-2:]) if o["op"] == "equal"), None)
            if equal is not None and lead and not equal["text"][-1:].isspace():
                equal["text"] += lead  # the space before a change belongs to the equal text
        elif not ops:
            text = text.lstrip()
        if ops and ops[-1]["op"] == op:
            ops[-1]["text"] += text
        else:
            ops.append({"op": op, "text": text})

    for is_equal, old, new in segments:
        if is_equal:  # written as the new text has it; a space where either text has one
            emit("equal", [Token(n.text, n.key, n.space or o.space) for o, n in zip(old, new)])
        else:
            emit("delete", old)
            emit("insert", new)
    return ops


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def _sentences(text: str) -> list[str]:
    return [p.strip() for p in _SENTENCE_END.split(text) if p.strip()]


def moved_sentences(ops: list[dict] | None, min_words: int = 3) -> list[str]:
    """Sentences (of at least ``min_words`` words) that a diff deletes in one place and inserts in
    another: a reader should see "moved", not "deleted" and "added". Compared on the formatting-
    blind keys; returned as the new text writes them, in the new text's order."""
    deleted = {tuple(word_keys(s, True)) for op in ops or () if op["op"] == "delete" for s in _sentences(op["text"])}
    out: list[str] = []
    for op in ops or ():
        if op["op"] != "insert":
            continue
        for sentence in _sentences(op["text"]):
            keys = tuple(word_keys(sentence, True))
            if sum(k[:1].isalnum() for k in keys) >= min_words and keys in deleted and sentence not in out:
                out.append(sentence)
    return out
