"""Reading a source file: decoding, telling its format from its content, and the version it states.

Format detection looks at the content first (a PDF header, the title line and numbered rules of the
Magic: The Gathering Comprehensive Rules, HTML tags, Markdown headings) and at the file extension only
to break ties, so a Markdown file saved as ``.txt`` still parses as Markdown.
"""

from __future__ import annotations

import re
from pathlib import Path

from .cr_decode import looks_like_cr
from .cr_docx import is_docx
from .errors import IngestError
from .limits import read_capped

_VERSION_PATTERNS = [
    re.compile(r"\bVERSION\s+(\d+(?:\.\d+)*)\s*[-–—]", re.IGNORECASE),
    re.compile(r"MASTER\s+RULEBOOK\s*[•·\-–—:]\s*(\d+(?:\.\d+)*)", re.IGNORECASE),
    re.compile(r"\b(\d+)\s*(?:<sup>)?\s*(?:st|nd|rd|th)\s*(?:</sup>)?\s+Edition\b", re.IGNORECASE),
    re.compile(r"\bVERSION\s+(\d+\.\d+)\b", re.IGNORECASE),
]


def read_source(path: Path, max_size: int | None = None) -> bytes:
    """The bytes of a source document, at most ``max_size`` of them (:mod:`ingest.limits`)."""
    data = read_capped(Path(path), max_size)
    if not data or data.isspace():  # not data.strip(): no copy of a large file
        raise IngestError(f"{path}: file is empty, expected a rulebook document")
    return data


def decode_text(data: bytes, name: str) -> str:
    """Decode UTF-8 text (with or without BOM); anything else is refused with a clear message."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise IngestError(f"{name}: text is UTF-16 encoded, expected UTF-8")
    if b"\x00" in data[:4096]:
        raise IngestError(f"{name}: binary file, expected a rulebook in Markdown, HTML, PDF or text")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise IngestError(
            f"{name}: not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start}), expected UTF-8 text"
        ) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def container_of(data: bytes) -> str | None:
    """ "pdf" or "docx" for a document in one of those containers (by its header), else None."""
    if data[:4096].lstrip().startswith(b"%PDF-"):
        return "pdf"
    return "docx" if is_docx(data) else None


def detect_format(data: bytes, name: str = "") -> str:
    """Return one of :data:`ingest.formats.FORMATS` from the content (the extension only breaks ties)."""
    container = container_of(data)
    if container is not None:
        return container
    refuse_rtf(data, name)
    if looks_like_cr(data):  # before the binary check: some CR versions are UTF-16
        return "cr"
    if b"\x00" in data[:4096]:
        raise IngestError(f"{name}: binary file, expected a rulebook in Markdown, HTML, PDF or text")
    sample = data[:20000].decode("utf-8", errors="replace")
    low = sample.lower()
    if re.search(r"<!doctype html|<html[\s>]|<body[\s>]|<h[1-6][\s>]", low):
        return "html"
    if len(re.findall(r"(?m)^#{1,6} \S", sample)) >= 2:
        return "markdown"
    suffix = Path(name).suffix.lower()
    if suffix in (".md", ".markdown"):
        return "markdown"
    if suffix in (".html", ".htm"):
        return "html"
    return "text"


def refuse_rtf(data: bytes, name: str) -> None:
    """RTF is not read (its text is control words; the DOCX or text of the same release is): one line."""
    if data[:4096].lstrip().startswith(b"{\\rtf"):
        raise IngestError(f"{name}: RTF is not read, expected the same document as DOCX, PDF or text")


def stated_version(text: str) -> str | None:
    """The version a document states about itself, e.g. ``VERSION 1.3 - MAY, 2019`` -> ``"1.3"``."""
    head = text[:200000]
    for pattern in _VERSION_PATTERNS:
        m = pattern.search(head)
        if m:
            return m.group(1)
    return None
