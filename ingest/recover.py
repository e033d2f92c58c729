"""Structure recovery for column-interleaved text (two-column PDFs extracted line by line).

A two-column page read row by row mixes its columns: a glossary term's paragraphs land under the
neighbouring term, stacked headings lose their text, a cross-reference follows the wrong term, a
heading stands far from its text. Nothing here knows a particular rulebook. Text is put back where
its *content* says it belongs, using

* the heading's own term ("If an ability “heals” a creature" -> HEAL), weighted by rarity;
* the text the same heading had in earlier versions of the rulebook (``ParseContext.earlier``);
* list numbering ("3." continues the list whose last item is "2.");
* sentence continuity (a fragment starting in lower case ends the paragraph that stops mid-sentence);
* for a "See “Neighbor”" cross-reference, how much of the referenced term's definition a heading's
  own text talks about (ADJACENT's, not ARMOR's);
* in an alphabetical section (the glossary), the headings out of order: in reading order each
  stood in its alphabetical slot, so text standing in that slot that names it is drawn to it.
The FAQ half (answers paired with questions) is :mod:`ingest.recover_faq`.

Confidence. Everything recovered carries a ``confidence`` below 1 that says how it was found;
an entry takes the lowest that applies:

====================================  ==================================================
what happened                         confidence
====================================  ==================================================
text moved in by content              ``0.5 + min(0.4, margin / 3)``: 0.58 for the least
                                      margin that moves text (0.25), 0.9 for a clear win
a mid-sentence break mended with a    ``FRAGMENT_CONFIDENCE`` (0.8)
fragment found elsewhere
text taken out (moved elsewhere)      ``SOURCE_CONFIDENCE`` (0.9): what is left may lack
                                      what the move wrongly took
heading restored from an earlier      ``RESTORED_CONFIDENCE`` (0.6)
version
text from another section placed      ``STRAY_CONFIDENCE`` (0.6)
====================================  ==================================================

What cannot be placed is kept and flagged by the callers (``needs_review``), never dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .model import EarlierEntry
from textnorm import plain
from .recover_order import displaced
from .recover_faq import YES_NO_ANSWER, Answer, Question, opener_fit, pair  # noqa: F401  (the FAQ half)
from .text_lex import TERMINAL, Block
from .text_similar import (
    STOPWORDS,
    Idf,
    contains_phrase,
    covered,
    features,
    overlap,
    similar,
    term_phrases,
    text_has_phrase,
    words,
)

#: how many headings either side of a block's position may claim it
WINDOW = 10
#: score the position a block was found at starts with
POSITION_PRIOR = 0.6
#: extra pull of a heading that has no text at all (stacked headings)
HUNGRY_BONUS = 0.15
#: a block moves only when another heading beats its position by this much
MOVE_MARGIN = 0.25
#: earlier-version similarity below this is no evidence
EARLIER_FLOOR = 0.75
#: a block this similar to an earlier entry whose heading is missing restores that heading
RESTORE_SIMILARITY = 0.9
#: confidence of a heading restored from an earlier version
RESTORED_CONFIDENCE = 0.6
#: confidence of a paragraph whose end was found elsewhere (the fragment starting in lower case)
FRAGMENT_CONFIDENCE = 0.8
#: confidence of a heading whose text recovery took some of away
SOURCE_CONFIDENCE = 0.9
#: confidence of a heading given text found in another section
STRAY_CONFIDENCE = 0.6
#: confidence of text moved by content: MOVE_BASE plus the winning margin / 3, at most MOVE_SPAN
MOVE_BASE, MOVE_SPAN = 0.5, 0.4
#: weight of the likeness between a cross-referenced term's text and a heading's text
RELATED_WEIGHT = 3.0
#: a cross-reference printed apart from the rest of a heading's text is a run of its own that the
#: other column may have carried there: its position counts this much of POSITION_PRIOR
LONE_CROSS_REF_PRIOR = 0.5
#: share of a displaced heading's term evidence added again for text standing in its slot
SLOT_WEIGHT = 0.5
CROSS_REF = re.compile(r"^see\b", re.I)
EXAMPLE_START = re.compile(r"^examples?\b", re.I)


@dataclass
class Unit:
    """A heading and the blocks under it (a glossary term, a rule section)."""

    title: str | None
    heading: Block | None
    blocks: list[Block] = field(default_factory=list)
    sub: bool = False
    confidence: float = 1.0
    recovered: bool = False


def _dangling(b: Block) -> bool:
    return b.kind in ("para", "item") and b.words >= 5 and not TERMINAL.search(b.text.rstrip("”’\"'"))


def _fragment(b: Block) -> bool:
    return b.kind == "para" and re.match(r"^[“‘\"']?[a-z]", b.text) is not None


def join_fragments(units: list[Unit], idf: Idf) -> int:
    """A paragraph starting in lower case finishes a paragraph that stops mid-sentence elsewhere
    in the section (the other column); the paragraphs printed right under the fragment (same
    paragraph group) travel with it. Returns how many fragments were joined."""
    joined = 0
    for u in units:
        for f in list(u.blocks):
            if f not in u.blocks or not _fragment(f):
                continue
            fe = features(f.text)
            best, best_s, owner = None, 0.0, None
            for v in units:
                context = features(" ".join(x.text for x in v.blocks) + " " + (v.title or ""))
                for d in v.blocks:
                    if d is f or not _dangling(d):
                        continue
                    s = 0.05 + overlap(fe, context, idf)
                    if s > best_s:
                        best, best_s, owner = d, s, v
            if best is None:
                continue
            best.text = f"{best.text} {f.text}"
            i = u.blocks.index(f)
            mates = []
            for x in u.blocks[i + 1 :]:
                if x.group != f.group:
                    break
                mates.append(x)
            u.blocks.remove(f)
            for x in mates:
                u.blocks.remove(x)
            at = owner.blocks.index(best) + 1
            for x in mates:
                x.group = best.group
            owner.blocks[at:at] = mates
            owner.confidence = min(owner.confidence, FRAGMENT_CONFIDENCE)
            joined += 1
    return joined


def earlier_bodies(earlier: list[EarlierEntry], kinds: tuple[str, ...]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for e in earlier:
        if e.kind in kinds and e.title:
            out.setdefault(_title_key(e.title), []).append(e.body)
    return out


def _title_key(title: str) -> str:
    return " ".join(re.findall(r"[a-z0-9æ]+", plain(title)))


def _bodies_for(title: str, bodies: dict[str, list[str]]) -> list[str]:
    key = _title_key(title)
    if key in bodies:
        return bodies[key]
    tw = set(key.split())
    out = []
    for k, v in bodies.items():  # "CONTROL" then, "CONTROL AND OWNERSHIP" now
        kw = set(k.split())
        if kw and (kw < tw or tw < kw):
            out.extend(v)
    return out


def _chunks(u: Unit) -> list[list[Block]]:
    """Runs of consecutive body blocks printed together (same paragraph group): a column
    extraction moves such a run as a whole, so it is placed as a whole."""
    out: list[list[Block]] = []
    for b in u.blocks:
        if out and out[-1][-1].group == b.group:
            out[-1].append(b)
        else:
            out.append([b])
    return out


def _cross_ref(text: str) -> list[str] | None:
    """The term a "See “Bonus Icons” on page 11." paragraph points to."""
    if not CROSS_REF.match(text):
        return None
    m = re.search(r"[“\"]([^”\"]+)[”\"]", text)
    return words(m.group(1)) if m else []


class _Scorer:
    def __init__(
        self, units: list[Unit], bodies: dict[str, list[str]], idf: Idf, slots: dict[int, tuple[int, int]] | None = None
    ) -> None:
        self.units, self.bodies, self.idf = units, bodies, idf
        self.slots = slots or {}
        self.phrases = [term_phrases(u.title or "") for u in units]
        self.title_words = [words(u.title or "") for u in units]
        self.title_content = [{w for w in tw if w not in STOPWORDS} for tw in self.title_words]
        self.max_idf = idf.max()
        self._texts: dict[int, object] = {}
        # every heading scores every run of text near it: what depends on one text alone is kept
        self._word_sets: dict[str, set[str]] = {}
        self._earlier: dict[str, list[tuple[str, set[str]]]] = {}

    def own_text(self, i: int):
        """Features of a heading's text, cross-references left out (cached per heading)."""
        if i not in self._texts:
            self._texts[i] = features(" ".join(b.text for b in self.units[i].blocks if _cross_ref(b.text) is None))
        return self._texts[i]

    def referred(self, b: Block, i: int) -> float:
        """A "See “Neighbor”" paragraph belongs to the heading whose own text is about what the
        referenced term's text is about (ADJACENT, not the ARMOR it was printed under)."""
        ref = _cross_ref(b.text)
        if not ref:
            return 0.0
        target = next((k for k, tw in enumerate(self.title_words) if tw == ref), None)
        if target is None or target == i:
            return 0.0
        first = next((x.text for x in self.units[target].blocks if x.kind == "para" and _cross_ref(x.text) is None), "")
        return RELATED_WEIGHT * covered(features(first), self.own_text(i), self.idf)

    def word_set(self, text: str) -> set[str]:
        if text not in self._word_sets:
            self._word_sets[text] = set(words(text))
        return self._word_sets[text]

    def earlier_texts(self, title: str) -> list[tuple[str, set[str]]]:
        """The earlier versions' texts of a heading, each with its word stems (cached per title)."""
        if title not in self._earlier:
            self._earlier[title] = [(body, self.word_set(body)) for body in _bodies_for(title, self.bodies)]
        return self._earlier[title]

    def earlier(self, b: Block, u: Unit) -> float:
        if not u.title or len(b.text) < 20:
            return 0.0
        bw = self.word_set(b.text)
        r = max(
            (
                similar(b.text, body, EARLIER_FLOOR)
                for body, body_words in self.earlier_texts(u.title)
                if len(bw & body_words) >= 0.6 * len(bw)
            ),
            default=0.0,
        )
        return max(0.0, r - EARLIER_FLOOR) * 4

    def term(self, b: Block, i: int) -> float:
        ref = _cross_ref(b.text)
        if ref is not None:  # "See “Bonus Icons”" belongs to a heading *about* bonus icons, not to it
            tw = self.title_words[i]
            return 0.6 if ref and tw != ref and contains_phrase(tw, ref) else 0.0
        hungry = not self.units[i].blocks
        best = 0.0
        for ph in self.phrases[i]:
            if not text_has_phrase(b.text, ph):
                continue
            content = [w for w in ph if w not in STOPWORDS] or ph
            rarity = min(1.0, self.idf(content[0]) / (0.6 * self.max_idf)) if len(content) == 1 else 1.0
            best = max(best, 0.9 * rarity)
            early = not EXAMPLE_START.match(b.text) and contains_phrase(words(b.text)[:8], ph)
            if early and set(content) >= self.title_content[i] and (rarity >= 0.8 or hungry):
                best = max(best, 1.0 if rarity >= 0.8 else 0.8)  # "The battleline is ...": it defines the term
        return best

    def numbering(self, b: Block, u: Unit, chunk=()) -> float:
        m = re.match(r"(\d+)\.", b.marker or "")
        if not m or int(m.group(1)) < 2:
            return 0.0
        items = [x for x in u.blocks if x is not b and x not in chunk and x.kind == "item" and x.line < b.line]
        last = items[-1].marker if items else None
        return 1.0 if last == f"{int(m.group(1)) - 1}." else 0.0

    def content(self, b: Block, u: Unit, exclude=()) -> float:
        """Likeness to the heading's anchor: the first paragraph under it, which a column
        extraction keeps with its heading."""
        if _cross_ref(b.text) is not None:
            return 0.0
        anchor = next(
            (
                x
                for x in u.blocks
                if x not in exclude and x is not b and x.kind == "para" and _cross_ref(x.text) is None
            ),
            None,
        )
        if anchor is None:
            return 0.0
        return 0.5 * overlap(features(b.text), features(anchor.text), self.idf)

    def evidence(self, chunk: list[Block], i: int, pos: int = -1) -> float:
        u = self.units[i]
        if (
            0 <= pos < len(self.units)
            and self.units[pos].sub
            and i != pos
            and contains_phrase(self.title_words[pos], self.title_words[i])
        ):
            return 0.0  # GROUPS OF “MOST POWERFUL” keeps its text from MOST POWERFUL
        ev = sum(
            self.earlier(b, u) + self.term(b, i) + self.numbering(b, u, chunk) + self.referred(b, i) for b in chunk
        )
        lo, hi = self.slots.get(i, (0, -1))
        if lo <= pos < hi and pos != i:  # text standing where reading order printed heading i
            ev += SLOT_WEIGHT * max(self.term(b, i) for b in chunk)
        return ev + max(self.content(b, u, chunk) for b in chunk)

    def score(self, chunk: list[Block], i: int, pos: int) -> float:
        u = self.units[i]
        s = POSITION_PRIOR if i == pos else 0.0
        if i == pos and all(_cross_ref(b.text) is not None for b in chunk) and any(x not in chunk for x in u.blocks):
            s *= LONE_CROSS_REF_PRIOR
        if i != pos and not [x for x in u.blocks if x not in chunk]:
            s += HUNGRY_BONUS * (2 if all(_cross_ref(b.text) is not None for b in chunk) else 1)
        return s + self.evidence(chunk, i, pos)


