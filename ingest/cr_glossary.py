"""The glossary of the Comprehensive Rules: terms, their numbered senses, examples and references.

A term is the first line of a blank-line-separated block, its definition the lines under it. Three
layouts of twenty years are read: definitions with indented further paragraphs and ``Example:``
lines (2003-2008), one-paragraph definitions (2009 on), numbered senses ("1. A zone…", "2. To
put…") with a shared "See rule …" line (2010s on). Two faults of the archive are recovered and said
so: a table set inside a definition (the 2003 list of expansion symbols, whose one-line headings
look like terms but have no definition of their own) and a term run into its first sense
("Ability1. Text on an object…").
"""

from __future__ import annotations

import re

from .cr_refs import find_refs
from .cr_rules import EXAMPLE
from .model import Entry

SENSE = re.compile(r"^(\d{1,2})\.\s+(\S.*)$")
#: "Ability1. Text on an object…": the line break between a term and its first sense was lost
MERGED_SENSE = re.compile(r"^(.*[^\d\s])1\.\s+(\S.*)$")
RECOVERED_CONFIDENCE = 0.8
CUT_OFF_CONFIDENCE = 0.5
#: a headword with no definition under it may be a line of another term's text cut off by a page
UNDEFINED_CONFIDENCE = 0.7


def read_terms(lines: list[str], first_line: int) -> list[tuple[int, list[str]]]:
    """Blocks of lines (with their 1-based line number), one per term, tables folded into the term
    they belong to."""
    blocks: list[tuple[int, list[str]]] = []
    current: list[str] = []
    for i, raw in enumerate(lines + [""]):
        if raw.strip():
            if not current:
                start = first_line + i + 1
            current.append(raw)
        elif current:
            blocks.append((start, current))
            current = []
    terms: list[tuple[int, list[str]]] = []
    for k, (start, block) in enumerate(blocks):
        indented = block[0][:1].isspace()
        heading = len(block) == 1 and k + 1 < len(blocks) and blocks[k + 1][1][0][:1].isspace()
        if terms and (indented or heading):
            terms[-1][1].extend(block)  # a row or heading of a table inside the definition
        else:
            terms.append((start, list(block)))
    return terms


def build_glossary(lines: list[str], first_line: int, entries: list[Entry], warnings: list[str]) -> None:
    """Append one ``glossary`` entry per term (and its examples) to ``entries``."""
    for start, block in read_terms(lines, first_line):
        term, rest = block[0].strip(), block[1:]
        recovered = None
        merged = MERGED_SENSE.match(term)
        if merged and any(SENSE.match(line.strip()) for line in rest):
            term, rest = merged.group(1).strip(), ["1. " + merged.group(2)] + rest
            recovered = f"glossary term {term!r} (line {start}): term and its first sense ran together; split"
        paragraphs, examples = _paragraphs(rest)
        body = "\n".join(paragraphs)
        data: dict = {"refs": find_refs(body)}
        senses = [SENSE.match(p) for p in paragraphs]
        if any(senses):
            data["senses"] = [
                {"number": int(m.group(1)), "text": m.group(2), "refs": find_refs(m.group(2))} for m in senses if m
            ]
        entry = Entry("glossary", term, body, data=data)
        if recovered:
            entry.confidence = RECOVERED_CONFIDENCE
            warnings.append(recovered)
        if not body:
            entry.needs_review = True
            entry.review_reason = "glossary term without a definition"
            entry.confidence = min(entry.confidence, UNDEFINED_CONFIDENCE)  # a term, or text cut from one?
        idx = len(entries)
        entries.append(entry)
        for text in examples:
            entries.append(Entry("example", None, text, parent=idx, data={"refs": find_refs(text)}))


def _paragraphs(lines: list[str]) -> tuple[list[str], list[str]]:
    """The definition's paragraphs and its examples. An indented line starts a paragraph of the
    definition; a line after one ending in a space (a hard-wrapped layout) continues it."""
    paragraphs: list[str] = []
    examples: list[str] = []
    target = paragraphs
    prev = ""
    for raw in lines:
        text = raw.strip()
        if EXAMPLE.match(raw):
            examples.append(EXAMPLE.sub("", EXAMPLE.sub("", raw, count=1)).strip())
            target = examples
        elif prev and prev != prev.rstrip() and not raw[:1].isspace() and target:
            target[-1] += " " + text
        else:
            target = paragraphs
            paragraphs.append(text)
        prev = raw
    return paragraphs, examples
