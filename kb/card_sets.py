"""When each card set came out, and so which rulebook versions a card's printed text can be in force
under (``data/sets.toml``).

Why: a card page said a Dark Tidings card's printed text was "in force under KeyForge 1.1, 2018",
three years before the card existed. A card is played under the rulebook that was current when its
set came out and under every later one; the versions before that one predate the card. Release dates
are data, with their source: the card data's own where it has one, the publisher's announcements
otherwise (the card data leaves most later sets without a date).

Dates compare as text, year first ("2021" and "2021-05"): a rulebook dated "2022" is current for a
set of "2023-06". A set without a date is taken to be in force under every version (nothing is hidden
on a guess).
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

DATA_FILE = Path(__file__).resolve().parent.parent / "data" / "sets.toml"


@lru_cache(maxsize=1)
def releases(path: Path = DATA_FILE) -> dict[str, dict]:
    """{set code: {"released", "source"}}; {} when the file is missing (an installed KB without it)."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


def released(set_code: str) -> str | None:
    """The release date of ``set_code`` ("2021", "2023-06"), or None when unknown."""
    return (releases().get(set_code) or {}).get("released")


def versions_for(set_code: str, versions: list[dict]) -> tuple[list[dict], list[dict]]:
    """``versions`` (oldest first, each with a ``date``) split into those a card of ``set_code``
    can be in force under (from the one current at its release) and those that predate it."""
    out = released(set_code)
    if out is None or not versions:
        return versions, []
    current = 0
    for i, v in enumerate(versions):
        if v.get("date") and str(v["date"]) <= out:
            current = i
    return versions[current:], versions[:current]
