"""Turning HTML fragments into readable text, for the HTML ingester (:mod:`ingest.html`).

Paragraphs become blank-line separated blocks, list items ``1. ...`` / ``- ...`` lines (nested lists
indented), tables ``cell | cell`` rows. Images, scripts and navigation are dropped. ``<var>x</var>``
placeholders render as the bare letter in plain text and as ``{x}`` in templates; ``<ins>``/``<del>``
edits can be shown or hidden so one cell yields both the text before and after a revision.

:func:`inline` reads a fragment with a stack, not recursively; the renderers of lists and blocks
recurse once per nesting level, which the tree keeps below :data:`ingest.limits.MAX_HTML_DEPTH`
(:mod:`ingest.html_tree`).
"""

from __future__ import annotations

import difflib
import re
from html.entities import html5 as _HTML5

from bs4.element import NavigableString, PreformattedString, Tag

from textnorm import squash_spaces

#: elements whose content is never rule text
SKIP_TAGS = frozenset(
    {
        "script",
        "style",
        "template",
        "nav",
        "img",
        "picture",
        "svg",
        "noscript",
        "iframe",
        "video",
        "audio",
        "head",
        "title",
        "meta",
        "link",
        "button",
        "input",
        "select",
        "textarea",
        "map",
        "canvas",
    }
)
LIST_TAGS = frozenset({"ul", "ol", "dl"})
#: elements that start a new block of text when met inside another element
BLOCK_TAGS = (
    frozenset(
        {
            "p",
            "div",
            "section",
            "article",
            "main",
            "header",
            "aside",
            "blockquote",
            "figure",
            "figcaption",
            "pre",
            "table",
            "form",
            "details",
            "summary",
            "address",
            "center",
        }
    )
    | LIST_TAGS
)
HEADING_TAGS = ("h1", "h2", "h3", "h4", "h5", "h6")

_WS = re.compile(r"[ \t\r\n\f\v\u00a0]+")
_SPACE_BEFORE_PUNCT = re.compile(r" +([.,;:!?)\]])")
_ENTITY = re.compile(r"&([A-Za-z][A-Za-z0-9]{0,31});")
#: entity slips seen in hand-written pages -> the entity meant
ENTITY_ALIASES = {
    "en": "ndash",
    "em": "mdash",
    "ndsh": "ndash",
    "mdsh": "mdash",
    "elip": "hellip",
    "apos": "apos",
    "nbps": "nbsp",
    "rsqo": "rsquo",
    "lsqo": "lsquo",
}
_NAMES = sorted(n[:-1] for n in _HTML5 if n.endswith(";"))
#: entity warnings listed one by one; past these, one line counts the rest
MAX_ENTITY_WARNINGS = 50


def repair_entities(text: str) -> tuple[str, list[str]]:
    """Replace unknown ``&name;`` references by the entity they most plausibly meant.

    Returns the repaired source and one warning per repair (or per reference left as it was), the
    first :data:`MAX_ENTITY_WARNINGS` of them and then how many more. Linear in the text: line
    numbers are counted on from the previous reference, and each name is looked up once.
    """
    warnings: list[str] = []
    guesses: dict[str, str | None] = {}
    at = [0, 1]  # offset and line number of the previous reference
    more = 0

    def fix(m: re.Match[str]) -> str:
        nonlocal more
        name = m.group(1)
        if name + ";" in _HTML5:
            return m.group(0)
        if name not in guesses:
            guesses[name] = _guess(name)
        guess = guesses[name]
        if len(warnings) >= MAX_ENTITY_WARNINGS:
            more += 1
            return m.group(0) if guess is None else f"&{guess};"
        at[1] += text.count("\n", at[0], m.start())
        at[0] = m.start()
        line = at[1]
        context = _WS.sub(" ", text[max(0, m.start() - 20) : m.end() + 20]).strip()
        if guess is None:
            warnings.append(f"line {line}: unknown HTML entity {m.group(0)} kept as text (in “{context}”)")
            return m.group(0)
        char = _HTML5[guess + ";"]
        warnings.append(f"line {line}: malformed HTML entity {m.group(0)} read as {char!r} (&{guess};) in “{context}”")
        return f"&{guess};"

    repaired = _ENTITY.sub(fix, text)
    if more:
        warnings.append(f"{more:,} more malformed or unknown HTML entities")
    return repaired, warnings


def _guess(name: str) -> str | None:
    """The entity an unknown ``&name;`` most plausibly meant, or ``None``."""
    guess = ENTITY_ALIASES.get(name)
    if guess is None and name + "dash;" in _HTML5:
        guess = name + "dash"
    if guess is None and len(name) >= 4:
        close = difflib.get_close_matches(name, _NAMES, n=1, cutoff=0.8)
        guess = close[0] if close else None
    return guess


def tidy(text: str) -> str:
    """Collapse spaces (keeping line breaks) and close gaps left before punctuation."""
    return _SPACE_BEFORE_PUNCT.sub(r"\1", squash_spaces(text))


def is_text(node: object) -> bool:
    return isinstance(node, NavigableString) and not isinstance(node, PreformattedString)


