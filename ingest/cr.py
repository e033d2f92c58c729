"""Reader for the Magic: The Gathering Comprehensive Rules (CR), in the plain text it is published as.

Every version since 2003 has the same parts in the same order: the title line, "These rules are
effective as of <date>." (the version *is* that date), an introduction, a table of contents, the
numbered rules, a glossary and credits. The parts are found by their headings, the rules by their
numbers (:mod:`ingest.cr_rules`), the glossary by its blocks (:mod:`ingest.cr_glossary`). Bytes are
decoded and typography evened out by :mod:`ingest.cr_decode`, so that texts of different years
compare equal where only their typesetting differs.

The introduction, contents and credits are kept as ``fiction`` entries, apart from the rules. A
file that ends before its credits is reported as cut off and its last entry flagged; a file that
states no date, or two different ones, is reported too.
"""

from __future__ import annotations

import re

from .cr_checks import check_shape
from .cr_decode import TITLE, Decoded, decode_cr, normalize_typography
from .cr_punctuation import restore_lost_punctuation
from .cr_glossary import CUT_OFF_CONFIDENCE, build_glossary
from .cr_rules import NUMBERED, RULE, SECTION, SUBRULE, build_entries, read_blocks
from .errors import IngestError
from .model import Entry, ParseContext, ParsedDocument

MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
STATED_DATE = re.compile(r"\bas\s+of\s+([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})\b", re.IGNORECASE)
#: a hyphenated word, or a minus sign, a hard-wrapped file (2003-10-01 to 2004-02-01) broke at its
#: hyphen ("Text-" / "Changing Effects", "gets -" / "1/-1"): one again, as the releases that are not
#: wrapped print it
WRAPPED_HYPHEN = re.compile(r"(?<=[A-Za-z/ ')])-\n(?=[A-Za-z0-9])")
#: entries holding non-ASCII characters read in an 8-bit encoding that was a close call
GUESSED_ENCODING_CONFIDENCE = 0.9


def parse(source: bytes | str, context: ParseContext) -> ParsedDocument:
    """Parse one CR version. Raises :class:`IngestError` when the text is not a CR."""
    name = context.source_name
    if isinstance(source, bytes):
        decoded = decode_cr(source, name)
    else:
        decoded = Decoded(source.replace("\r\n", "\n").replace("\r", "\n"), "utf-8")
    warnings = decoded.warnings
    text, repaired, put_back = restore_lost_punctuation(normalize_typography(decoded.text), name)
    text = WRAPPED_HYPHEN.sub("-", text)
    warnings += repaired
    decoded.doubtful |= put_back
    lines = text.split("\n")
    parts = find_parts(lines, name)
    entries: list[Entry] = []
    intro_end = parts["contents"] if parts["contents"] is not None else parts["rules"]
    _fiction(entries, "Introduction", lines[parts["title"] + 1 : intro_end], skip="introduction")
    if parts["contents"] is not None:
        _fiction(entries, "Contents", lines[parts["contents"] + 1 : parts["rules"]])
    rules_end = next(p for p in (parts["glossary"], parts["credits"], len(lines)) if p is not None)
    build_entries(read_blocks(lines[parts["rules"] : rules_end], parts["rules"]), entries, warnings)
    if parts["glossary"] is not None:
        glossary_end = parts["credits"] if parts["credits"] is not None else len(lines)
        build_glossary(lines[parts["glossary"] + 1 : glossary_end], parts["glossary"] + 1, entries, warnings)
    if parts["credits"] is not None:
        _fiction(entries, "Credits", lines[parts["credits"] + 1 :])
    else:
        _cut_off(entries, warnings, name, in_glossary=parts["glossary"] is not None)
    for e in entries if decoded.doubtful else ():
        if any(c in decoded.doubtful for c in e.body + (e.title or "")):
            e.confidence = min(e.confidence, GUESSED_ENCODING_CONFIDENCE)
    glossary_lines = 0
    if parts["glossary"] is not None:
        glossary_end = parts["credits"] if parts["credits"] is not None else len(lines)
        glossary_lines = sum(1 for line in lines[parts["glossary"] + 1 : glossary_end] if line.strip())
    check_shape(entries, glossary_lines, warnings, name)
    outside_rules = lines[parts["title"] : parts["rules"]] + lines[parts["credits"] or len(lines) :]
    stated = stated_date(outside_rules, warnings, name)
    return ParsedDocument(
        entries=entries,
        parser="cr",
        stated_version=stated,
        title="Magic: The Gathering Comprehensive Rules",
        warnings=warnings,
    )


