"""Plain-text rulebooks -> normalized entries.

The input is text with no markup: a rulebook extracted from a PDF (one line per printed line,
columns possibly interleaved), or copied from a web page (one paragraph per line). The parser is a
chain of small rules over a token stream, in the manner of markdown-it-py:

1. :mod:`ingest.text_lex` cuts lines into blocks (heading, paragraph, list item), dropping line
   chrome and joining wrapped lines;
2. :mod:`ingest.text_noise` drops picture debris (generic patterns first, captions and card texts
   once the sections are known);
3. :mod:`ingest.text_sections` finds the sections (shared vocabulary, story bylines, the
   glossary's alphabetical order);
4. one rule per section kind turns blocks into entries: :mod:`ingest.text_body` (rules, glossary,
   fiction, errata), :mod:`ingest.text_faq`, :mod:`ingest.text_timing`;
5. in wrapped (PDF) text, :mod:`ingest.recover` puts column-interleaved text back under the heading
   or question its content belongs to (:mod:`ingest.text_lists` rebuilds lists printed as picture
   labels, :mod:`ingest.text_columns` the FAQ's reading order), and flags what it cannot place.

Nothing here knows the wording of a particular edition.
"""

from __future__ import annotations

import re
from collections import Counter

from . import recover
from .detect import stated_version
from .model import Entry, ParseContext, ParsedDocument
from .text_columns import collation
from .text_body import emit_units, errata_entries, merge_stray_headings, promote_subheadings, short_title, units_of
from .text_faq import answer_before_question, faq_entries
from .text_lex import LOST_ICON, TERMINAL, Block, lex, restore_by_grammar
from .text_lists import attach_labels, pull_labels
from .text_noise import drop_generic, drop_picture_headings, drop_pictures, drop_restated_captions
from .text_sections import Section, split
from .text_similar import Idf
from .text_timing import is_intro, timing_entries

#: below this share of multi-line paragraph groups, a text is one paragraph per line
WRAPPED_SHARE = 0.3
#: the last line of a paragraph this long was wrapped: the paragraph goes on after a break
FULL_LINE = 45
#: leading text before any heading that is a change log
CHANGE_LOG = re.compile(r"\b(?:revisions?|changes?|updated|new rules)\b", re.I)


def parse(text: str, context: ParseContext) -> ParsedDocument:
    doc = ParsedDocument(entries=[], parser="text")
    stats: Counter = Counter()
    icon = LOST_ICON.get(context.game)
    blocks = lex(text.replace("\r\n", "\n").replace("\r", "\n"), doc.warnings, icon)
    restore_by_grammar(blocks, context.game)
    wrapped = _wrapped(blocks)
    blocks = drop_generic(blocks, stats)
    sections, doc.title, version = split(blocks)
    doc.stated_version = version or stated_version(text)
    _move_intros(sections)
    earlier = list(context.earlier)

    built: list[tuple[Section, object]] = []
    labels: dict[int, list[Block]] = {}  # list items printed as picture labels, per heading
    headed: dict[str, list[recover.Unit]] = {}
    notes = Counter()
    pool: list[recover.Unit] = []  # consecutive sections of one kind recover together
    pool_kind = None
    for s in sections:
        if s.kind != pool_kind and pool:
            if wrapped and pool_kind in ("rule", "glossary"):
                _recover(pool, pool_kind, earlier, notes)
            pool = []
        pool_kind = s.kind
        if s.kind in ("rule", "glossary", "fiction"):
            units = _units(s, wrapped, stats, labels)
            pool.extend(units)
            headed.setdefault(s.kind, []).extend(u for u in units if u.title)
            built.append((s, units))
        elif s.kind == "errata":
            entries, strays = errata_entries(_join_adjacent(s.blocks, wrapped), s.title)
            built.append((s, (entries, strays)))
        else:
            built.append((s, None))
    if pool and wrapped and pool_kind in ("rule", "glossary"):
        _recover(pool, pool_kind, earlier, notes)
    for n, (s, payload) in enumerate(built):
        if s.kind == "errata":  # text of another section found among the errata
            entries, strays = payload
            built[n] = (s, (entries, _place_strays(strays, headed, earlier, notes)))

    for s, payload in built:
        if s.kind == "errata":
            entries, strays = payload
            doc.entries.extend(entries)
            for b in strays:
                doc.entries.append(
                    Entry(
                        "rule",
                        None,
                        b.text,
                        category=s.title,
                        needs_review=True,
                        review_reason=f"text found among the {s.title} that belongs nowhere there",
                    )
                )
        elif s.kind in ("rule", "glossary", "fiction"):
            units = payload
            intro_kind = "fiction" if s.kind == "fiction" else "rule"
            if s.kind == "rule" and s.heading is None and units and units[0].title is None:
                # text before any heading: a change log is a rule; other preamble is kept as fiction
                lead = " ".join(b.text for b in units[0].blocks)
                if CHANGE_LOG.search(lead) and len(sections) > 1:
                    units[0].title = "Change log"
                else:
                    intro_kind = "fiction"
            notes["list items rebuilt from picture labels"] += attach_labels(units, labels)
            emit_units(doc, units, s.kind, intro_kind=intro_kind)
        elif s.kind == "faq":
            breaks = [b.line for b in s.blocks if b.page_break]
            blocks = _join_adjacent(s.blocks, wrapped, veto=answer_before_question)
            entries, warnings = faq_entries(blocks, s.title, not wrapped, earlier, icon, breaks)
            doc.entries.extend(entries)
            doc.warnings.extend(warnings)
        elif s.kind == "timing":
            intro = [b for b in s.blocks if getattr(b, "intro", False)]
            rest = [b for b in s.blocks if not getattr(b, "intro", False)]
            doc.entries.extend(timing_entries(rest, s.title, s.heading, intro))
    _report(doc, stats, notes)
    return doc


