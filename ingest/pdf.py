"""PDF rulebooks: text extracted in reading order, then parsed by the plain-text pipeline.

:func:`extract_text` opens the PDF with pdfplumber, drops page chrome (running headers and footers
that repeat on most pages, bare page numbers), finds each page's columns (see
:mod:`ingest.pdf_layout`) and rebuilds lines and paragraphs: one line per text line, a blank line
between paragraphs, each heading (a line in a larger or bold font) on its own line with blank lines
around it. :func:`parse` hands that text to :mod:`ingest.text`.
"""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass, field

from .detect import stated_version
from .errors import IngestError
from .model import ParseContext, ParsedDocument
from .pdf_layout import Column, Line, Word, group_lines, page_columns

#: rows this far from the top or bottom edge (share of the page height) may be page chrome
CHROME_ZONE = 0.1
#: how many rows at the top and at the bottom of a page are looked at as possible chrome
CHROME_ROWS = 2
#: chrome is set apart from the body by a vertical gap of at least this many body font sizes
CHROME_GAP = 1.5
#: a header/footer must repeat on at least this share of the pages (and on two pages at least)
CHROME_SHARE = 0.4
#: a paragraph break is a line pitch larger than this many times the usual one
PARAGRAPH_PITCH = 1.2
#: a line larger than the body font by this factor is a heading
HEADING_SIZE = 1.12

_PAGE_NUMBER = re.compile(r"(?i)(?:page\s*)?[-–—]?\s*\d{1,4}\s*[-–—]?(?:\s*(?:of|/)\s*\d{1,4})?")
_BOLD_FONT = re.compile(r"(?i)bold|black|heavy|semibold|demi")
_SENTENCE_END = re.compile(r"[.!?:][\"'”’)\]]*$")
_SENTENCE_START = re.compile(r"^[\"'“‘(\[]*[A-Z0-9ÆÀ-Þ]")


@dataclass
class _Page:
    number: int
    height: float
    words: list[Word]


@dataclass
class Extraction:
    text: str
    warnings: list[str] = field(default_factory=list)
    #: the running headers/footers that were dropped, one each (they may state the version)
    chrome: list[str] = field(default_factory=list)


def parse(data: bytes, context: ParseContext) -> ParsedDocument:
    """Parse a PDF rulebook: extract its text in reading order, then read it as plain text."""
    extraction = extract(data, context.source_name)
    from ingest import text as text_parser  # imported late: the text parser is its own module

    doc = text_parser.parse(extraction.text, context)
    doc.parser = "pdf"
    if doc.stated_version is None:
        doc.stated_version = stated_version(extraction.text) or stated_version("\n".join(extraction.chrome))
    doc.warnings.extend(extraction.warnings)
    return doc


def extract_text(data: bytes, name: str) -> tuple[str, list[str]]:
    """The PDF's text in reading order and the non-fatal problems met on the way."""
    extraction = extract(data, name)
    return extraction.text, extraction.warnings


def extract(data: bytes, name: str) -> Extraction:
    pages = _read_pages(data, name)
    warnings: list[str] = []
    if not any(p.words for p in pages):
        raise IngestError(f"{name}: no text layer (scanned?), expected a PDF with text")
    empty = [p.number for p in pages if not p.words]
    if empty:
        warnings.append(f"{name}: no text on page(s) {_ranges(empty)} (scanned or image-only pages?)")
    if b"%%EOF" not in data[-4096:]:
        warnings.append(f"{name}: no %%EOF marker at the end (truncated?), text may be incomplete")

    body_size, body_bold = _body_font(pages)
    gap_min = max(0.9 * body_size, 4.0)
    page_rows = [group_lines(p.words) for p in pages]
    chrome = _strip_chrome(pages, page_rows, gap_min, body_size, warnings, name)

    columns: list[Column] = []
    for page, rows in zip(pages, page_rows):
        _mark_margin_rows(rows, page.height, body_size)
        columns.extend(page_columns(rows, gap_min))
    text = _assemble(columns, body_size, body_bold)
    if not text.strip():
        raise IngestError(f"{name}: no text layer (scanned?), expected a PDF with text")
    return Extraction(text, warnings, chrome)


# --- reading ----------------------------------------------------------------------------------


