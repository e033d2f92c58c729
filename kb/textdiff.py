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

A page that draws numbered steps and bullets as lists needs the single line breaks word_diff folds
into spaces: :func:`word_diff_lines` keeps them (same comparison, same operations) and
:func:`diff_blocks` cuts its operations into paragraphs and list items. Our own code on difflib, as
the rest of this module: the diff libraries (difflib, diff-match-patch) diff characters or lines,
none a word diff laid out by the texts' own list structure.
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
        "\u2018": "'",
        "\u2019": "'",
        "\u02bc": "'",
        "\u201a": "'",
        "\u00b4": "'",  # ‘ ’ ʼ ‚ ´
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',  # “ ” „ ‟
        "\u2013": "\u2014",  # – as —
        "\u2026": "...",  # …
    },
    "tokens": {
        # the Æmber icon: printed cards say <A>, the 1.3 errata {A}, the 16.0 rulebook the word
        "<a>": "\u00e6mber",
        "{a}": "\u00e6mber",
        "\u00e6mber": "\u00e6mber",
        "aember": "\u00e6mber",
        # the damage icon
        "<d>": "<damage>",
        "{d}": "<damage>",
    },
}

#: A set-code reference "(CoTA 267)", "(COTA 117)": a code of 2-5 letters with at least two capitals
#: (so "(Page 10)" is not one) and a collector number. Compared as the bare number.
_SET_REF = r"\((?=[A-Za-z]*[A-Z][a-z]*[A-Z])[A-Za-z]{2,5}\s+\d{1,4}[a-z]?\)"
_SET_REF_NUMBER = re.compile(r"(\d{1,4}[a-z]?)\)$")

#: A token: a set-code reference, an icon like <A> or {D}, a word (with inner apostrophes: "card's"), an ellipsis, or
#: any other single non-space character.
TOKEN = re.compile(_SET_REF + r"|[<{][A-Za-z][>}]|\w+(?:['\u2018\u2019\u02bc]\w+)*|\.\.\.|[^\w\s]")
_TOKEN = re.compile(r"[<{][A-Za-z][>}]|\w+(?:['\u2018\u2019\u02bc]\w+)*|\.\.\.|[^\w\s]")
_PARAGRAPH = re.compile(r"\n\s*\n")


class Token(NamedTuple):
    text: str  #: as written
    key: str  #: what the comparison sees
    space: str  #: normalised whitespace before it: "", " " or "\n\n"


@lru_cache(maxsize=65536)  # a KB has a few thousand distinct tokens, met again and again
def token_key(token: str) -> str:
    """What a token is compared as (:func:`tokenize`'s ``key``)."""
    if token.startswith("(") and len(token) > 1:
        return _SET_REF_NUMBER.search(token).group(1)
    folded = unicodedata.normalize("NFKC", token)
    chars = FORMAT_EQUIVALENTS["chars"]
    folded = "".join(chars.get(c, c) for c in folded)
    return FORMAT_EQUIVALENTS["tokens"].get(folded.casefold(), folded)


#: A token with the whitespace before it. Tokens cover every other character (the last alternative
#: of TOKEN is any non-space character), so what lies between two tokens is whitespace only.
_SPACED = {codes: re.compile(r"(\s*)(" + pattern.pattern + ")") for codes, pattern in ((True, TOKEN), (False, _TOKEN))}


def tokenize(text: str | None, set_codes: bool = True) -> list[Token]:
    """The tokens of ``text`` with their keys and the (normalised) whitespace before each."""
    new = tuple.__new__  # Token(...) without the Python-level __new__ of a NamedTuple
    out = [
        # a paragraph break: two line breaks with only whitespace between them (_PARAGRAPH)
        new(Token, (token, token_key(token), "\n\n" if gap.count("\n") > 1 else " " if gap else ""))
        for gap, token in _SPACED[set_codes].findall(text or "")
    ]
    if out and out[0].space:  # no space before the first token
        out[0] = out[0]._replace(space="")
    return out


def word_keys(text: str | None, set_codes: bool = True) -> list[str]:
    """What :func:`word_diff` compares: two texts with equal keys differ only in formatting. The keys
    of :func:`tokenize`'s tokens, without the whitespace it records (a changelog asks this of every
    paired text: half its time went to building tokens only to drop all but their keys)."""
    return [token_key(token) for token in (TOKEN if set_codes else _TOKEN).findall(text or "")]


def same_text(a: str | None, b: str | None, set_codes: bool = True) -> bool:
    """True when ``a`` and ``b`` differ at most in formatting (whitespace, quotes, icons, and the
    set-code style when ``set_codes``). Equal strings are the same text without reading them."""
    return a == b or word_keys(a, set_codes) == word_keys(b, set_codes)


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
            lead = text[: len(text) - len(text.lstrip())]
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


# ---- the diff as paragraphs and lists ------------------------------------------------------
# word_diff speaks of paragraphs ("\n\n") and spaces only; numbered steps and bullets are lines,
# so a page drawing them as lists needs the single line breaks too.

#: a line that is a list item: "1. ", "2) ", or a bullet ("- ", "• ", "* ")
_ITEM_MARK = re.compile(r"(\d{1,3}[.)]|[-\u2022*\u25aa\u25cf\u25e6\u2023])\s")
_BREAK = re.compile(r"(\n\n|\n)")


def _tokenize_lines(text: str | None, set_codes: bool = True) -> list[Token]:
    """:func:`tokenize` with single line breaks kept: the space before a token is "", " ", "\\n"
    or "\\n\\n" (the keys, so what is compared, are the same)."""
    out: list[Token] = []
    end = 0
    for m in (TOKEN if set_codes else _TOKEN).finditer(text or ""):
        gap = text[end : m.start()]
        space = "\n\n" if _PARAGRAPH.search(gap) else "\n" if "\n" in gap else " " if gap else ""
        out.append(Token(m.group(), token_key(m.group()), space if out else ""))
        end = m.end()
    return out


