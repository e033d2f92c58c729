"""Generate small PDFs with known text (fpdf2, core font Helvetica) for the PDF ingester tests.

Core fonts are latin-1 only, so generated text says "Aember", and the running footer uses "-"
where the real rulebook has a bullet.

A page is a list of blocks laid out in order. A block is ``(column, text)`` or
``(column, text, style)``: ``column`` is a column index (0 = left) or ``None`` for full width;
``style`` is ``"body"`` (default) or ``"heading"`` (bold, larger). Consecutive column blocks fill a
column band; a full-width block starts below the lowest column of the band above it, so a page can
be "title, intro paragraph, two columns" or "two columns, full-width box, two columns".
"""

from __future__ import annotations

from fpdf import FPDF

PAGE_W, PAGE_H = 595.28, 841.89  # A4 in points
MARGIN = 48.0
BODY_SIZE = 10.0
HEADING_SIZE = 12.0
TITLE_SIZE = 18.0
LINE_H = 12.5
PARA_GAP = 8.0
FOOTER = "KEYFORGE MASTER RULEBOOK - 16.0"

Block = tuple  # (column | None, text) or (column | None, text, style)


def _new_pdf() -> FPDF:
    pdf = FPDF(unit="pt", format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    return pdf


def _chrome(pdf: FPDF, page_no: int, header: str | None, footer: str | None, page_numbers: bool) -> None:
    pdf.set_font("Helvetica", "", 8)
    if header:
        pdf.set_xy(MARGIN, 20)
        pdf.cell(PAGE_W - 2 * MARGIN, 10, header, align="C")
    if footer:
        pdf.set_xy(MARGIN, PAGE_H - 30)
        pdf.cell(PAGE_W - 2 * MARGIN, 10, footer, align="C")
    if page_numbers:
        x = PAGE_W - MARGIN - 20 if page_no % 2 else MARGIN
        pdf.set_xy(x, PAGE_H - 30)
        pdf.cell(20, 10, str(page_no), align="R" if page_no % 2 else "L")


def _write(pdf: FPDF, x: float, y: float, w: float, text: str, style: str) -> float:
    """Write one block at (x, y) with width w; return the y below it (paragraph gap included)."""
    if style == "heading":
        pdf.set_font("Helvetica", "B", HEADING_SIZE)
        h, gap = HEADING_SIZE * 1.25, 3.0
    elif style == "title":
        pdf.set_font("Helvetica", "B", TITLE_SIZE)
        h, gap = TITLE_SIZE * 1.25, PARA_GAP * 1.5
    else:
        pdf.set_font("Helvetica", "", BODY_SIZE)
        h, gap = LINE_H, PARA_GAP
    pdf.set_xy(x, y)
    pdf.multi_cell(w, h, text, align="L", new_x="LMARGIN", new_y="NEXT")
    return pdf.get_y() + gap


def columns_pdf(
    pages: list[list[Block]],
    *,
    columns: int = 2,
    title: str | None = None,
    footer: str | None = FOOTER,
    header: str | None = None,
    page_numbers: bool = True,
    gutter: float = 24.0,
) -> bytes:
    """A multi-column PDF: ``title`` as a full-width band on page 1, then each page's blocks.

    ``footer`` (and ``header``) repeat on every page, with the page number in the outer corner.
    Text that does not fit the page is an error of the test data, not silently dropped.
    """
    pdf = _new_pdf()
    body_w = PAGE_W - 2 * MARGIN
    col_w = (body_w - gutter * (columns - 1)) / columns
    for page_no, blocks in enumerate(pages, start=1):
        pdf.add_page()
        _chrome(pdf, page_no, header, footer, page_numbers)
        y = MARGIN
        if title and page_no == 1:
            y = _write(pdf, MARGIN, y, body_w, title, "title")
        col_y: list[float] | None = None
        for block in blocks:
            column, text = block[0], block[1]
            style = block[2] if len(block) > 2 else "body"
            if column is None:
                if col_y is not None:
                    y = max(col_y)
                    col_y = None
                y = _write(pdf, MARGIN, y, body_w, text, style)
            else:
                if col_y is None:
                    col_y = [y] * columns
                x = MARGIN + column * (col_w + gutter)
                col_y[column] = _write(pdf, x, col_y[column], col_w, text, style)
            bottom = max(col_y) if col_y else y
            if bottom > PAGE_H - 50:
                raise ValueError(f"test page {page_no} overflows: {text[:40]!r}")
    return bytes(pdf.output())


def one_column_pdf(paragraphs: list[str], *, title: str | None = None, footer: str | None = None) -> bytes:
    """A single-column page: optional title, then the paragraphs full width."""
    blocks = [(None, p) for p in paragraphs]
    return columns_pdf([blocks], columns=1, title=title, footer=footer, page_numbers=False)


def encrypted_pdf(text: str = "This rulebook is locked.", user_password: str = "secret") -> bytes:
    """A PDF that needs ``user_password`` to be opened."""
    pdf = _new_pdf()
    pdf.set_encryption(owner_password="owner-" + user_password, user_password=user_password)
    pdf.add_page()
    _write(pdf, MARGIN, MARGIN, PAGE_W - 2 * MARGIN, text, "body")
    return bytes(pdf.output())


def drawing_only_pdf() -> bytes:
    """A page with a drawn rectangle and no text at all (as a scan without OCR would look)."""
    pdf = _new_pdf()
    pdf.add_page()
    pdf.set_fill_color(120, 120, 120)
    pdf.rect(100, 100, 300, 400, style="DF")
    return bytes(pdf.output())