def _read_pages(data: bytes, name: str) -> list[_Page]:
    """Every page's words; any failure of the PDF library becomes an IngestError."""
    import pdfplumber  # heavy (pdfminer): only a PDF source needs it

    pages = []
    try:
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            for number, page in enumerate(pdf.pages, start=1):
                raw = page.extract_words(keep_blank_chars=False, use_text_flow=False, extra_attrs=["size", "fontname"])
                words = [
                    Word(
                        w["text"],
                        float(w["x0"]),
                        float(w["x1"]),
                        float(w["top"]),
                        float(w["bottom"]),
                        float(w["size"]),
                        bool(_BOLD_FONT.search(str(w.get("fontname", "")))),
                    )
                    for w in raw
                    if w.get("upright", True) and w["text"].strip()
                ]
                pages.append(_Page(number, float(page.height), words))
                page.close()  # drop the page's parsed layout: long rulebooks stay small in memory
    except Exception as exc:  # pdfminer raises many unrelated types on damaged input
        cause = _root_cause(exc)
        kind = type(cause).__name__
        if "password" in kind.lower() or "encrypt" in kind.lower() or "password" in str(cause).lower():
            raise IngestError(f"{name}: encrypted PDF, expected an unencrypted rulebook PDF") from None
        detail = str(cause) or kind
        raise IngestError(
            f"{name}: truncated or corrupt PDF ({kind}: {detail[:80]}), expected a readable PDF rulebook"
        ) from None
    if not pages:
        raise IngestError(f"{name}: PDF has no pages, expected a PDF rulebook")
    return pages


def _root_cause(exc: BaseException) -> BaseException:
    """pdfplumber wraps pdfminer's exception as its first argument: find the original."""
    seen = set()
    while id(exc) not in seen:
        seen.add(id(exc))
        inner = exc.args[0] if exc.args and isinstance(exc.args[0], BaseException) else None
        inner = inner or exc.__cause__
        if inner is None:
            break
        exc = inner
    return exc


def _body_font(pages: list[_Page]) -> tuple[float, bool]:
    """The font size (and boldness) most characters of the document have."""
    sizes: dict[float, int] = {}
    bold = total = 0
    for page in pages:
        for w in page.words:
            sizes[round(w.size, 1)] = sizes.get(round(w.size, 1), 0) + len(w.text)
    size = max(sizes, key=sizes.get)
    for page in pages:
        for w in page.words:
            if abs(w.size - size) < 0.3:
                total += len(w.text)
                bold += len(w.text) if w.bold else 0
    return size, bold * 2 > total


# --- page chrome ------------------------------------------------------------------------------


def _chrome_candidates(rows: list[Line], height: float, body_size: float) -> list[Line]:
    """Rows at the very top or bottom of a page, set apart from the body by a clear gap."""
    gap = CHROME_GAP * body_size
    top: list[Line] = []
    for i, row in enumerate(rows[:CHROME_ROWS]):
        if row.bottom > height * CHROME_ZONE or i + 1 >= len(rows):
            break
        if rows[i + 1].top - row.bottom > gap:
            top = rows[: i + 1]
            break
    bottom: list[Line] = []
    for i in range(len(rows) - 1, max(len(rows) - 1 - CHROME_ROWS, 0), -1):
        row = rows[i]
        if row.top < height * (1 - CHROME_ZONE) or row in top:
            break
        if row.top - rows[i - 1].bottom > gap:
            bottom = rows[i:]
            break
    return top + bottom


def _split_spans(row: Line, gap_min: float) -> list[list[Word]]:
    out: list[list[Word]] = []
    for w in row.words:
        if out and w.x0 - out[-1][-1].x1 < gap_min:
            out[-1].append(w)
        else:
            out.append([w])
    return out


def _chrome_key(words: list[Word]) -> str:
    return re.sub(r"\d+", "#", re.sub(r"\s+", " ", " ".join(w.text for w in words))).strip().lower()


