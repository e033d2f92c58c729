"""The numbered rules of the Comprehensive Rules: sections, rules, numbered rules, subrules, examples.

The numbering *is* the structure (``7.`` section, ``702.`` rule, ``702.19.`` numbered rule,
``702.19b`` subrule), so a line is classified by its number and placed under the entry its number
names. Twenty years of layout drift are read here too: rules hard-wrapped at 100 columns (a
wrapped line can begin with a number: "See rule\\n103.4."), indented continuation paragraphs, a
missing space ("901.4.All"), a missing period ("102.8 If"), a stray leading space.

What the numbering says and where a line sits can disagree (a subrule under the wrong rule, letters
out of order, a number going backwards, a number used twice, a malformed number): such entries are
kept where the text puts them, with a warning and a confidence below 1, never silently renumbered.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .cr_refs import LETTERS, find_refs
from .model import Entry

SECTION = re.compile(r"^ ?(\d)\.\s+(\S.*)$")
RULE = re.compile(r"^ ?(\d{3})\.\s+(\S.*)$")
NUMBERED = re.compile(r"^ ?(\d{3}\.\d+)(?:\.\s*|\s+)(\S.*)?$")
SUBRULE = re.compile(r"^ ?(\d{3}\.\d+[a-z])\.?\s+(\S.*)$")
#: "606. 8b Players win …": a subrule number split by a space (no rule's name starts with a digit)
SPLIT_NUMBER = re.compile(r"^ ?(\d{3})\. (\d+[a-z]?)\.? +(\S.*)$")
#: "306.b If …": a subrule whose rule digit is missing (a typo in the source)
MALFORMED = re.compile(r"^ ?(\d{3}\.[a-z])\.?\s+(\S.*)$")
EXAMPLE = re.compile(r"^\s*Examples?:\s*")
#: a line ending in one of these words reads on into a number on the next line ("See rule\\n103.4.")
_READS_ON = re.compile(r"\b(?:rules?|sections?|see)\s*$", re.IGNORECASE)
#: the end of a sentence or clause: a rule text ends with one, a rule name does not
_ENDS_TEXT = re.compile(r"[.:;!?)\]\"'…]$")
#: a line with no word in it (a stray "f" left in the 2021 text)
_STRAY = re.compile(r"^\W*\w?\W*$")

ANOMALY_CONFIDENCE = 0.6
RECOVERED_CONFIDENCE = 0.9


@dataclass
class Block:
    kind: str  # section | rule | numbered | subrule | malformed | example
    number: str | None
    paragraphs: list[str]
    line: int
    notes: list[str] = field(default_factory=list)  # why its structure was recovered, not read


def read_blocks(lines: list[str], first_line: int = 0) -> list[Block]:
    """Group the lines of the rules into blocks, one per numbered line or example. ``lines`` start
    with a numbered line (the section heading :func:`ingest.cr.find_parts` found), so every other
    line continues a block."""
    blocks: list[Block] = []
    prev = ""  # the previous line as written, "" after a blank line
    for i, raw in enumerate(lines):
        line = raw.rstrip()
        if not line.strip():
            prev = ""
            continue
        head = _classify(line)
        if head and prev and _READS_ON.search(prev):
            head = None
            if blocks:
                blocks[-1].notes.append(
                    f"line {first_line + i + 1} starts with a number but continues a hard-wrapped sentence"
                )
        if head:
            blocks.append(
                Block(
                    head[0],
                    head[1],
                    [head[2]] if head[2] else [],
                    first_line + i + 1,
                    [f"line {first_line + i + 1}: {head[3]}"] if head[3] else [],
                )
            )
        elif blocks:  # (the first line always starts a block, see above)
            _continue(blocks[-1], raw, prev, first_line + i + 1)
        prev = raw
    return blocks


def _classify(line: str) -> tuple[str, str | None, str, str | None] | None:
    """(kind, number, text, note on how the number was recovered) of a line that starts a block."""
    if m := EXAMPLE.match(line):
        return "example", None, EXAMPLE.sub("", line[m.end() :]).strip(), None  # "Example:Example:"
    if m := SPLIT_NUMBER.match(line):
        number = f"{m.group(1)}.{m.group(2)}"
        kind = "subrule" if number[-1].isalpha() else "numbered"
        return (
            kind,
            number,
            m.group(3).strip(),
            f"number written {line.split(m.group(2))[0] + m.group(2)!r}, read as {number}",
        )
    for kind, pattern in (
        ("subrule", SUBRULE),
        ("numbered", NUMBERED),
        ("rule", RULE),
        ("section", SECTION),
        ("malformed", MALFORMED),
    ):
        if m := pattern.match(line):
            return kind, m.group(1), (m.group(2) or "").strip(), None
    return None


def _continue(block: Block, raw: str, prev: str, line_no: int) -> None:
    text = raw.strip()
    soft_wrap = bool(prev) and prev != prev.rstrip() and not raw[:1].isspace()
    if soft_wrap and block.paragraphs:
        block.paragraphs[-1] += " " + text
        return
    if _STRAY.match(text):
        block.notes.append(f"line {line_no}: stray text {text!r} kept after it")
    block.paragraphs.append(text)


@dataclass
class _Place:
    """Where the rules being read are: the latest entry of each level, and every number seen."""

    section: int | None = None
    rule: int | None = None
    numbered: int | None = None
    last: int | None = None
    by_number: dict[str, int] = field(default_factory=dict)


def build_entries(blocks: list[Block], entries: list[Entry], warnings: list[str]) -> None:
    """Append one :class:`Entry` per block to ``entries``, parented by number."""
    place = _Place()
    for k, block in enumerate(blocks):
        body = "\n".join(block.paragraphs)
        if block.kind == "example":
            entry = Entry("example", None, body, parent=place.last, data={"refs": find_refs(body)})
            if place.last is None:
                _flag(entry, warnings, f"line {block.line}: example before any rule")
            _recovered(entry, block, warnings)
            entries.append(entry)
            continue
        entry, problems = _rule_entry(block, body, blocks[k + 1] if k + 1 < len(blocks) else None, place, entries)
        _recovered(entry, block, warnings)
        for problem in problems:
            _flag(entry, warnings, f"rule {block.number} (line {block.line}): {problem}")
        idx = len(entries)
        entries.append(entry)
        number = entry.data["number"]
        if number in place.by_number:  # kept, with its own key (rule/<number>-2), and flagged
            entry.needs_review = True
            entry.review_reason = f"rule number {number} is used twice in this document"
        elif block.kind == "malformed":
            entry.needs_review = True
            entry.review_reason = f"malformed rule number {number!r}: which rule it belongs to is a guess"
        place.by_number.setdefault(number, idx)
        place.last = idx
        if block.kind == "section":
            place.section, place.rule, place.numbered = idx, None, None
        elif block.kind == "rule":
            place.rule, place.numbered = idx, None
        elif block.kind == "numbered":
            place.numbered = idx


def _rule_entry(
    block: Block, body: str, nxt: Block | None, place: _Place, entries: list[Entry]
) -> tuple[Entry, list[str]]:
    number = block.number or ""
    problems: list[str] = []
    if number in place.by_number:
        problems.append("the same number was used earlier in the document")
    if block.kind == "malformed":
        problems.append("malformed rule number (no digit between the rule and the letter)")

    def number_of(idx: int | None) -> str | None:
        return entries[idx].data["number"] if idx is not None else None

    if block.kind == "section":
        name = body.split("\n", 1)[0]
        prev = number_of(place.section)
        if prev is not None and int(number) <= int(prev):
            problems.append(f"section number goes backwards (after section {prev})")
        data = {"number": number, "name": name, "refs": find_refs(body)}
        return Entry("rule", f"{number}. {name}", body[len(name) :].strip(), level=1, data=data), problems
    if block.kind == "rule":
        name = body.split("\n", 1)[0]
        parent = place.section
        if parent is not None and number_of(parent) != number[0]:
            problems.append(f"outside its section (found under section {number_of(parent)})")
        prev = number_of(place.rule)
        if prev is not None and int(number) <= int(prev):
            problems.append(f"rule number goes backwards (after rule {prev})")
        data = {"number": number, "name": name, "refs": find_refs(body)}
        return Entry(
            "rule", f"{number}. {name}", body[len(name) :].strip(), level=2, parent=parent, data=data
        ), problems
    if block.kind == "numbered":
        rule_no, index = number.split(".")
        parent = _parent(place.rule, rule_no, place, entries, problems)
        prev = number_of(place.numbered)
        if prev is not None and prev.split(".")[0] == rule_no and int(index) <= int(prev.split(".")[1]):
            problems.append(f"number goes backwards (after {prev})")
        name, text = _name_and_text(block, nxt)
        data = {"number": number, "name": name, "refs": find_refs(text)}
        title = f"{number}. {name}" if name else f"{number}."
        return Entry("rule", title, text, level=3, parent=parent, data=data), problems
    # subrule, or a subrule whose number is malformed
    if block.kind == "malformed":
        parent = place.numbered if place.numbered is not None else place.rule
    else:
        parent = _parent(place.numbered, number[:-1], place, entries, problems)
        letter = number[-1]
        if letter not in LETTERS:
            problems.append(f"subrule letter {letter!r}, which the rules skip")
        prev = entries[place.last].data.get("number") if place.last is not None else None
        if (
            prev
            and prev[:-1] == number[:-1]
            and prev[-1] in LETTERS
            and letter in LETTERS
            and LETTERS.index(letter) <= LETTERS.index(prev[-1])
        ):
            problems.append(f"letters out of order (after {prev})")
    return Entry(
        "rule", number, body, level=4, parent=parent, data={"number": number, "refs": find_refs(body)}
    ), problems


def _parent(current: int | None, wanted: str, place: _Place, entries: list[Entry], problems: list[str]) -> int | None:
    """The rule a numbered rule or subrule sits under: the one its number names, which is the
    latest one read. Where they differ ("501.2" after "510.1", "505.5a" after "505.54") the text's
    order wins (the number is the likelier typo) and the entry is flagged."""
    if current is not None and entries[current].data["number"] == wanted:
        return current
    where = entries[current].data["number"] if current is not None else "nothing"
    problems.append(f"outside its rule {wanted} (found after {where})")
    return current if current is not None else place.by_number.get(wanted)


def _name_and_text(block: Block, nxt: Block | None) -> tuple[str | None, str]:
    """ "702.19. Trample" names a rule; "100.1. These Magic rules …" is its text. A name is one short
    line without the punctuation that ends a sentence."""
    if not block.paragraphs:
        return None, ""
    first = block.paragraphs[0]
    if _ENDS_TEXT.search(first) or len(first.split()) > 8 or not first[:1].isupper():
        return None, "\n".join(block.paragraphs)
    if nxt is None or nxt.kind != "subrule" or (nxt.number or "")[:-1] != block.number:
        block.notes.append("read as a rule name: a short line without final punctuation, though no subrule follows it")
    return first, "\n".join(block.paragraphs[1:])


def _flag(entry: Entry, warnings: list[str], message: str) -> None:
    """A numbering anomaly: the entry stays where the text puts it, at a lower confidence."""
    entry.confidence = min(entry.confidence, ANOMALY_CONFIDENCE)
    warnings.append(message)


def _recovered(entry: Entry, block: Block, warnings: list[str]) -> None:
    if block.notes:
        entry.confidence = min(entry.confidence, RECOVERED_CONFIDENCE)
        label = f"rule {block.number}" if block.number else "example"
        warnings.extend(f"{label}: {note}" for note in block.notes)
