"""The Comprehensive Rules from a DOCX: its paragraphs are the lines the CR parser reads.

The publisher's DOCX has real paragraph structure (a style per kind: "CR Heading", "CR 100.1a",
"CR GlossaryWord", "CR GlossaryText"), and empty paragraphs between blocks where the text file has
blank lines, so each paragraph is one line of the text the CR parser (:mod:`ingest.cr`) reads, and
a line break inside a paragraph (a glossary term's numbered senses) one line more. Read with
python-docx, the maintained reader of the format.
"""

from __future__ import annotations

import io
import zipfile

from .errors import IngestError


def is_docx(data: bytes) -> bool:
    """A Word document: a ZIP container holding ``word/document.xml``."""
    if not data.startswith(b"PK\x03\x04"):
        return False
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            return "word/document.xml" in z.namelist()
    except zipfile.BadZipFile:
        return False


def docx_text(data: bytes, name: str) -> str:
    """The document's paragraphs, one per line (empty paragraphs as blank lines), tables' cells too."""
    import docx  # python-docx: only a DOCX source needs it

    try:
        document = docx.Document(io.BytesIO(data))
    except Exception as exc:  # a damaged package raises KeyError, BadZipFile, XMLSyntaxError, ...
        raise IngestError(f"{name}: unreadable DOCX ({type(exc).__name__}), expected a Word document") from None
    lines = [p.text for p in document.paragraphs]
    for table in document.tables:
        for row in table.rows:
            lines.append(" ".join(cell.text for cell in row.cells))
    text = "\n".join(lines)
    if not text.strip():
        raise IngestError(f"{name}: DOCX holds no text, expected a rulebook")
    return text
