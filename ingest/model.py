"""The normalized model every ingester produces, whatever the source format.

A parser turns one rulebook document into an ordered list of :class:`Entry` objects. The knowledge
base (``kb/``) gives each entry a stable key, stores it, links it to cards and indexes it; parsers know
nothing of SQLite. Keeping this model small and format-free is what lets a Markdown 1.3 and a
PDF-extracted 16.0 edition be compared entry by entry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: Entry kinds. ``rule``: a section of the rules; ``glossary``: a glossary term (sub-entries such as
#: "Groups of “Least Powerful”" are glossary entries with a ``parent``); ``errata``: general or
#: card-specific errata (card errata carry ``data["card"]``); ``faq``: a question with its answer;
#: ``example``: a worked example attached to its ``parent``; ``timing``: one block of the timing chart;
#: ``fiction``: setting text, stories and credits, never mixed into rules. Keeper of the Cards adds
#: ``ruling`` (ability clarifications), ``redacted`` (banned texts), ``cost`` (revised costs) and
#: ``counter`` (named counters); its revised ability texts are ``errata``.
KINDS = ("rule", "glossary", "errata", "faq", "example", "timing", "fiction", "ruling", "redacted", "cost", "counter")


@dataclass
class Entry:
    kind: str
    title: str | None
    body: str
    #: the question of a FAQ entry (``body`` then holds the answer)
    question: str | None = None
    #: FAQ category or document section the entry sits under, when the source gives one
    category: str | None = None
    #: index of the parent entry in the same ``ParsedDocument.entries`` list (examples, sub-entries,
    #: nested rule sections); ``None`` for top-level entries
    parent: int | None = None
    #: heading depth as the source shows it (1 = top), ``None`` when the format has no levels
    level: int | None = None
    #: 1.0 when the structure was read directly; lower when it was recovered (paired by content,
    #: heading restored from an earlier version)
    confidence: float = 1.0
    #: set when the parser kept text it could not place with confidence
    needs_review: bool = False
    review_reason: str | None = None
    #: kind-specific fields, JSON-serialisable. Card errata: ``{"card": "Bait and Switch",
    #: "set": "COTA" | None, "number": "267" | None, "text": corrected text}``; general errata:
    #: ``{"scope": "general"}``; Keeper of the Cards errata: ``{"original", "revised", "inserted",
    #: "deleted", "template_original", "template_revised", "variables"}`` (templates mark ``x``/``y``/``z``
    #: as ``{x}``); redacted: ``{"template", "variables"}``; costs: ``{"edition": 11, "template",
    #: "variables"}``; counters: ``{"effect"}``; timing: ``{"steps": [...]}``.
    data: dict[str, Any] = field(default_factory=dict)
    #: set by the knowledge base, not by parsers
    key: str | None = None


@dataclass
class ParsedDocument:
    entries: list[Entry]
    #: name of the parser module that produced it, e.g. ``"markdown"``
    parser: str
    #: the version the document states about itself (``"1.3"``, ``"16.0"``, ``"11"``), if any
    stated_version: str | None = None
    #: the document's own title, if it states one
    title: str | None = None
    #: non-fatal problems worth showing (a version mismatch, text that was dropped as noise, ...)
    warnings: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for e in self.entries:
            out[e.kind] = out.get(e.kind, 0) + 1
        return out


@dataclass
class EarlierEntry:
    """An entry of an earlier version of the same game, as stored in the KB.

    Parsers that recover structure (the 16.0 two-column text) use these to pair questions with
    answers and to restore lost headings.
    """

    version: str
    kind: str
    key: str
    title: str | None
    question: str | None
    body: str
    category: str | None = None


@dataclass
class ParseContext:
    """What a parser may know besides the text: where it came from and what came before it."""

    game: str = "keyforge"
    version: str | None = None
    source_name: str = "<input>"
    earlier: list[EarlierEntry] = field(default_factory=list)
    #: the size cap the source was read under, which caps the markup it may make too
    #: (:mod:`ingest.limits`; ``None``: ``RULEBASE_MAX_INPUT_SIZE`` or the default)
    max_input_size: int | None = None