def reassign(
    units: list[Unit], earlier: list[EarlierEntry], kinds: tuple[str, ...], idf: Idf, sort_key=None
) -> list[tuple[list[Block], Unit, Unit]]:
    """Move runs of blocks to the heading their content belongs to. Returns the moves made.
    ``sort_key``: the section is alphabetical (a glossary): a heading out of order was moved by
    the columns, and text in its alphabetical slot that names it is drawn to it."""
    slots = displaced(units, sort_key) if sort_key else {}
    scorer = _Scorer(units, earlier_bodies(earlier, kinds), idf, slots)
    moves = []
    order = sorted(((c[0].line, c, i) for i, u in enumerate(units) for c in _chunks(u)), key=lambda t: t[0])
    for _, chunk, pos in order:
        if not any(b.kind in ("para", "item") for b in chunk) or not all(b in units[pos].blocks for b in chunk):
            continue
        lo, hi = max(0, pos - WINDOW), min(len(units), pos + WINDOW + 1)
        scores = {i: scorer.score(chunk, i, pos) for i in range(lo, hi) if units[i].title}
        if not scores:
            continue
        best = max(scores, key=scores.get)
        diff = scores[best] - scores.get(pos, 0.0)
        if best != pos and diff >= MOVE_MARGIN:
            target = units[best]
            for b in chunk:
                units[pos].blocks.remove(b)
                target.blocks.append(b)
                b.moved = True
            # text found before its heading was pushed there by the other column: it follows
            # the heading's own text
            start = target.heading.line if target.heading is not None else 0
            target.blocks.sort(key=lambda x: x.line + (10**7 if x.line < start else 0))
            units[best].confidence = min(units[best].confidence, round(MOVE_BASE + min(MOVE_SPAN, diff / 3), 2))
            units[pos].confidence = min(units[pos].confidence, SOURCE_CONFIDENCE)
            moves.append((chunk, units[pos], units[best]))
    return moves


