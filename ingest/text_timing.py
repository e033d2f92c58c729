"""Timing-chart rule of the plain-text ingester: one ``timing`` entry per block of the chart.

A timing chart is a set of headed step lists ("STEP 1: FORGE A KEY", "FIGHT WITH A CREATURE",
"DAMAGE CHART") laid out side by side; a two-column extraction interleaves them. Every heading
opens a list and every step goes to the open list it continues:

* its number: "2." continues the list whose last numbered step is "1.", "1." starts a list that
  has none yet;
* its paragraph group: a step printed right under a heading or another step (no blank line
  between) belongs with it;
* its words: "» “Before Fight” effects ... resolve." belongs to FIGHT WITH A CREATURE;
* recency: of equals, the list opened last.

Entries carry ``data={"steps": [...]}`` with the steps in order ("1. ...", "» ...").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .model import Entry
from .text_lex import Block, render
from .text_similar import STOPWORDS, Idf, features, overlap, words

GROUP_BONUS = 1.2
NUMBER_FIT = 1.0
NUMBER_MISFIT = -1.0
CONTENT_WEIGHT = 1.5
RECENCY = (0.3, 0.2, 0.1)
TITLE_WEIGHT = 1.0
FRESH_BONUS = 0.6


def _title_cover(title: str | None, text: str) -> float:
    """Share of a list heading's words the step uses ("PLAY A CARD" / "If your card ... play area")."""
    tw = {w[:5] for w in words(title or "") if w not in STOPWORDS and not w.isdigit()}
    return len(tw & {w[:5] for w in words(text)}) / len(tw) if tw else 0.0


@dataclass
class _List:
    title: str | None
    heading: Block | None
    blocks: list[Block] = field(default_factory=list)
    moved: bool = False

    def last_number(self) -> int:
        nums = [int(b.marker[:-1]) for b in self.blocks if b.kind == "item" and b.marker and b.marker[:-1].isdigit()]
        return nums[-1] if nums else 0

    def last_group(self) -> int | None:
        if self.blocks:
            return self.blocks[-1].group
        return self.heading.group if self.heading is not None else None


def _chunks(blocks: list[Block]) -> list[list[Block]]:
    """Headings alone; other blocks in runs printed together (same paragraph group)."""
    out: list[list[Block]] = []
    for b in blocks:
        if b.kind != "heading" and out and out[-1][-1].kind != "heading" and out[-1][-1].group == b.group:
            out[-1].append(b)
        else:
            out.append([b])
    return out


def timing_entries(blocks: list[Block], title: str | None, heading: Block | None, intro: list[Block]) -> list[Entry]:
    lists = [_List(title, heading, list(intro))]
    idf = Idf([b.text for b in blocks] + [b.text for b in intro])
    for chunk in _chunks(blocks):
        b = chunk[0]
        if b.kind == "heading":
            lists.append(_List(b.text, b))
            continue
        scores = []
        for age, lst in enumerate(reversed(lists)):
            s = RECENCY[age] if age < len(RECENCY) else 0.0
            if lst.last_group() == b.group:
                s += GROUP_BONUS
            if b.kind == "para" and not lst.blocks:
                s += FRESH_BONUS  # a note introduces the list that follows its heading
            numbered = [x for x in chunk if x.kind == "item" and x.marker and x.marker[:-1].isdigit()]
            if numbered:
                n = int(numbered[0].marker[:-1])
                s += NUMBER_FIT if lst.last_number() == n - 1 else NUMBER_MISFIT
            text = " ".join([lst.title or ""] + [x.text for x in lst.blocks])
            chunk_text = " ".join(x.text for x in chunk)
            s += CONTENT_WEIGHT * overlap(features(chunk_text), features(text), idf)
            s += TITLE_WEIGHT * _title_cover(lst.title, chunk_text)
            scores.append((s, -age, lst))
        best = max(scores, key=lambda t: (t[0], t[1]))[2]
        if best is not lists[-1] and best.last_group() != b.group:
            best.moved = True
        best.blocks.extend(chunk)
    out = []
    for lst in lists:
        if not lst.blocks and lst.heading is None:
            continue
        steps = [f"{b.marker} {b.text}" for b in lst.blocks if b.kind == "item"]
        out.append(
            Entry("timing", lst.title, render(lst.blocks), data={"steps": steps}, confidence=0.8 if lst.moved else 1.0)
        )
    return out


def is_intro(b: Block, heading_text: str) -> bool:
    """The paragraph just before a section heading that talks about it ("This chart provides a
    detailed timing structure ...") is the section's introduction, not the end of the last one."""
    noun = re.findall(r"[a-z]+", heading_text.lower())
    return b.kind == "para" and bool(noun) and re.search(rf"\b{noun[-1]}\b", b.text.lower()) is not None
