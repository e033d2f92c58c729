"""An independent reading of a CR twin for the container tests: rule numbers and bodies, glossary
terms, read from the text file or from the DOCX's XML with regular expressions (not with the
parser, nor with python-docx), and the normalisation both sides are compared under."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

_RULE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.?\s+(.*)$")


def twin_lines(path: Path) -> list[str]:
    """The text file's lines, or the DOCX's paragraphs (``<w:p>``, its ``<w:t>`` runs joined, a
    ``<w:br/>`` a line break) read from ``word/document.xml``."""
    if path.suffix == ".docx":
        xml = zipfile.ZipFile(path).read("word/document.xml").decode("utf-8")
        lines = []
        for para in re.findall(r"<w:p(?: [^>]*)?/>|<w:p[ >].*?</w:p>", xml, re.S):
            para = re.sub(r"<w:(?:br|cr)\b[^>]*/>", "<w:t>\n</w:t>", para)
            text = "".join(re.findall(r"<w:t(?: [^>]*)?>([^<]*)</w:t>", para))
            text = text.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"')
            lines.extend(text.split("\n"))
        return lines
    data = path.read_bytes()
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = data.decode("utf-16")
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:  # the 8-bit files this test reads are Windows cp1252
            text = data.decode("cp1252", "replace")
    return re.split(r"\r\n|\r|\n", text)


def norm(text: str) -> str:
    """Whitespace, quotes, dashes and marks evened out: ``--``/``—``/``–`` the ASCII ``-`` an ASCII
    file writes for them, ``(r)``/``(tm)`` as ``®``/``™``, ``<url>`` the url, no ``_italic_`` marks
    (the 2008-2014 text files; a URL's "UTR_Intro" and a blank "________" keep theirs)."""
    text = re.sub(r"(?<![\w_])_(?=[^\s_])|(?<=[^\s_])_(?![\w_])", "", text)
    text = re.sub(r"[“”„″]", '"', re.sub(r"[‘’‚′]", "'", text))
    text = re.sub(r"\s*(?:--|—|–)\s*|\s+-\s*", "-", text)
    text = re.sub(r"\s*\((?:r|R)\)", "®", re.sub(r"\s*\((?:tm|TM)\)", "™", text))
    text = re.sub(r"<([^<>\s]+)>", r"\1", text)
    text = re.sub(r"\s+", " ", text).strip()
    return re.sub(r" ([,.;:!?)])", r"\1", text)


def twin_rules(path: Path) -> dict[str, str]:
    """Rule number -> body (its first paragraph, as the twin states it) between the first numbered
    rule and the line ``Glossary``."""
    lines = twin_lines(path)
    first = next(i for i, line in enumerate(lines) if _RULE.match(line.strip()))
    end = next(i for i in range(first, len(lines)) if lines[i].strip() == "Glossary")
    rules: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in lines[first:end]:
        if m := _RULE.match(line.strip()):
            current = rules.setdefault(m.group(1), [m.group(2)])
        elif not line.strip() or line.strip().startswith("Example") or re.match(r"\d\.? ", line):
            current = None
        elif current is not None:
            current.append(line)
    return {number: norm(" ".join(text)) for number, text in rules.items()}


def twin_glossary(path: Path) -> list[str]:
    """Glossary terms: a line after a blank one with text right under it, from ``Glossary`` to ``Credits``."""
    lines = [line.rstrip() for line in twin_lines(path)]
    start = max(i for i, line in enumerate(lines) if line.strip() == "Glossary")
    end = next((i for i in range(start, len(lines)) if lines[i].strip() == "Credits"), len(lines))
    return [
        lines[i].strip()
        for i in range(start + 1, end - 1)
        if lines[i].strip() and not lines[i - 1].strip() and lines[i + 1].strip() and not lines[i][:1].isspace()
    ]


def twin_examples(path: Path) -> int:
    """Lines starting ``Example:`` from the first numbered rule to ``Credits``."""
    lines = twin_lines(path)
    first = next(i for i, line in enumerate(lines) if _RULE.match(line.strip()))
    end = max((i for i, line in enumerate(lines) if line.strip() == "Credits"), default=len(lines))
    return sum(line.strip().startswith("Example:") for line in lines[first:end])