def _strip_chrome(
    pages: list[_Page], page_rows: list[list[Line]], gap_min: float, body_size: float, warnings: list[str], name: str
) -> list[str]:
    """Remove running headers/footers and bare page numbers from ``page_rows`` (in place)."""
    seen: dict[str, set[int]] = {}
    example: dict[str, str] = {}
    for page, rows in zip(pages, page_rows):
        for row in _chrome_candidates(rows, page.height, body_size):
            for span in _split_spans(row, gap_min):
                key = _chrome_key(span)
                seen.setdefault(key, set()).add(page.number)
                example.setdefault(key, " ".join(w.text for w in span))
    threshold = max(2, math.ceil(CHROME_SHARE * len(pages)))
    running = {k for k, on in seen.items() if len(on) >= threshold}
    dropped_numbers = 0
    for page, rows in zip(pages, page_rows):
        for row in _chrome_candidates(rows, page.height, body_size):
            keep = []
            for span in _split_spans(row, gap_min):
                text = " ".join(w.text for w in span)
                if _PAGE_NUMBER.fullmatch(text):
                    dropped_numbers += 1
                elif _chrome_key(span) not in running:
                    keep.extend(span)
            if keep:
                row.words = keep
            else:
                rows.remove(row)
    for key in sorted(running, key=lambda k: example[k]):
        if not _PAGE_NUMBER.fullmatch(example[key]):
            warnings.append(
                f"{name}: dropped running header/footer {example[key]!r} (on {len(seen[key])} of {len(pages)} pages)"
            )
    return [example[k] for k in running if not _PAGE_NUMBER.fullmatch(example[k])]


def _mark_margin_rows(rows: list[Line], height: float, body_size: float) -> None:
    """Rows in the top/bottom margin set apart from the body never join a column band."""
    for i, row in enumerate(rows):
        if row.bottom <= height * CHROME_ZONE and i + 1 < len(rows):
            row.blocking = rows[i + 1].top - row.bottom > 2.5 * body_size
        elif row.top >= height * (1 - CHROME_ZONE) and i > 0:
            row.blocking = row.top - rows[i - 1].bottom > 2.5 * body_size


# --- lines into text --------------------------------------------------------------------------


def _ranges(numbers: list[int]) -> str:
    out, start = [], None
    for i, n in enumerate(numbers):
        if start is None:
            start = n
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            out.append(str(start) if start == n else f"{start}-{n}")
            start = None
    return ", ".join(out)


def _style(line: Line, body_size: float, body_bold: bool) -> tuple[bool, float, bool]:
    """(is heading, size, bold) of a line; a change of style between two lines is a break."""
    heading = line.size >= body_size * HEADING_SIZE or (line.bold and not body_bold)
    return heading, round(line.size), line.bold


def _usual_pitch(columns: list[Column], body_size: float) -> float:
    """Baseline-to-baseline distance of two lines of one paragraph, as a multiple of font size."""
    ratios = []
    for col in columns:
        for a, b in zip(col.lines, col.lines[1:]):
            if abs(a.size - body_size) < 0.3 and abs(b.size - body_size) < 0.3:
                r = (b.top - a.top) / a.size
                if 0.8 <= r <= 4:
                    ratios.append(r)
    if not ratios:
        return 1.2
    ratios.sort()
    return min(max(ratios[len(ratios) // 4], 1.0), 1.45)


def _continues(prev: Line, prev_col: Column, line: Line) -> bool:
    """Does ``line`` (first of a new column or page) continue the paragraph ``prev`` ended?"""
    text = prev.text
    if text.endswith("-") and not text.endswith(" -"):
        return True
    width = max(prev_col.right - prev_col.left, 1.0)
    right = max(prev_col.right, max(ln.x1 for ln in prev_col.lines))
    if prev.x1 < right - 0.12 * width:
        return False  # a short last line ends its paragraph
    return not (_SENTENCE_END.search(text) and _SENTENCE_START.match(line.text))


def _assemble(columns: list[Column], body_size: float, body_bold: bool) -> str:
    pitch = _usual_pitch(columns, body_size)
    out: list[str] = []
    prev: Line | None = None
    prev_col: Column | None = None
    for col in columns:
        for i, line in enumerate(col.lines):
            if prev is not None:
                style, prev_style = _style(line, body_size, body_bold), _style(prev, body_size, body_bold)
                if style != prev_style:
                    brk = True
                elif i == 0:
                    brk = not _continues(prev, prev_col, line)
                else:
                    brk = line.top - prev.top > PARAGRAPH_PITCH * pitch * prev.size
                if brk and out and out[-1] != "":
                    out.append("")
            out.append(line.text)
            prev, prev_col = line, col
    return "\n".join(out).strip() + "\n"
