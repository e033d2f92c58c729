"""Items of the special sections of an HTML rulebook: glossary terms, rulings, revised texts,
redacted texts, revised costs and named counters.

Each reader takes the block elements of one section and returns :class:`~ingest.model.Entry` objects
without ``parent``/``category`` (the caller places them). They read structure (lists, tables,
``<ins>``/``<del>``, ``<var>``) rather than positions, so an edition with more items parses the same.
"""

from __future__ import annotations

import re
from typing import Iterable

from bs4.element import Tag

from .html_text import inline, split_item, variables
from .model import Entry

_QUOTED_TERM = re.compile(r"^[“\"„]\s*(?P<term>.+?)\s*[”\"]\s*[:–—]\s*(?P<body>.*)$", re.S)
_PLAIN_TERM = re.compile(r"^(?P<term>[^:\n]{1,60}?)\s*:\s+(?P<body>.+)$", re.S)
_EDITION = re.compile(r"\(\s*(\d+)\s*(?:st|nd|rd|th)?\s+edition\s*\)\s*$", re.I)
_QUOTED = re.compile(r"^[“\"]\s*(.*?)\s*[”\"]$", re.S)
_COUNTER = re.compile(r"^(?P<name>[A-Z][\w’'\- ]{0,40}?\s+Counter)s?\s*:\s*(?P<effect>.+)$", re.S)


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _tags(blocks: Iterable, names: tuple[str, ...]) -> list[Tag]:
    """Elements named ``names`` among ``blocks`` or inside them (not inside each other)."""
    out: list[Tag] = []
    for el in blocks:
        if not isinstance(el, Tag):
            continue
        if el.name in names:
            out.append(el)
        else:
            out.extend(t for t in el.find_all(names) if not t.find_parent(names))
    return out


def _items(blocks: Iterable) -> list[Tag]:
    """The top-level ``<li>`` of every list among ``blocks``."""
    return [li for lst in _tags(blocks, ("ul", "ol")) for li in lst.find_all("li", recursive=False)]


def _body(text: str, extra: list[str]) -> str:
    return "\n".join([text, *extra]).strip()


def term_items(blocks: list, kind: str) -> list[Entry]:
    """``“Term”: definition`` items (lists, definition lists, or paragraphs opening with a term)."""
    out: list[Entry] = []

    def add(text: str, extra: list[str], loose: bool) -> None:
        m = _QUOTED_TERM.match(text) or (_PLAIN_TERM.match(text) if loose else None)
        if m:
            out.append(Entry(kind=kind, title=m.group("term").strip(), body=_body(m.group("body"), extra)))
        elif loose and text:
            out.append(
                Entry(
                    kind=kind,
                    title=None,
                    body=_body(text, extra),
                    confidence=0.5,
                    needs_review=True,
                    review_reason="item has no “term”: definition form",
                )
            )

    for el in blocks:
        if not isinstance(el, Tag):
            continue
        if el.name in ("ul", "ol"):
            for li in el.find_all("li", recursive=False):
                add(*split_item(li), loose=True)
        elif el.name == "dl":
            term = None
            for child in el.find_all(("dt", "dd"), recursive=False):
                if child.name == "dt":
                    term = _QUOTED.sub(r"\1", inline(child))
                elif term:
                    text, extra = split_item(child)
                    out.append(Entry(kind=kind, title=term, body=_body(text, extra)))
                    term = None
        elif el.name == "p":
            first = next((c for c in el.children if not (isinstance(c, str) and not c.strip())), None)
            led = isinstance(first, Tag) and first.name in ("strong", "b", "dfn")
            add(inline(el), [], loose=led)
    return out


