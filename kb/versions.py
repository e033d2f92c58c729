"""Ordering rulebook versions numerically, so a version ingested later slots into place.

"1.10" must sort after "1.9", "14" between "1.3" and "16.0"; a string sort gets both wrong.
"""

from __future__ import annotations

import re
from functools import lru_cache


@lru_cache(maxsize=4096)
def version_sort_key(version: str) -> str:
    """A string that sorts like the version: each number zero-padded, "." between them (worked out
    once per label: a replay sorts the versions of its answers and expectations each time).

    >>> sorted(["16.0", "1.3", "14", "1.1", "1.2"], key=version_sort_key)
    ['1.1', '1.2', '1.3', '14', '16.0']
    """
    numbers = re.findall(r"\d+", version)
    if not numbers:
        return version.lower()
    return ".".join(f"{int(n):06d}" for n in numbers)


def same_version(a: str, b: str) -> bool:
    """True when two version labels name the same version ("16" and "16.0", "11th" and "11")."""

    def norm(v: str) -> tuple[int, ...]:
        parts = [int(n) for n in re.findall(r"\d+", v)]
        while len(parts) > 1 and parts[-1] == 0:
            parts.pop()
        return tuple(parts)

    return norm(a) == norm(b)
