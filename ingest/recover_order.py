"""Alphabetical order as evidence for structure recovery (:mod:`ingest.recover`).

In an alphabetical section (the glossary) read line by line from two columns, a heading the
extraction moved stands out of order; in reading order it stood in its alphabetical slot, so text
standing in that slot that names it is drawn back to it. Kept apart from :mod:`ingest.recover` so
that module stays readable at one sitting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .recover import Unit


def displaced(units: list[Unit], key) -> dict[int, tuple[int, int]]:
    """In an alphabetical section, the headings the column extraction put out of order: those
    outside the longest run of headings in order. Each maps to its slot, the range of unit
    positions between the in-order headings it sorts between: where reading order printed it."""
    heads = [i for i, u in enumerate(units) if u.heading is not None and u.title and not u.sub]
    keys = [key(units[i].title) for i in heads]
    best: list[list[int]] = []
    for n, k in enumerate(keys):  # longest non-decreasing subsequence, O(n²) is plenty
        prev = max((best[m] for m in range(n) if keys[m] <= k), key=len, default=[])
        best.append(prev + [n])
    run = max(best, key=len, default=[])
    kept = [heads[n] for n in run]
    out = {}
    for n, i in enumerate(heads):
        if n in run:
            continue
        before = [j for j in kept if key(units[j].title) <= keys[n]]
        after = [j for j in kept if key(units[j].title) > keys[n]]
        lo = max(before, default=0)
        hi = min(after, default=len(units))
        out[i] = (lo, hi)
    return out