def _edit_cells(blocks: list) -> list[tuple[Tag, Tag]]:
    """(original, revised) cell pairs from tables, or the same item twice for inline ``<ins>/<del>``."""
    pairs: list[tuple[Tag, Tag]] = []
    for table in _tags(blocks, ("table",)):
        orig_col, rev_col = 0, 1
        for tr in table.find_all("tr"):
            cells = tr.find_all(("td", "th"), recursive=False)
            if cells and all(c.name == "th" for c in cells):
                heads = [inline(c).lower() for c in cells]
                orig_col = next((i for i, h in enumerate(heads) if re.search(r"original|old|before", h)), 0)
                rev_col = next((i for i, h in enumerate(heads) if re.search(r"revised|new|after|current", h)), 1)
                continue
            if len(cells) > max(orig_col, rev_col):
                pairs.append((cells[orig_col], cells[rev_col]))
            elif len(cells) == 1 and cells[0].find(("ins", "del")):
                pairs.append((cells[0], cells[0]))
    for li in _items(blocks):
        if li.find(("ins", "del")):
            pairs.append((li, li))
    return pairs


def errata_items(blocks: list) -> list[Entry]:
    out: list[Entry] = []
    for orig, rev in _edit_cells(blocks):
        original, revised = inline(orig, drop=("ins",)), inline(rev, drop=("del",))
        if not original and not revised:
            continue
        cells = [orig] if orig is rev else [orig, rev]
        inserted: list[str] = []
        deleted: list[str] = []
        for cell in cells:
            for tag, bucket in (("ins", inserted), ("del", deleted)):
                for el in cell.find_all(tag):
                    text = inline(el, drop=())
                    if text and text not in bucket:
                        bucket.append(text)
        names = [v for cell in cells for v in variables(cell)]
        data = {
            "original": original,
            "revised": revised,
            "inserted": inserted,
            "deleted": deleted,
            "template_original": inline(orig, template=True, drop=("ins",)),
            "template_revised": inline(rev, template=True, drop=("del",)),
            "variables": list(dict.fromkeys(names)),
        }
        out.append(
            Entry(kind="errata", title=original or revised, body=f"Original: {original}\nRevised: {revised}", data=data)
        )
    return out


def redacted_items(blocks: list) -> list[Entry]:
    out: list[Entry] = []
    for li in _items(blocks):
        text = _QUOTED.sub(r"\1", inline(li))
        if not text:
            continue
        template = _QUOTED.sub(r"\1", inline(li, template=True))
        out.append(
            Entry(
                kind="redacted",
                title=text,
                body=f"{text}\nCards with this ability text are banned.",
                data={"template": template, "variables": variables(li)},
            )
        )
    return out


def cost_items(blocks: list) -> list[Entry]:
    out: list[Entry] = []
    for li in _items(blocks):
        text, template = inline(li), inline(li, template=True)
        m = _EDITION.search(text)
        edition = int(m.group(1)) if m else None
        if m:
            text = text[: m.start()].strip()
            template = _EDITION.sub("", template).strip()
        text, template = _QUOTED.sub(r"\1", text), _QUOTED.sub(r"\1", template)
        if not text:
            continue
        if edition is None:
            body = f"{text}\nCost revised (the edition is not stated)."
        else:
            ed = ordinal(edition)
            body = (
                f"{text}\nCost revised in the {ed} Edition: cards with this text must bear an "
                f"Edition Indicator of the {ed} Edition or later, otherwise they are banned."
            )
        out.append(
            Entry(
                kind="cost",
                title=text,
                body=body,
                data={"edition": edition, "template": template, "variables": variables(li)},
                needs_review=edition is None,
                review_reason=None if m else "no “(Nth Edition)” after the text",
            )
        )
    return out


def counter_items(lst: Tag) -> list[Entry] | None:
    """Named counters, if every item of ``lst`` reads ``Name Counter: effect``; else ``None``."""
    items = lst.find_all("li", recursive=False) if lst.name in ("ul", "ol") else []
    out: list[Entry] = []
    for li in items:
        text, extra = split_item(li)
        m = _COUNTER.match(text)
        if not m:
            return None
        effect = m.group("effect").strip()
        data = {"effect": effect}
        notes = [re.sub(r"^\s*(?:-|\d+\.)\s+", "", line) for block in extra for line in block.split("\n")]
        if notes:
            data["notes"] = [n for n in notes if n.strip()]
        out.append(Entry(kind="counter", title=m.group("name").strip(), body=_body(effect, extra), data=data))
    return out or None