def word_diff_lines(a: str | None, b: str | None, set_codes: bool = True, side: str | None = None) -> list[dict]:
    """:func:`word_diff` with the texts' single line breaks kept as "\n" (where word_diff writes a
    space): the same operations otherwise, for :func:`diff_blocks`. With ``side`` ``"old"`` or
    ``"new"``, that text alone as a side-by-side column shows it: its own words and line breaks
    (the shared words too: word_diff writes those as the new text does), and its own changes."""
    old, new = _tokenize_lines(a, set_codes), _tokenize_lines(b, set_codes)
    matcher = SequenceMatcher(None, [t.key for t in old], [t.key for t in new], autojunk=False)
    segments = _absorb_small_equals(
        [(tag == "equal", old[i1:i2], new[j1:j2]) for tag, i1, i2, j1, j2 in matcher.get_opcodes()]
    )
    if side is None:
        return _render(segments)
    mine, changed = (1, "delete") if side == "old" else (2, "insert")
    ops: list[dict] = []
    for seg in segments:
        text = "".join(t.space + t.text for t in seg[mine])
        if not seg[0]:  # the space before a change belongs to the text before it
            lead = text[: len(text) - len(text.lstrip())]
            _append(ops, "equal", lead if ops else "")
            text = text.lstrip()
        elif not ops:
            text = text.lstrip()
        _append(ops, "equal" if seg[0] else changed, text)
    return ops


def _item_mark(text: str) -> str | None:
    """ "ol" or "ul" when ``text`` starts as a list item does, else None."""
    m = _ITEM_MARK.match(text.lstrip())
    return None if m is None else "ol" if m.group(1)[0].isdigit() else "ul"


def _append(ops: list[dict], op: str, text: str) -> None:
    if not text:
        return
    if ops and ops[-1]["op"] == op:
        ops[-1]["text"] += text
    else:
        ops.append({"op": op, "text": text})


def _trimmed(ops: list[dict]) -> list[dict]:
    """``ops`` without the whitespace at either end (an op left empty is dropped)."""
    out = [dict(o) for o in ops]
    while out and not out[0]["text"].strip():
        out.pop(0)
    while out and not out[-1]["text"].strip():
        out.pop()
    if out:
        out[0]["text"] = out[0]["text"].lstrip()
        out[-1]["text"] = out[-1]["text"].rstrip()
    return out


def diff_blocks(ops: list[dict] | None, side: str | None = None) -> list[dict]:
    """The operations of :func:`word_diff_lines` as blocks a page draws: ``{"type": "p", "ops"}``
    for running text and ``{"type": "ol" | "ul", "items": [ops, ...]}`` for numbered steps and
    bullets (one item per line starting "1. ", "2) ", "- ", "• "; the marker stays in the text, so
    a renumbered step shows as a changed number).

    ``side`` None: one inline diff whose lines are the new text's (a line break the new text
    dropped breaks a line only where the old text's lines were deleted outright); ``"old"`` or
    ``"new"``: that text alone (its equal and deleted, or equal and inserted, words), as a side-by-
    side column shows it. Line breaks outside lists are written as :func:`word_diff` writes them
    (a space, or a paragraph break), so a text without a list gives one ``p`` block holding
    exactly word_diff's operations."""
    ops = list(ops or ())
    if side is not None:
        dropped = "insert" if side == "old" else "delete"
        ops = [o for o in ops if o["op"] != dropped]
    lines: list[list] = [[None, []]]  # [the break before the line, its (op, text) parts]
    for n, o in enumerate(ops):
        # a deleted break still breaks the inline diff's line where nothing replaces the deletion
        replaced = side is None and o["op"] == "delete" and n + 1 < len(ops) and ops[n + 1]["op"] == "insert"
        for part in _BREAK.split(o["text"]):
            if part in ("\n", "\n\n") and not replaced:
                lines.append([(o["op"], part), []])
            elif part:
                lines[-1][1].append((o["op"], " " if part == "\n" else part))
    blocks: list[dict] = []
    for brk, parts in lines:
        views = ["".join(t for op, t in parts if op != skip) for skip in ("insert", "delete", None)]
        kind = next((k for k in map(_item_mark, views) if k), None) if any(v.strip() for v in views) else None
        last = blocks[-1] if blocks else None
        if kind is None and last is not None and last["type"] != "p" and brk is not None and brk[1] == "\n":
            target = last["items"][-1]  # a wrapped line of a list item
            _append(target, brk[0], " ")
        elif kind is not None and last is not None and last["type"] == kind:
            last["items"].append(target := [])
        elif kind is not None:
            blocks.append({"type": kind, "items": [target := []]})
        elif last is not None and last["type"] == "p":
            target = last["ops"]
            if brk is not None:
                _append(target, brk[0], " " if brk[1] == "\n" else brk[1])
        else:
            blocks.append({"type": "p", "ops": (target := [])})
        for op, text in parts:
            _append(target, op, text)
    out = []
    for b in blocks:
        if b["type"] == "p":
            if ops_ := _trimmed(b["ops"]):
                out.append({"type": "p", "ops": ops_})
        elif items := [i for i in map(_trimmed, b["items"]) if i]:
            out.append({"type": b["type"], "items": items})
    return out


def punctuation_only(ops: list[dict] | None) -> bool:
    """True when a diff inserts or deletes something, and only punctuation (no letter, no digit)."""
    changed = [op["text"] for op in ops or () if op["op"] != "equal"]
    return bool(changed) and not any(c.isalnum() for text in changed for c in text)