def _wrapped(blocks: list[Block]) -> bool:
    groups: dict[int, int] = Counter(b.group for b in blocks if b.kind != "heading")
    lines = Counter()
    for b in blocks:
        if b.kind != "heading":
            lines[b.group] += len(b.lines)
    multi = sum(1 for g in groups if lines[g] >= 2)
    return bool(groups) and multi / len(groups) >= WRAPPED_SHARE


def _move_intros(sections: list[Section]) -> None:
    """A section's introduction stranded at the end of the previous section (a page the columns
    put earlier) goes into it: the last paragraphs, from one that names the section ("This chart
    provides ...") and opens a page or is the very last."""
    for prev, s in zip(sections, sections[1:]):
        if s.kind != "timing" or not s.title:
            continue
        tail = prev.blocks[-3:]
        for k, b in enumerate(tail):
            if is_intro(b, s.title) and (b.page_break or k == len(tail) - 1):
                moved = tail[k:]
                del prev.blocks[len(prev.blocks) - len(moved) :]
                for m in moved:
                    m.intro = True
                s.blocks[0:0] = moved
                break


def _join_adjacent(blocks: list[Block], wrapped: bool, veto=lambda prev, b: False) -> list[Block]:
    """A paragraph that stops mid-sentence goes on in the next paragraph when only a blank line,
    a page break or a dropped picture stood between them: the next one starts in lower case, or
    (in wrapped text) the last line of the first one was a full line."""
    out: list[Block] = []
    for b in blocks:
        prev = out[-1] if out else None
        full = wrapped and len(prev.lines[-1] if prev and prev.lines else "") >= FULL_LINE
        if (
            prev is not None
            and prev.kind == "para"
            and b.kind == "para"
            and prev.group != b.group
            and not TERMINAL.search(prev.text.rstrip("”’\"'"))
            and prev.words >= 5
            and (re.match(r"^[“‘\"']?[a-z]", b.text) or full and not short_title(b))
            and not veto(prev, b)
        ):
            prev.text = f"{prev.text} {b.text}"
            prev.lines = prev.lines + b.lines
            prev.raws = prev.raws + b.raws
            prev.group = b.group
            continue
        out.append(b)
    return out


def _units(s: Section, wrapped: bool, stats: Counter, labels: dict) -> list[recover.Unit]:
    blocks = list(s.blocks)
    glossary = s.kind == "glossary"
    if s.kind in ("rule", "fiction") and s.heading is not None:
        blocks.insert(0, s.heading)
    if glossary:
        blocks = promote_subheadings(blocks)
    if s.kind != "fiction":
        blocks, pulled = pull_labels(blocks, not wrapped)
        labels.update(pulled)
        blocks = drop_picture_headings(drop_pictures(blocks, not wrapped, stats), stats)
        blocks = _join_adjacent(blocks, wrapped)
    intro = s.title if glossary else None
    units = units_of(blocks, intro, glossary)
    if glossary:
        stats["stray headings"] += merge_stray_headings(units)
    return units


def _recover(units: list[recover.Unit], kind: str, earlier, notes: Counter) -> None:
    idf = Idf([b.text for u in units for b in u.blocks])
    notes["fragments joined"] += recover.join_fragments(units, idf)
    alphabetical = collation if kind == "glossary" else None
    notes["paragraphs moved"] += len(recover.reassign(units, earlier, (kind,), idf, alphabetical))
    restored = recover.restore_headings(units, earlier, (kind,))
    notes["headings restored"] += len(restored)
    drop_restated_captions(units, notes)


def _place_strays(strays: list[Block], headed, earlier, notes: Counter) -> list[Block]:
    for kind in ("glossary", "rule"):
        units = headed.get(kind, [])
        if strays and units:
            idf = Idf([b.text for u in units for b in u.blocks] + [b.text for b in strays])
            left = recover.place_strays(strays, units, earlier, (kind,), idf)
            notes["stray paragraphs placed"] += len(strays) - len(left)
            strays = left
    return strays


def _report(doc: ParsedDocument, stats: Counter, notes: Counter) -> None:
    if any(stats.values()):
        doc.warnings.append(
            "dropped as picture debris: " + ", ".join(f"{n} {k}" for k, n in sorted(stats.items()) if n)
        )
    if any(notes.values()):
        doc.warnings.append(
            "recovered column-interleaved structure: " + ", ".join(f"{n} {k}" for k, n in notes.items() if n)
        )
    review = sum(e.needs_review for e in doc.entries)
    if review:
        doc.warnings.append(f"{review} entr{'y' if review == 1 else 'ies'} kept for review (needs_review)")


__all__ = ["parse"]
