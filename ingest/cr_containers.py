"""The Comprehensive Rules in a PDF or DOCX, told by content and read by the one CR parser.

A CR is a CR whatever its container: its title line and numbered rules are looked for in the text
the container's reader gives (:mod:`ingest.cr_pdf`, :mod:`ingest.cr_docx`), and that text goes to
:mod:`ingest.cr`, so rules, glossary, examples and the stated date are read by the same code as
from the text file. The container is what the KB stores as the document's format ("pdf", "docx").
A PDF that is not a CR goes on to the generic PDF reader; a DOCX that is not a CR is read as text.
"""

from __future__ import annotations

from .cr_decode import looks_like_cr
from .errors import IngestError
from .model import ParseContext, ParsedDocument


def parse_container(data: bytes, container: str, fmt: str, context: ParseContext) -> ParsedDocument | None:
    """The document read from its ``container`` ("pdf" or "docx"), or ``None`` for a PDF that is not
    a CR (left to :mod:`ingest.pdf`). ``fmt`` is what was asked: "auto", the container or "cr"."""
    from . import cr, text  # heavy (60 ms): the registry is imported by every command, this only for a container

    name = context.source_name
    warnings: list[str] = []
    if container == "pdf":
        from .cr_pdf import pdf_lines  # heavy: pdfium, only for a PDF

        extracted = pdf_lines(data, name)
        body, warnings = extracted.text, extracted.warnings
    else:
        from .cr_docx import docx_text  # heavy: python-docx and lxml, only for a DOCX

        body = docx_text(data, name)
    if looks_like_cr(body[:200000].encode("utf-8")):
        doc = cr.parse(body, context)
    elif fmt == "cr":
        raise IngestError(
            f"{name}: {container.upper()} is not the Magic: The Gathering Comprehensive Rules "
            "(no title line and numbered rules at its start)"
        )
    elif container == "pdf":
        return None
    else:
        doc = text.parse(body, context)
    doc.parser = container
    doc.warnings.extend(warnings)
    return doc
