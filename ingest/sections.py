"""Which top-level section a heading opens, shared by every parser.

Rulebooks of different editions and formats name their big sections the same way; this table is
the one place that vocabulary lives (data, not code), so a new edition with, say, "FAQ" instead of
"FREQUENTLY ASKED QUESTIONS" needs one line here and no parser change.
"""

from __future__ import annotations

import re
from functools import lru_cache

from textnorm import plain

#: section kind -> headings (compared case- and typography-insensitively) that open it.
SECTION_HEADINGS: dict[str, tuple[str, ...]] = {
    "rule": ("rules", "key concepts", "the rules", "rules of play", "overview", "using this document"),
    "glossary": ("glossary",),
    "errata": ("errata", "official errata"),
    "faq": ("frequently asked questions", "faq", "faqs", "questions and answers"),
    "timing": ("timing chart",),
    "fiction": (
        "introduction",
        "welcome to the crucible",
        "welcome to the crucible...",
        "the origin of keyforge",
        "credits",
        "playtesters",
        "starter set components",
    ),
}


#: heading text -> the first kind of :data:`SECTION_HEADINGS` naming it
_KIND_OF: dict[str, str] = {}
for _kind, _names in SECTION_HEADINGS.items():
    for _name in _names:
        _KIND_OF.setdefault(_name.rstrip("."), _kind)


@lru_cache(maxsize=16384)
def section_of(heading: str) -> str | None:
    """Return the section kind a heading opens (``"glossary"``...), or ``None`` for other headings.
    Cached, and one dict look-up: the text parser asks it of every heading and short block, some
    of them several times."""
    h = re.sub(r"[.…:]+$", "", plain(heading)).strip()
    return _KIND_OF.get(h)
