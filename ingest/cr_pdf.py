"""The Comprehensive Rules from a PDF: the text lines the CR parser reads, rebuilt from the page layout.

The CR parser (:mod:`ingest.cr`) reads lines of text laid out as the publisher's text file is: a
paragraph per line (or hard-wrapped lines ending in a space), blank lines between blocks, a glossary
term on the line above its definition. This module gives the PDF's text that shape, so one parser
reads every container: it reads each page's text runs with pdfium (``pypdfium2``, the renderer
pdfplumber itself ships with: pdfminer's layout analysis costs 50 s of CPU on a 240-page CR, pdfium
under one), groups them into lines by their position, drops page furniture (a bare page number, a
line repeated at the top or bottom of most pages), joins a line to the next where the line runs to
the right margin or ends in a hyphen (a wrapped line), and puts a blank line where the vertical gap
between two lines is wider than a line's (a new block). Every line dropped is counted and named in a
warning, never silently.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from .errors import IngestError

#: a gap between two lines this many times the usual line pitch separates two blocks
BLOCK_GAP = 1.45
#: a line ending this close to the right margin (share of the text width) was wrapped
WRAP_SLACK = 0.12
#: a line starting this far (points) right of the text block's left edge is an indented paragraph
INDENT = 8.0
#: share of the page height at its top and bottom where running headers and page numbers sit (a
#: title at the top of the first page, below it, is text even when it repeats in the header)
FURNITURE_ZONE = 0.05
_ENDS = re.compile(r"(?:[.:;!?\"'”’]|\.\))$")  # "Caster (Obsolete)" is a term, not an end
#: a line that starts a block of the CR: a numbered rule or an example
_BLOCK_START = re.compile(r"^(?:\d{1,3}\.\s|\d{3}\.\d+[a-z]?|Examples?:)")  # "901.4.All": no space either
#: the second or a later numbered sense of a glossary term (a section heading "2. Parts of a Card" is
#: a numbered line too: it starts its block whether a blank line precedes it or not)
_LATER_SENSE = re.compile(r"^[2-9]\. ")
_PAGE_NUMBER = re.compile(r"(?i)(?:page\s*)?\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?")


@dataclass
class _Line:
    top: float  # distance from the top of the page
    bottom: float
    x0: float
    x1: float
    text: str


@dataclass
class PdfText:
    text: str
    pages: int
    warnings: list[str] = field(default_factory=list)
    #: lines dropped as page furniture (page numbers, running headers), each counted
    dropped: Counter = field(default_factory=Counter)


def pdf_lines(data: bytes, name: str) -> PdfText:
    """The PDF's text as the CR parser reads it: blocks separated by blank lines, furniture removed."""
    import pypdfium2 as pdfium  # pdfplumber's own renderer: a dependency already

    try:
        pdf = pdfium.PdfDocument(data)
    except Exception as exc:  # pdfium raises PdfiumError for damaged, encrypted or non-PDF input
        raise IngestError(f"{name}: unreadable PDF ({str(exc)[:80]}), expected a readable PDF") from None
    pages: list[tuple[float, list[_Line]]] = []
    for i in range(len(pdf)):
        page = pdf[i]
        pages.append((page.get_height(), _page_lines(page.get_textpage(), page.get_height())))
    pdf.close()
    if not any(lines for _, lines in pages):
        raise IngestError(f"{name}: no text layer (scanned?), expected a PDF with text")
    out = PdfText("", len(pages))
    _drop_furniture(pages, out)
    for key, n in sorted(out.dropped.items()):
        out.warnings.append(f"{name}: dropped {n} line(s) of page furniture {key!r} (page numbers, running headers)")
    out.text = _assemble([lines for _, lines in pages])
    return out


