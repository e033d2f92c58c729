"""HTML ingester: a rulebook web page (Keeper of the Cards) to a :class:`~ingest.model.ParsedDocument`.

The page is read as a flat run of headings and blocks. Headings of the most common smallest level
(``<h3>`` in the 11th edition) open top-level sections, deeper ones nest under them, shallower ones
before the first section form the document title. A section is told apart by its heading text and id
(glossary, rulings/clarifications, revised text, redacted/banned, revised costs, contents), never by
its position; everything else is a ``rule`` section. Inside rule sections, paragraphs opening with
"For example" / "As an example" / "Example:" become ``example`` entries and lists of
``Name Counter: effect`` items become ``counter`` entries, both attached to their section.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from bs4 import BeautifulSoup
from bs4.element import Tag

from . import html_items
from .html_tree import TreeFacts, parse_html
from .html_text import HEADING_TAGS, LIST_TAGS, SKIP_TAGS, inline, is_text, render_blocks, render_list, repair_entities
from .model import Entry, ParseContext, ParsedDocument
from textnorm import plain
from .sections import section_of

#: containers walked through (their children become blocks) rather than read as one block
_CONTAINERS = frozenset({"html", "body", "main", "div", "section", "article", "header", "center"})
_BLOCKISH = frozenset({"p", "table", "blockquote", "pre", "figure", "hr"}) | LIST_TAGS | _CONTAINERS
_CHROME_TOKENS = frozenset(
    {"footer", "nav", "navbar", "menu", "sidebar", "toc", "breadcrumb", "breadcrumbs", "skip-link", "cookie", "cookies"}
)
_EXAMPLE = re.compile(r"^(?:for example\b|as an example\b|example\s*:\s*)", re.I)
_VERSION = (
    re.compile(r"\b(\d+)\s*(?:st|nd|rd|th)?\s+edition\b", re.I),
    re.compile(r"\bversion\s+(\d+(?:\.\d+)*)\b", re.I),
    re.compile(r"\bv(\d+(?:\.\d+)+)\b", re.I),
)


@dataclass
class _Heading:
    level: int
    text: str
    anchor: str | None


@dataclass
class _Frame:
    level: int
    kind: str
    index: int | None  # entry index of a rule section


def classify(heading: str, anchor: str | None = None) -> str | None:
    """The special kind a section heading opens, or ``None`` for an ordinary rules section.

    >>> classify("Redacted Ability Text (Banned Cards)"), classify("Revised Costs", "costs")
    ('redacted', 'cost')
    """
    words = f"{plain(heading)} {(anchor or '').lower().replace('-', ' ').replace('_', ' ')}"
    if re.search(r"\b(?:table of )?contents\b|\btoc\b", words):
        return "skip"
    if "glossary" in words or section_of(heading) == "glossary" or re.search(r"\bdefinitions\b", words):
        return "glossary"
    if re.search(r"redact|\bbanned\b", words):
        return "redacted"
    if re.search(r"\bcosts?\b", words) and re.search(r"revis|errat|chang|updat", words):
        return "cost"
    if re.search(r"ruling|clarification", words):
        return "ruling"
    if re.search(r"revis|errata", words):
        return "errata"
    if section_of(heading) == "fiction":
        return "fiction"
    return None


def _is_licence(rel) -> bool:
    """A ``rel`` naming a licence (``rel="license"``; BeautifulSoup reads ``rel`` as a list)."""
    return bool(rel) and "license" in (" ".join(rel) if isinstance(rel, list) else rel)


def _is_chrome(el: Tag, facts: TreeFacts) -> bool:
    """Navigation, footers, license notes: page furniture, not rulebook text."""
    if el.name in SKIP_TAGS or el.name == "footer":
        return True
    if el.get("role") in ("navigation", "contentinfo", "banner"):
        return True
    tokens = {t.lower() for t in el.get("class") or []} | {str(el.get("id") or "").lower()}
    if tokens & _CHROME_TOKENS:
        return True
    return facts.holds_licence(el) and facts.text_length(el) < 400


def _anchor(h: Tag) -> str | None:
    if h.get("id"):
        return h["id"]
    inner = h.find(lambda t: t.get("id") or (t.name == "a" and t.get("name")))
    if inner is not None:
        return inner.get("id") or inner.get("name")
    parent = h.parent
    if parent is not None and parent.name in ("section", "article") and parent.get("id"):
        return parent["id"]
    return None


def _events(root: Tag, facts: TreeFacts) -> list:
    """Headings (as :class:`_Heading`) and content blocks (Tags or loose strings), in page order.
    Containers holding blocks are walked through with a stack of their children, not recursively."""
    events: list = []

    def flush(loose: list) -> None:  # inline runs directly inside a container
        if inline(loose):
            events.append(list(loose))
        loose.clear()

    stack = [(iter(root.children), [])]
    while stack:
        children, loose = stack[-1]
        child = next(children, None)
        if child is None:
            flush(loose)
            stack.pop()
            continue
        if is_text(child):
            loose.append(child)
            continue
        if not isinstance(child, Tag) or _is_chrome(child, facts):
            continue
        if child.name in HEADING_TAGS:
            flush(loose)
            events.append(_Heading(int(child.name[1]), inline(child, drop=()), _anchor(child)))
        elif child.name in _CONTAINERS and facts.holds_block(child):
            flush(loose)
            stack.append((iter(child.children), []))
        elif child.name in _BLOCKISH or child.name in _CONTAINERS:
            flush(loose)
            events.append(child)
        else:
            loose.append(child)
    return events


def _text_of(block) -> str:
    return inline(block) if isinstance(block, (Tag, list)) else ""


def _render(block) -> list[str]:
    if isinstance(block, list):
        text = inline(block)
        return [text] if text else []
    if block.name == "hr":
        return []
    return render_blocks(block)


def _title(headings: list[_Heading], soup: BeautifulSoup) -> str | None:
    parts: list[str] = []
    for h in headings:
        if h.text and not any(plain(h.text) in plain(p) for p in parts):
            parts = [p for p in parts if plain(p) not in plain(h.text)] + [h.text]
    if parts:
        return " ".join(parts)
    if soup.title and soup.title.get_text(strip=True):
        return inline(soup.title, drop=())
    return None


def _version(*texts: str | None) -> str | None:
    for text in texts:
        for pattern in _VERSION:
            m = pattern.search(text or "")
            if m:
                return m.group(1)
    return None


def parse(text: str, context: ParseContext) -> ParsedDocument:
    """Parse an HTML rulebook page. Never raises for odd markup; an empty result means no rulebook."""
    text, warnings = repair_entities(text)
    soup, deep = parse_html(text, context.source_name, context.max_input_size)
    del text  # the tree holds it now
    warnings.extend(deep)
    root = soup.body or soup
    events = _events(root, TreeFacts(root, (*_BLOCKISH, *HEADING_TAGS), _is_licence))
    headings = [e for e in events if isinstance(e, _Heading)]
    doc = ParsedDocument(entries=[], parser="html", warnings=warnings)
    if not headings:
        doc.title = _title([], soup)
        doc.warnings.append(f"{context.source_name}: no headings found, no rulebook sections read")
        return doc
    counts = Counter(h.level for h in headings)
    repeated = [lvl for lvl, n in counts.items() if n >= 2]
    base = min(repeated) if repeated else min(counts)

    first = next(i for i, e in enumerate(events) if isinstance(e, _Heading) and e.level >= base)
    doc.title = _title([e for e in events[:first] if isinstance(e, _Heading)], soup)
    doc.stated_version = _version(doc.title, soup.title.get_text() if soup.title else None)
    preamble = [b for e in events[:first] if not isinstance(e, _Heading) for b in _render(e)]
    if preamble:
        doc.entries.append(
            Entry(kind="fiction", title="Introduction", body="\n\n".join(preamble), level=1, category="Introduction")
        )

    stack: list[_Frame] = []
    i = first
    while i < len(events):
        head = events[i]
        j = i + 1
        while j < len(events) and not isinstance(events[j], _Heading):
            j += 1
        blocks = events[i + 1 : j]
        if head.level < base:  # a stray title-level heading later on: treat as top level
            head.level = base
        while stack and stack[-1].level >= head.level:
            stack.pop()
        kind = classify(head.text, head.anchor)
        if kind is None:
            kind = stack[-1].kind if stack and stack[-1].kind not in ("rule", "fiction") else "rule"
        rule_parent = next((f.index for f in reversed(stack) if f.index is not None), None)
        has_children = j < len(events) and events[j].level > head.level
        index = _section(doc, head, kind, blocks, head.level - base + 1, rule_parent, has_children)
        stack.append(_Frame(head.level, kind, index))
        i = j
    return doc


def _section(
    doc: ParsedDocument, head: _Heading, kind: str, blocks: list, level: int, parent: int | None, has_children: bool
) -> int | None:
    """Add the entries of one section; return the index of its ``rule`` entry, if it made one."""
    if kind == "skip":
        return None
    if kind not in ("rule", "fiction"):
        items = {
            "glossary": lambda: html_items.term_items(blocks, "glossary"),
            "ruling": lambda: html_items.term_items(blocks, "ruling"),
            "errata": lambda: html_items.errata_items(blocks),
            "redacted": lambda: html_items.redacted_items(blocks),
            "cost": lambda: html_items.cost_items(blocks),
        }[kind]()
        if items:
            for entry in items:
                entry.parent, entry.category = parent, head.text
                doc.entries.append(entry)
            return None
        if blocks:
            doc.warnings.append(
                f"section “{head.text}” looks like a {kind} section but has no "
                f"recognizable items; kept as a rule section"
            )
        kind = "rule"
    if kind == "fiction":
        body = "\n\n".join(b for block in blocks for b in _render(block))
        doc.entries.append(
            Entry(kind="fiction", title=head.text, body=body, level=level, parent=parent, category=head.text)
        )
        return None

    entry = Entry(
        kind="rule",
        title=head.text,
        body="",
        level=level,
        parent=parent,
        data={"anchor": head.anchor} if head.anchor else {},
    )
    index = len(doc.entries)
    doc.entries.append(entry)
    body: list[str] = []
    extras: list[Entry] = []
    for block in blocks:
        if isinstance(block, list) or block.name == "p":
            text = _text_of(block)
            if _EXAMPLE.match(text):
                extras.append(
                    Entry(
                        kind="example",
                        title=None,
                        body=_EXAMPLE.sub("", text, count=1) if text.lower().startswith("example") else text,
                        parent=index,
                        category=head.text,
                    )
                )
                continue
        elif block.name in ("ul", "ol"):
            counters = html_items.counter_items(block)
            if counters:
                for counter in counters:
                    counter.parent, counter.category = index, head.text
                extras.extend(counters)
                continue
            body.append(render_list(block))
            continue
        body.extend(_render(block))
    examples = [e for e in extras if e.kind == "example"]
    for n, example in enumerate(examples, 1):
        example.title = f"Example: {head.text}" if len(examples) == 1 else f"Example {n}: {head.text}"
    entry.body = "\n\n".join(b for b in body if b)
    if not entry.body and not extras and not has_children:
        doc.entries.pop()
        doc.warnings.append(f"section “{head.text}” has no text; skipped")
        return None
    doc.entries.extend(extras)
    return index
