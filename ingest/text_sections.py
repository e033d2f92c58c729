"""Section pass of the plain-text ingester: which part of the rulebook each block belongs to.

Sections open at headings named in :mod:`ingest.sections` (shared vocabulary). Three rules add
what a plain-text rulebook does not say outright:

* a story is a heading followed by a "by <Name>" byline; once the glossary has begun, a story
  or setting section runs until the next named section (the FAQ), so setting headings such as
  "KEYS" or "ARCHONS" never become glossary terms;
* the glossary is alphabetical: a heading far out of order (sorting before every term seen so
  far, with no term among the next few headings returning to the order) ends it;
* before the rules, a fiction heading ("WELCOME TO THE CRUCIBLE…") owns only its own text.

A lone heading before anything else is the document's title; a heading that only states the
edition ("VERSION 1.2 - JANUARY, 2019") is metadata.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from textnorm import plain
from .sections import section_of
from .text_lex import Block

#: a story's byline under its heading
BYLINE = re.compile(r"^by\s+[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){1,3}$")
#: a heading that only states the edition
VERSION_LINE = re.compile(r"^(?:rules\s+)?version\s+(\d+(?:\.\d+)*)\b", re.I)
#: how many following headings may bring an out-of-order glossary heading back into order
ORDER_LOOKAHEAD = 3
#: a short title-case line can open a section too ("Introduction")
SECTION_LINE_WORDS = 5


@dataclass
class Section:
    kind: str  # rule, glossary, errata, faq, timing, fiction
    title: str | None
    blocks: list[Block] = field(default_factory=list)
    heading: Block | None = None


def sort_key(title: str) -> str:
    t = title.replace("Æ", "AE").replace("æ", "ae")
    t = unicodedata.normalize("NFKD", t).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9 ]+", "", t.lower()).strip()


def term_words(title: str) -> list[str]:
    return re.findall(r"[a-z0-9æ]+", plain(title))


def is_subheading(title: str, parent: str | None) -> bool:
    """ "GROUPS OF “LEAST POWERFUL”" under LEAST POWERFUL: it names its parent term."""
    if not parent:
        return False
    p, t = " ".join(term_words(parent)), " ".join(term_words(title))
    # "“FIGHT WITH”" after FIGHT, "SWAP CONTROL" after SWAP are terms of their own
    return bool(p) and not t.startswith(p) and re.search(rf"\b{re.escape(p)}\b", t) is not None


def opener_kind(b: Block) -> str | None:
    if b.kind == "heading" or (b.kind == "para" and b.words <= SECTION_LINE_WORDS):
        return section_of(b.text)
    return None


def _out_of_order(heads: list[Block], i: int, top: str) -> bool:
    """The glossary has ended at heading ``i``: it sorts before the terms seen so far, none of
    the next few headings returns to the order, and those headings are not sorted themselves
    (a column of terms placed early by a two-column extraction still is)."""
    key = sort_key(heads[i].text)
    if not top or key >= top:
        return False
    ahead = []
    for h in heads[i + 1 : i + 1 + ORDER_LOOKAHEAD]:
        if opener_kind(h):
            break  # the next section ends the glossary anyway
        ahead.append(sort_key(h.text))
    if any(k >= top for k in ahead):
        return False
    run = [key] + ahead
    return len(run) >= 3 and run != sorted(run)


def _spike(heads: list[Block], i: int, top: str) -> bool:
    """A stray heading sorting after the next two (a card trait left by a picture): it must
    not raise the order the following terms are checked against."""
    key = sort_key(heads[i].text)
    ahead = [sort_key(h.text) for h in heads[i + 1 : i + 3]]
    return len(ahead) == 2 and all(top <= k < key for k in ahead)


def split(blocks: list[Block]) -> tuple[list[Section], str | None, str | None]:
    """Cut the block stream into sections. Returns (sections, title, stated version)."""
    title = version = None
    sections: list[Section] = []
    cur = Section("rule", None)
    sticky = False  # after the glossary, fiction runs until the next named section
    seen_glossary = False
    glossary_top = ""
    last_term: str | None = None
    stranded: Block | None = None
    heads = [b for b in blocks if b.kind == "heading"]
    head_pos = {id(h): n for n, h in enumerate(heads)}

    def open_section(kind, heading):
        nonlocal cur
        sections.append(cur)
        cur = Section(kind, heading.text if heading else None, heading=heading)

    for i, b in enumerate(blocks):
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        if b.kind == "heading" and VERSION_LINE.match(b.text) and not cur.blocks and cur.kind == "rule":
            version = version or VERSION_LINE.match(b.text).group(1)
            continue
        if (
            b.kind == "heading"
            and title is None
            and not sections
            and not cur.blocks
            and nxt is not None
            and nxt.kind == "heading"
            and opener_kind(b) is None
        ):
            title = b.text
            continue
        kind = opener_kind(b)
        if kind:
            b.kind = "heading"
            if kind == "glossary":
                seen_glossary = True
                glossary_top, last_term = "", None
                # a term heading stranded just before the glossary heading by a column break:
                # it goes in after the glossary's introduction
                if cur.blocks and cur.blocks[-1].kind == "heading":
                    stranded = cur.blocks.pop()
            open_section(kind, b)
            sticky = kind == "fiction" and seen_glossary
            continue
        if b.kind == "heading":
            if cur.kind == "glossary" and stranded is not None:
                cur.blocks.append(stranded)
                stranded = None
            if cur.kind == "glossary":
                byline = nxt is not None and nxt.kind == "para" and BYLINE.match(nxt.text)
                if not is_subheading(b.text, last_term):
                    if byline or _out_of_order(heads, head_pos[id(b)], glossary_top):
                        open_section("fiction", b)
                        sticky = True
                        continue
                    if not _spike(heads, head_pos[id(b)], glossary_top):
                        glossary_top = max(glossary_top, sort_key(b.text))
                    last_term = b.text
            elif cur.kind == "fiction" and not sticky:
                open_section("rule", b)
                continue
            elif nxt is not None and nxt.kind == "para" and BYLINE.match(nxt.text) and cur.kind == "rule":
                open_section("fiction", b)
                sticky = seen_glossary
                continue
        cur.blocks.append(b)
    sections.append(cur)
    return [s for s in sections if s.blocks or s.heading], title, version