def restore_headings(units: list[Unit], earlier: list[EarlierEntry], kinds: tuple[str, ...]) -> list[Unit]:
    """A block that is an earlier version's text of a term no heading here names gets that
    heading back (the heading was lost in extraction). Returns the restored units."""
    present = {_title_key(u.title) for u in units if u.title}
    candidates = [e for e in earlier if e.kind in kinds and e.title and _title_key(e.title) not in present]
    bodies = earlier_bodies(earlier, kinds)
    restored: list[Unit] = []
    for u in list(units):
        if not u.title or not candidates:
            continue
        own = _bodies_for(u.title, bodies)
        for b in list(u.blocks):
            if b.kind != "para" or b.words < 12:
                continue
            # with a floor the comparisons stop early (below it a likeness counts as none, above it
            # it is the same); EARLIER_FLOOR (0.75, exact in binary) for both tests, so no rounding of
            # the cutoff can drop a likeness of exactly RESTORE_SIMILARITY
            if own and max(similar(b.text, body, EARLIER_FLOOR) for body in own) >= EARLIER_FLOOR:
                continue
            best = max(candidates, key=lambda e: similar(b.text, e.body, EARLIER_FLOOR), default=None)
            if best is None or similar(b.text, best.body, EARLIER_FLOOR) < RESTORE_SIMILARITY:
                continue
            title = best.title
            target = next((r for r in restored if r.title == title), None)
            if target is None:
                target = Unit(title, None, [], confidence=RESTORED_CONFIDENCE, recovered=True)
                units.insert(units.index(u) + 1, target)
                restored.append(target)
            u.blocks.remove(b)
            target.blocks.append(b)
    return restored


def place_strays(
    strays: list[Block],
    units: list[Unit],
    earlier: list[EarlierEntry],
    kinds: tuple[str, ...],
    idf: Idf,
    threshold: float = 0.9,
) -> list[Block]:
    """Blocks found in the wrong section (a glossary line among the errata): give each to the
    heading that claims it most, preferring headings left without text. Returns the unplaced."""
    scorer = _Scorer(units, earlier_bodies(earlier, kinds), idf)
    left = []
    for b in strays:
        scores = {i: scorer.score([b], i, -1) for i, u in enumerate(units) if u.title}
        best = max(scores, key=scores.get, default=None)
        if best is None or scores[best] < threshold:
            left.append(b)
            continue
        units[best].blocks.append(b)
        units[best].confidence = min(units[best].confidence, STRAY_CONFIDENCE)
    return left
