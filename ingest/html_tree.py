"""The element tree of an HTML source, built so that reading it costs time linear in its size.

BeautifulSoup with Python's ``html.parser`` builds the tree without recursion, but the readers
above it (:mod:`ingest.html`, :mod:`ingest.html_text`) walk it recursively and ask, of each element,
questions about everything below it. Two things keep that linear:

- **A depth cap.** An element that would open deeper than :data:`ingest.limits.MAX_HTML_DEPTH`
  is not opened: its text goes to the element at the cap, where it is read as text (void elements
  such as ``<br>`` are still kept; the content of a dropped ``<script>`` or ``<style>`` is
  dropped). A rulebook page nests about 10 deep; a page nested 100,000 deep, or with thousands of
  ``<p>`` never closed (``html.parser`` nests each in the one before), is read in seconds with a
  warning instead of ending in a RecursionError, and every walk below is at most that deep.
  BeautifulSoup has no such option (``html5lib``, which would close the ``<p>``, is not a
  dependency), hence the subclass.
- **Facts gathered once** (:class:`TreeFacts`): which elements hold a block or a heading, which
  hold a licence link, and the length of their text, computed in one pass from the leaves up,
  instead of a ``find()`` or ``get_text()`` per element over everything below it (quadratic in
  the depth).

And one bounds its memory: each element costs BeautifulSoup about 1.5 KB, so a page of bare tags
takes some 200 times its size; the parse stops with a one-line error past the element budget of
:func:`ingest.limits.html_element_budget`.
"""

from __future__ import annotations

from collections import Counter

from bs4 import BeautifulSoup
from bs4.element import CData, NavigableString, Tag

from .limits import MAX_HTML_DEPTH, html_element_budget, too_much_markup

#: elements whose content html.parser reads as raw text: dropped with the element past the cap
_RAW_TEXT = frozenset({"script", "style"})
_TEXT_TYPES = (NavigableString, CData)
_PLAIN = set(_TEXT_TYPES)


class _TooManyElements(Exception):
    pass


class CappedSoup(BeautifulSoup):
    """A BeautifulSoup tree (``html.parser``) no deeper than ``max_depth`` elements, and of at most
    ``max_elements`` (each costs about 1.5 KB: the markup of a page, not its size, decides how many
    it has)."""

    max_depth = MAX_HTML_DEPTH

    def __init__(self, markup: str, max_elements: int | None = None) -> None:
        self.max_elements = max_elements  # before the parse, which BeautifulSoup runs in __init__
        super().__init__(markup, "html.parser")

    def reset(self) -> None:
        super().reset()
        #: start tags not opened because they were past the cap
        self.dropped = 0
        self.elements = 0
        self._pending: Counter[str] = Counter()  # dropped elements whose end tag is still to come
        self._raw: str | None = None

    def handle_starttag(self, name, namespace, nsprefix, attrs, *args, **kwargs):
        # tagStack holds the soup itself, then the open elements: a new one would be this deep
        if len(self.tagStack) > self.max_depth and not self.builder.can_be_empty_element(name):
            self.dropped += 1
            self._pending[name] += 1
            if name in _RAW_TEXT:
                self._raw = name
            return None  # as if the tag were not there (BeautifulSoup's own contract for None)
        self.elements += 1
        if self.max_elements is not None and self.elements > self.max_elements:
            raise _TooManyElements  # stops the parse: what it built so far is dropped with it
        return super().handle_starttag(name, namespace, nsprefix, attrs, *args, **kwargs)

    def handle_endtag(self, name, nsprefix=None):
        if self._pending[name]:
            self._pending[name] -= 1
            if self._raw == name:
                self._raw = None
            return
        super().handle_endtag(name, nsprefix)

    def handle_data(self, data):
        if self._raw is None:
            super().handle_data(data)


def parse_html(text: str, source_name: str, max_input_size: int | None = None) -> tuple[CappedSoup, list[str]]:
    """The tree of ``text``, and a warning if elements past the depth cap were read as text. More
    elements than :func:`ingest.limits.html_element_budget` allows under ``max_input_size`` are
    refused with an :class:`~ingest.errors.IngestError`."""
    budget = html_element_budget(max_input_size)
    try:
        soup = CappedSoup(text, budget)
    except _TooManyElements:
        raise too_much_markup(source_name, "HTML elements", budget, max_input_size) from None
    warnings = []
    if soup.dropped:
        warnings.append(
            f"{source_name}: markup nested deeper than {soup.max_depth} elements: "
            f"{soup.dropped:,} elements below that depth read as text of the one above them"
        )
    return soup, warnings


class TreeFacts:
    """Questions the readers ask of each element about everything below it, answered for the
    whole tree at once (each in time linear in its size)."""

    def __init__(self, root: Tag, blocks: tuple[str, ...], is_licence) -> None:
        """``blocks``: the element names :meth:`holds_block` looks for; ``is_licence``: tells a
        licence link by its ``rel`` (a list of values, as BeautifulSoup reads it, or ``None``)."""
        nodes = list(root.descendants)  # one pass of the tree (find_all's filters cost 10 times more)
        names = frozenset(blocks)
        tags = [n for n in nodes if isinstance(n, Tag)]
        self._with_block = _ancestors_of(t for t in tags if t.name in names)
        licences = [t for t in tags if t.name == "a" and is_licence(t.get("rel"))]
        self._with_licence = _ancestors_of(licences)
        self._text = _text_lengths(nodes) if licences else {}

    def holds_block(self, el: Tag) -> bool:
        """``el.find(blocks) is not None``."""
        return id(el) in self._with_block

    def holds_licence(self, el: Tag) -> bool:
        """``el`` has a licence link below it."""
        return id(el) in self._with_licence

    def text_length(self, el: Tag) -> int:
        """``len(el.get_text(" ", strip=True))``."""
        if id(el) in self._text:
            return self._text[id(el)]
        return len(el.get_text(" ", strip=True))


def _ancestors_of(found) -> set[int]:
    """The ids of every element above one of ``found``: each walk up stops where another did."""
    marked: set[int] = set()
    for el in found:
        parent = el.parent
        while parent is not None and id(parent) not in marked:
            marked.add(id(parent))
            parent = parent.parent
    return marked


def _text_lengths(nodes: list) -> dict[int, int]:
    """``len(el.get_text(" ", strip=True))`` of every element that reads its text as ordinary text
    (not ``<script>``, ``<style>``, ``<template>``: :meth:`TreeFacts.text_length` asks those) among
    ``nodes`` (a tree's descendants in document order), from the leaves up: the (characters,
    pieces) of an element are the sums of its children's."""
    sums: dict[int, tuple[int, int]] = {}
    out: dict[int, int] = {}
    for node in reversed(nodes):  # every element after its children
        if not isinstance(node, Tag):
            continue
        chars = pieces = 0
        for child in node.children:
            if isinstance(child, Tag):
                c, p = sums[id(child)]
            elif type(child) in _TEXT_TYPES and (c := len(child.strip())):
                p = 1
            else:
                continue
            chars, pieces = chars + c, pieces + p
        sums[id(node)] = (chars, pieces)
        if node.interesting_string_types == _PLAIN:
            out[id(node)] = chars + max(pieces - 1, 0)
    return out
