"""One entry point from raw bytes to a :class:`~ingest.model.ParsedDocument`, whatever the format."""

from __future__ import annotations

import importlib

from .cr_containers import parse_container
from .detect import container_of, decode_text, detect_format, refuse_rtf, stated_version
from .formats import FORMATS
from .errors import IngestError
from .limits import entry_budget, too_much_markup
from .model import ParseContext, ParsedDocument

#: format name -> module whose ``parse`` reads it. Text formats get ``str``; PDF gets ``bytes``.
PARSERS = {fmt: f"ingest.{fmt}" for fmt in FORMATS if fmt != "docx"}
#: text formats whose parser decodes the bytes itself: the Comprehensive Rules come in encodings
#: (UTF-16, 8-bit) that the shared UTF-8-only :func:`decode_text` refuses, rightly, for the others
BYTE_PARSERS = {"cr"}


def parse_document(data: bytes, fmt: str, context: ParseContext) -> ParsedDocument:
    """Parse ``data`` as ``fmt`` (or ``"auto"``). Raises :class:`IngestError` on unusable input."""
    name = context.source_name
    container = container_of(data)
    if fmt == "auto":
        fmt = container or detect_format(data, name)
    if fmt not in FORMATS:
        raise IngestError(f"{name}: unknown format {fmt!r}, expected one of auto, {', '.join(FORMATS)}")
    refuse_rtf(data, name)
    if fmt == "pdf" and container != "pdf":
        raise IngestError(f"{name}: not a PDF file (no %PDF header), expected a PDF rulebook")
    if fmt == "docx" and container != "docx":
        raise IngestError(f"{name}: not a DOCX file (no Word document in a ZIP), expected a DOCX rulebook")
    # a CR in a PDF or DOCX, or a DOCX read as text; None: a PDF that is not a CR
    doc = parse_container(data, container, fmt, context) if container else None
    if doc is None:
        module = importlib.import_module(PARSERS[fmt])
        if fmt == "pdf" or fmt in BYTE_PARSERS:  # PDF bytes; the CR decodes its own encodings (ingest.cr_decode)
            doc = module.parse(data, context)
        else:
            text = decode_text(data, name)
            doc = module.parse(text, context)
            if doc.stated_version is None:
                doc.stated_version = stated_version(text)
    budget = entry_budget(context.max_input_size)
    if len(doc.entries) > budget:  # what is made of the entries downstream grows faster than they do
        raise too_much_markup(name, "entries (rules, terms, questions, ...)", budget, context.max_input_size)
    # Structure means at least one titled section, term, erratum or question: running text with no
    # headings at all is not a rulebook we can index.
    structured = [e for e in doc.entries if e.kind != "fiction" and (e.title or e.question)]
    if not structured:
        raise IngestError(f"{name}: no recognizable rulebook structure (no rules, glossary, errata or FAQ found)")
    return doc
