"""Markdown rulebooks -> normalized entries.

Two passes: markdown-it-py parses the source (CommonMark) and :func:`ingest.markdown_tokens.tokenize`
flattens its tokens into headings, paragraphs and list items with plain text (inline icons already
read as words, :mod:`ingest.icons`); then a chain of small rules gives them rulebook meaning:

1. front matter, the ``VERSION x.y`` heading and navigation lists are metadata, not entries;
2. a lone top-level heading above everything else is the document title;
3. the remaining tokens are cut into blocks (a heading and the tokens up to the next heading);
4. headings named in :mod:`ingest.sections` open sections, and each section kind has one rule that
   turns its blocks into entries (:mod:`ingest.markdown_rules`).

Nothing here knows the wording of a particular edition: sections are found through the shared
vocabulary, questions by their markup (a heading, a bold paragraph, a "Q:" label; a plain paragraph
ending in "?" only as a guess, with confidence below 1), errata by their card references, examples
by their "Example:" label, icons by the game's icon vocabulary and the document's own definitions.
"""

from __future__ import annotations

import re

import yaml

from .icons import DocumentIcons
from .markdown_rules import Block, Builder, Walker
from .markdown_tokens import Token, tokenize
from .model import ParseContext, ParsedDocument
from textnorm import fix_ocr
from .sections import section_of

_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?)\n(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.S)
#: a heading that only states the edition, e.g. "VERSION 1.3 - MAY, 2019", "Rules v2.0"
_VERSION_HEADING = re.compile(r"^(?:rules\s+)?(?:version\s+|v)(\d+(?:\.\d+)*)\b", re.I)
_VERSION_IN_TITLE = re.compile(r"\bversion\s+(\d+(?:\.\d+)*)\b", re.I)


def parse(text: str, context: ParseContext) -> ParsedDocument:
    """Parse one Markdown rulebook. Never raises for odd input: it returns what it found and
    leaves the "nothing usable" decision to :func:`ingest.registry.parse_document`."""
    doc = ParsedDocument(entries=[], parser="markdown")
    text = fix_ocr(text.replace("\r\n", "\n").replace("\r", "\n"))
    text = _front_matter(text, doc)
    icons = DocumentIcons(context.game)
    tokens = tokenize(text, icons, context.max_input_size, context.source_name)
    doc.warnings.extend(icons.warnings)
    tokens = _take_version(tokens, doc)
    tokens = _drop_navigation(tokens, doc)
    tokens = [t for t in tokens if t.type not in ("image", "html", "hr")]
    tokens, base_depth = _take_title(tokens, doc)
    Walker(Builder(doc), base_depth).run(_blocks(tokens))
    return doc


def _front_matter(text: str, doc: ParsedDocument) -> str:
    """YAML front matter may state the title and version; it is never rulebook text."""
    m = _FRONT_MATTER.match(text)
    if not m:
        return text
    try:
        meta = yaml.safe_load(m.group(1))
    except yaml.YAMLError:
        meta = None
    if not isinstance(meta, dict):
        return text
    if meta.get("title"):
        doc.title = str(meta["title"]).strip()
    if meta.get("version") is not None:
        doc.stated_version = str(meta["version"]).strip()
    return text[m.end() :]


def _take_version(tokens: list[Token], doc: ParsedDocument) -> list[Token]:
    """A heading that only states the version sets ``stated_version`` and is not an entry."""
    out = []
    for tok in tokens:
        m = _VERSION_HEADING.match(tok.text) if tok.type == "heading" else None
        if m:
            doc.stated_version = doc.stated_version or m.group(1)
            continue
        out.append(tok)
    return out


def _drop_navigation(tokens: list[Token], doc: ParsedDocument) -> list[Token]:
    """A list made only of links is a table of contents or nav bar: site chrome, not rules."""
    lists: dict[int, list[Token]] = {}
    for tok in tokens:
        if tok.type == "item":
            lists.setdefault(tok.group, []).append(tok)
    nav = {group for group, items in lists.items() if all(t.link_only for t in items)}
    for group in sorted(nav):
        items = lists[group]
        doc.warnings.append(f"line {items[0].line}: dropped a navigation list of {len(items)} links")
    return [t for t in tokens if not (t.type == "item" and t.group in nav)]


def _take_title(tokens: list[Token], doc: ParsedDocument) -> tuple[list[Token], int]:
    """The first heading is the document title when it is the only one at the top level and is
    not itself a section name; headings below it then count depth from it."""
    headings = [t for t in tokens if t.type == "heading"]
    if len(headings) < 2:
        return tokens, 0
    top = min(h.level for h in headings)
    first = headings[0]
    tops = [h for h in headings if h.level == top]
    if len(tops) != 1 or tops[0] is not first or section_of(first.text) is not None:
        return tokens, 0
    doc.title = doc.title or first.text
    m = _VERSION_IN_TITLE.search(first.text)
    if m and doc.stated_version is None:
        doc.stated_version = m.group(1)
    return [t for t in tokens if t is not first], top


def _blocks(tokens: list[Token]) -> list[Block]:
    """A block is a heading with the tokens up to the next heading (the first may have none)."""
    blocks = [Block(None, [])]
    for tok in tokens:
        if tok.type == "heading":
            blocks.append(Block(tok, []))
        else:
            blocks[-1].content.append(tok)
    return blocks


__all__ = ["parse", "tokenize"]