def _page_lines(textpage, height: float) -> list[_Line]:
    """The page's lines in pdfium's reading order, each with the box of its first and last character."""
    text = textpage.get_text_range()
    lines: list[_Line] = []
    pos = 0
    for raw in text.split("\n"):
        begin, end = pos, pos + len(raw)
        pos = end + 1
        stripped = raw.rstrip("\r ")
        if not stripped.strip():
            continue
        first = begin + len(raw) - len(raw.lstrip())
        last = begin + len(stripped) - 1
        x0, y0, _, top0 = textpage.get_charbox(first)
        _, y1, x1, top1 = textpage.get_charbox(last)
        stripped = stripped.replace("\ufffe", "-")  # pdfium's mark for a hyphen that broke a line
        clean = re.sub(r"[ \t\u00a0]+", " ", stripped).strip()
        lines.append(_Line(height - max(top0, top1), height - min(y0, y1), x0, x1, clean))
    return lines


def _furniture_key(text: str) -> str:
    return re.sub(r"\d+", "#", text.lower())


def _drop_furniture(pages: list[tuple[float, list[_Line]]], out: PdfText) -> None:
    """Remove bare page numbers and lines repeated in the top or bottom margin of most pages."""
    seen: Counter = Counter()
    for height, lines in pages:
        keys = {_furniture_key(ln.text) for ln in lines if _in_margin(ln, height)}
        seen.update(keys)
    running = {k for k, n in seen.items() if n >= max(3, len(pages) // 3)}
    for height, lines in pages:
        for ln in list(lines):
            if not _in_margin(ln, height):
                continue
            if _PAGE_NUMBER.fullmatch(ln.text):
                out.dropped["page number"] += 1
                lines.remove(ln)
            elif _furniture_key(ln.text) in running:
                out.dropped[ln.text] += 1
                lines.remove(ln)


def _in_margin(line: _Line, height: float) -> bool:
    return line.bottom < height * FURNITURE_ZONE or line.top > height * (1 - FURNITURE_ZONE)


def _assemble(pages: list[list[_Line]]) -> str:
    """Lines into blocks: a wrapped line joined to the next, a blank line at a block gap or page end
    only where the text ends there (a block runs on across a page break when its line was wrapped)."""
    pitches = sorted(
        b.top - a.top for lines in pages for a, b in zip(lines, lines[1:]) if 0 < b.top - a.top < 3 * (a.bottom - a.top)
    )
    pitch = pitches[len(pitches) // 4] if pitches else 12.0
    out: list[str] = []
    wrapped = False
    margins = sorted((min(ln.x0 for ln in lines), max(ln.x1 for ln in lines)) for lines in pages if lines)
    left, right = margins[len(margins) // 2]  # the text block of a usual page
    slack = WRAP_SLACK * (right - left)
    for lines in pages:
        if not lines:
            continue
        prev: _Line | None = None
        if out and out[-1] and _ENDS.search(out[-1]) and lines[0].text[:1].isupper():
            wrapped = False  # a page that starts a block (a glossary term after a definition)
            out.append("")
        for ln in lines:
            if prev is not None and ln.top - prev.top > BLOCK_GAP * pitch:
                wrapped = False
                out.append("")
            if wrapped and out and out[-1] and _ENDS.search(out[-1]) and _BLOCK_START.match(ln.text):
                wrapped = False  # a full last line of a rule, then the next rule or its example
            if ln.text[:1].islower() and len(out) > 1:
                while not out[-1]:  # a block never starts in lower case: the page or a gap cut a sentence
                    out.pop()
                wrapped = True
            elif _LATER_SENSE.match(ln.text) and len(out) > 1:
                while not out[-1]:  # "2. To put…": a glossary term's next sense, cut from it by a page
                    out.pop()
            if wrapped and out and out[-1]:
                glued = out[-1].endswith(("-", "—"))  # "turn-" "based", "once—" "unless": no space
                out[-1] = out[-1] + ln.text if glued else out[-1] + " " + ln.text
            elif ln.x0 > left + INDENT and not _BLOCK_START.match(ln.text):
                out.append("    " + ln.text)  # an indented paragraph: a definition's next one (2003-2008)
            else:
                out.append(ln.text)
            wrapped = ln.x1 >= right - slack or ln.text.endswith("-")
            prev = ln
    return "\n".join(out) + "\n"