def find_parts(lines: list[str], name: str) -> dict[str, int | None]:
    """Line index of each part: title, contents, rules (its first section heading), glossary,
    credits (``None`` where the document has no such part)."""
    title = next((i for i, line in enumerate(lines[:200]) if TITLE.match(line)), None)
    if title is None:
        raise IngestError(
            f"{name}: not a Magic: The Gathering Comprehensive Rules document "
            "(no title line 'Magic: The Gathering Comprehensive Rules' at its start)"
        )
    first_rule = next(
        (i for i in range(title + 1, len(lines)) if NUMBERED.match(lines[i]) or SUBRULE.match(lines[i])), None
    )
    if first_rule is None:
        raise IngestError(f"{name}: no numbered rules (such as '100.1.') found, expected the Comprehensive Rules")
    rules = first_rule  # back over its rule heading ("100. General") and section ("1. Game Concepts")
    for i in range(first_rule - 1, title, -1):
        if not lines[i].strip():
            continue
        if RULE.match(lines[i]) and rules == first_rule:
            rules = i
            continue
        if SECTION.match(lines[i]):
            rules = i
        break
    glossary = _heading(lines, "glossary", rules)
    credits = _heading(lines, "credits", glossary if glossary is not None else rules)
    contents = _heading(lines, "contents", title, rules)
    return {"title": title, "contents": contents, "rules": rules, "glossary": glossary, "credits": credits}


def _heading(lines: list[str], word: str, start: int, end: int | None = None) -> int | None:
    for i in range(start + 1, len(lines) if end is None else end):
        if lines[i].strip().lower() == word:
            return i
    return None


def stated_date(lines: list[str], warnings: list[str], name: str) -> str | None:
    """The date the document says it takes effect, as YYYY-MM-DD ("These rules are effective as
    of November 14, 2025." / "current as of March 15, 2003."), read from its opening and closing
    lines (``lines``; a date inside a rule is not the document's)."""
    dates = []
    for m in STATED_DATE.finditer("\n".join(lines)):
        month = next((k for k, full in enumerate(MONTHS, 1) if full.startswith(m.group(1).lower())), None)
        if month and 1 <= int(m.group(2)) <= 31:
            dates.append(f"{int(m.group(3)):04d}-{month:02d}-{int(m.group(2)):02d}")
    if not dates:
        warnings.append(f"{name}: states no 'effective as of' date")
        return None
    if len(set(dates)) > 1:
        warnings.append(
            f"{name}: states more than one date ({', '.join(sorted(set(dates)))}); taking the first, {dates[0]}"
        )
    return dates[0]


def _fiction(entries: list[Entry], title: str, lines: list[str], skip: str | None = None) -> None:
    """A part kept apart from the rules, its heading (``skip``) dropped and hard-wrapped lines (a line
    ending in a space) joined again."""
    text: list[str] = []
    wrapped = False
    for raw in lines:
        line = raw.strip()
        if not line:
            wrapped = False
            continue
        if skip and line.lower() == skip:
            skip = None
            continue
        if wrapped and text:
            text[-1] += " " + line
        else:
            text.append(line)
        wrapped = raw != raw.rstrip()
    if text:
        entries.append(Entry("fiction", title, "\n".join(text)))


def _cut_off(entries: list[Entry], warnings: list[str], name: str, in_glossary: bool) -> None:
    """A CR ends with its credits; one that does not was cut off. Its last entry may be incomplete."""
    kind = "glossary" if in_glossary else "rule"
    last = next((e for e in reversed(entries) if e.kind == kind), None)
    where = "inside the glossary" if in_glossary else "inside the rules (no glossary)"
    label = f"{last.title!r}" if last is not None else "nothing"
    warnings.append(
        f"{name}: the document ends {where}, with no credits: the file looks cut off "
        f"after {label}, whose text may be incomplete"
    )
    if last is not None:
        last.needs_review = True
        last.confidence = min(last.confidence, CUT_OFF_CONFIDENCE)
        reason = "the document is cut off after this entry; its text may be incomplete"
        last.review_reason = f"{last.review_reason}; {reason}" if last.review_reason else reason
