"""Lists announced by a colon whose items were printed as picture labels.

A rulebook may end a sentence with a colon and show the list as pictures with labels ("known as
counters. They include:" then pictures labelled "+1 Power Counters", "Enrage Counters", ...).
Extracted to text, the labels are short lines without punctuation, which the noise rules drop as
captions, and a two-column extraction may even print them under another heading. Here a caption
is kept as a list item of the term whose text announces a list that never follows, when it names
that term and something more ("Enrage Counters" under COUNTERS; a bare "Counters" is the label of
a picture, not an item). The items were recovered, not read: their term's confidence drops to
:data:`LIST_CONFIDENCE`.
"""

from __future__ import annotations

from .recover import Unit
from .text_lex import Block
from .text_noise import is_caption
from .text_similar import STOPWORDS, contains_phrase, term_phrases, words

#: how many headings after the announcing term its labels may stand (the other column's text)
LABEL_WINDOW = 4
#: confidence of a term whose list was rebuilt from picture labels
LIST_CONFIDENCE = 0.7


def _announces(blocks: list[Block], i: int) -> bool:
    b = blocks[i]
    nxt = blocks[i + 1] if i + 1 < len(blocks) else None
    return b.kind == "para" and b.text.rstrip().endswith(":") and (nxt is None or nxt.kind != "item")


def _names(label: Block, title: str) -> bool:
    lw = words(label.text)
    for ph in term_phrases(title):
        content = [w for w in ph if w not in STOPWORDS]
        if content and contains_phrase(lw, ph) and len([w for w in lw if w not in STOPWORDS]) > len(content):
            return True
    return False


def pull_labels(blocks: list[Block], paragraph_mode: bool) -> tuple[list[Block], dict[int, list[Block]]]:
    """Take out the captions that are the items of a list announced under an earlier heading.
    Returns the remaining blocks and, per announcing heading (``id`` of its block), its items."""
    pending: dict[int, list[Block]] = {}
    open_lists: list[tuple[Block, int]] = []  # (heading, headings seen since)
    heading: Block | None = None
    keep: list[Block] = []
    for i, b in enumerate(blocks):
        if b.kind == "heading":
            heading = b
            open_lists = [(h, n + 1) for h, n in open_lists if n + 1 <= LABEL_WINDOW]
            keep.append(b)
            continue
        if heading is not None and _announces(blocks, i) and all(h is not heading for h, _ in open_lists):
            open_lists.append((heading, 0))
        prev = keep[-1] if keep else None
        owner = None
        if b.kind == "para" and is_caption(b, prev, paragraph_mode):
            owner = next((h for h, _ in open_lists if _names(b, h.text)), None)
        if owner is not None:
            pending.setdefault(id(owner), []).append(b)
            continue
        keep.append(b)
    return keep, pending


def attach_labels(units: list[Unit], pending: dict[int, list[Block]]) -> int:
    """Put the pulled labels, as list items, right after the colon that announces them (wherever
    recovery put that paragraph). Returns how many items were placed."""
    placed = 0
    for u in units:
        items = pending.get(id(u.heading)) if u.heading is not None else None
        if not items:
            continue
        at = next((k for k in range(len(u.blocks) - 1, -1, -1) if _announces(u.blocks, k)), None)
        if at is None:
            continue
        for b in items:
            b.kind, b.marker = "item", "-"
        u.blocks[at + 1 : at + 1] = items
        u.confidence = min(u.confidence, LIST_CONFIDENCE)
        placed += len(items)
    return placed
