"""What a read CR must look like to be stored at full confidence, whatever container it came from.

A CR whose structure was not read shows it in its shape: a page of rules in one entry, a glossary of
hundreds of lines read as two terms. Such a result is never stored silently at confidence 1.0: the
entries concerned are flagged needs_review with the reason, and a warning says it.
"""

from __future__ import annotations

from .model import Entry

#: no rule, term or part of the CR is this long (the longest, the 2025 credits, is about 12 k)
LONGEST_ENTRY = 40000
#: a glossary averages under ten lines a term (one-line terms over short definitions)
LINES_PER_TERM = 40
IMPLAUSIBLE_CONFIDENCE = 0.5


def check_shape(entries: list[Entry], glossary_lines: int, warnings: list[str], name: str) -> None:
    """Flag an entry that is implausibly long, and the glossary when it holds too few terms."""
    for e in entries:
        if len(e.body) > LONGEST_ENTRY:
            _flag(e, f"{len(e.body)} characters in one entry: the text around it was probably not split")
            warnings.append(f"{name}: {e.kind} {e.title!r} holds {len(e.body)} characters; flagged for review")
    terms = [e for e in entries if e.kind == "glossary" and e.parent is None]
    if glossary_lines > LINES_PER_TERM * max(len(terms), 1):
        reason = f"a glossary of {glossary_lines} lines read as {len(terms)} terms: its terms were probably not split"
        warnings.append(f"{name}: {reason}; flagged for review")
        for e in terms:
            _flag(e, reason)


def _flag(e: Entry, reason: str) -> None:
    e.needs_review = True
    e.confidence = min(e.confidence, IMPLAUSIBLE_CONFIDENCE)
    e.review_reason = f"{e.review_reason}; {reason}" if e.review_reason else reason
