"""Which top-level section a heading opens, shared by every parser.

Rulebooks of different editions and formats name their big sections the same way; this table is
the one place that vocabulary lives (data, not code), so a new edition with, say, "FAQ" instead of
"FREQUENTLY ASKED QUESTIONS" needs one line here and no parser change.
"""

from __future__ import annotations

import re

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


def section_of(heading: str) -> str | None:
    """Return the section kind a heading opens (``"glossary"``...), or ``None`` for other headings."""
    h = re.sub(r"[.…:]+$", "", plain(heading)).strip()
    for kind, names in SECTION_HEADINGS.items():
        if h in {n.rstrip(".") for n in names}:
            return kind
    return None