def inline(nodes, *, template: bool = False, drop: tuple[str, ...] = ("del",), stop: frozenset[str] = LIST_TAGS) -> str:
    """Text of ``nodes`` (a Tag or an iterable of nodes) as one tidy run of text.

    ``template``: render ``<var>x</var>`` as ``{x}`` instead of ``x``. ``drop``: tags whose content is
    left out (``del`` for the current text, ``ins`` for the text before a revision). ``stop``: tags
    not descended into (nested lists, rendered separately by the caller).
    """
    parts: list[str] = []
    stack = [iter([nodes] if isinstance(nodes, Tag) else nodes)]  # children still to read, per level
    while stack:
        node = next(stack[-1], None)
        if node is None:
            stack.pop()
            continue
        if is_text(node):
            parts.append(_WS.sub(" ", str(node)))
            continue
        if not isinstance(node, Tag):
            continue
        name = node.name
        if name in SKIP_TAGS or name in drop or name in stop:
            continue
        if name == "br":
            parts.append("\n")
        elif name == "var":
            var = _WS.sub(" ", node.get_text()).strip()
            parts.append("{" + var + "}" if template else var)
        else:
            stack.append(iter(node.children))
    return tidy("".join(parts))


def variables(node: Tag) -> list[str]:
    """Names of the ``<var>`` placeholders in ``node``, in order of first use."""
    out: list[str] = []
    for var in node.find_all("var"):
        name = _WS.sub(" ", var.get_text()).strip()
        if name and name not in out:
            out.append(name)
    return out


def split_item(el: Tag, **kw) -> tuple[str, list[str]]:
    """A list item (or cell) as its own text and the rendered lines of any nested lists/blocks."""
    own: list = []
    extra: list[tuple[bool, str]] = []  # (is a list, rendered text)
    for child in el.children:
        if isinstance(child, Tag) and child.name in SKIP_TAGS:
            continue
        if isinstance(child, Tag) and child.name in LIST_TAGS:
            extra.append((True, render_list(child, **kw)))
        elif isinstance(child, Tag) and child.name in BLOCK_TAGS:
            extra.extend((False, block) for block in render_blocks(child, **kw))
        else:
            own.append(child)
    text = inline(own, **kw)
    if not text and extra and not extra[0][0]:
        text = extra.pop(0)[1]  # <li><p>text</p>...</li>
    return text, [block for _, block in extra if block]


def _marker(n: int, kind: str) -> str:
    if kind in ("a", "A"):
        s = ""
        while n > 0:
            n, r = divmod(n - 1, 26)
            s = chr(ord("a") + r) + s
        return s.upper() if kind == "A" else s
    if kind in ("i", "I"):
        out = ""
        for value, numeral in (
            (1000, "m"),
            (900, "cm"),
            (500, "d"),
            (400, "cd"),
            (100, "c"),
            (90, "xc"),
            (50, "l"),
            (40, "xl"),
            (10, "x"),
            (9, "ix"),
            (5, "v"),
            (4, "iv"),
            (1, "i"),
        ):
            while n >= value:
                out, n = out + numeral, n - value
        return out.upper() if kind == "I" else out
    return str(n)


def render_list(lst: Tag, depth: int = 0, **kw) -> str:
    """``<ol>``/``<ul>``/``<dl>`` as ``1. ...`` / ``- ...`` / ``term: definition`` lines."""
    pad = "   " * depth
    lines: list[str] = []
    if lst.name == "dl":
        term = ""
        for child in lst.find_all(("dt", "dd"), recursive=False):
            if child.name == "dt":
                term = inline(child, **kw)
            else:
                lines.append(f"{pad}- {term}: {inline(child, **kw)}" if term else f"{pad}- {inline(child, **kw)}")
                term = ""
        return "\n".join(lines)
    ordered = lst.name == "ol"
    kind = lst.get("type", "1") if ordered else "-"
    try:
        n = int(lst.get("start", 1))
    except ValueError:
        n = 1
    for li in lst.find_all("li", recursive=False):
        marker = f"{_marker(n, kind)}." if ordered else "-"
        n += 1
        text, extra = split_item(li, **kw)
        lines.append(f"{pad}{marker} {text}".rstrip())
        for block in extra:
            for line in block.split("\n"):
                # nested lists come back rendered at depth 0: indent them one level
                lines.append(f"{pad}   {line}" if line else "")
    return "\n".join(line for line in lines if line.strip())


def render_table(table: Tag, **kw) -> str:
    rows = []
    for tr in table.find_all("tr"):
        cells = [inline(c, **kw) for c in tr.find_all(("th", "td"), recursive=False)]
        if any(cells):
            rows.append(" | ".join(cells))
    return "\n".join(rows)


def render_blocks(el: Tag, **kw) -> list[str]:
    """``el`` as a list of text blocks (paragraphs, lists, tables), in order."""
    if el.name in LIST_TAGS:
        return [render_list(el, **kw)]
    if el.name == "table":
        return [render_table(el, **kw)]
    out: list[str] = []
    loose: list = []

    def flush() -> None:
        text = inline(loose, **kw)
        if text:
            out.append(text)
        loose.clear()

    for child in el.children:
        if isinstance(child, Tag) and child.name in SKIP_TAGS:
            continue
        if isinstance(child, Tag) and (child.name in BLOCK_TAGS or child.name in HEADING_TAGS):
            flush()
            out.extend(render_blocks(child, **kw))
        else:
            loose.append(child)
    flush()
    return [block for block in out if block]
