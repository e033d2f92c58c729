"""The Keeper of the Cards rule texts read straight from the rulebook HTML, for the checker's tests.

Why not from the KB alone: the tests parametrize over these rows at collection time (before the
session's KB exists), and reading the source independently of ``ingest`` lets a test compare the
two, so an ingest bug that garbles a template shows up as a mismatch rather than as a passing test
of a wrong text. Variables (``<var>x</var>``) become ``{x}``, as in the KB templates.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import NamedTuple

SOURCE = Path(__file__).resolve().parent.parent / "sources" / "keeper-of-the-cards" / "rulebook-11th-edition.html"

NUMBERS = {"x": "3", "y": "2", "z": "4"}
WORDS = {"x": "three", "y": "two", "z": "four"}


class Row(NamedTuple):
    kind: str  #: redacted | revised | cost
    template: str  #: the rule text, variables as {x}
    revised: str | None  #: revised: the new text
    edition: int | None  #: cost: the revision edition


def _section(page: str, anchor: str) -> str:
    start = page.index(f'id="{anchor}"')
    end = page.find("<h3", start)
    return page[start : end if end != -1 else len(page)]


def _text(fragment: str) -> str:
    fragment = re.sub(r"<var>\s*([xyz])\s*</var>", r"{\1}", fragment)
    fragment = re.sub(r"<[^>]+>", "", fragment)
    return " ".join(html.unescape(fragment).split())


def source_rows() -> list[Row]:
    page = SOURCE.read_text(encoding="utf-8")
    rows = []
    for li in re.findall(r"<li>(.*?)</li>", _section(page, "redacted"), re.S):
        rows.append(Row("redacted", _text(li), None, None))
    for tr in re.findall(r"<tr>(.*?)</tr>", _section(page, "revised"), re.S):
        cells = [_text(td) for td in re.findall(r"<td>(.*?)</td>", tr, re.S)]
        if len(cells) == 2:
            rows.append(Row("revised", cells[0], cells[1], None))
    for li in re.findall(r"<li>(.*?)</li>", _section(page, "costs"), re.S):
        m = re.fullmatch(r"\u201c(.*)\u201d \((\d+)(?:st|nd|rd|th) Edition\)", _text(li))
        assert m, f"cost row not understood: {li!r}"
        rows.append(Row("cost", m.group(1), None, int(m.group(2))))
    return rows


def fill(template: str, values: dict[str, str]) -> str:
    return re.sub(r"\{([xyz])\}", lambda m: values[m.group(1)], template)


def _swap_quotes(text: str) -> str:
    return text.translate(str.maketrans({"'": "\u2019", "\u2019": "'"}))


#: ways a card may print a rule text: (name, card text from the template)
VARIANTS = {
    "digits": lambda t: fill(t, NUMBERS),
    "words": lambda t: fill(t, WORDS).lower(),
    "curly-quoted": lambda t: "\u201c" + _swap_quotes(fill(t, NUMBERS)) + "\u201d",
    "shouting-spaced": lambda t: "  ".join(fill(t, NUMBERS).upper().split()).rstrip(".") + " ",
    "named-ability": lambda t: "STORM CALL: " + fill(t, {"x": "12", "y": "7", "z": "1"}) + "..",
}


def card_numbers(variant: str) -> dict[str, str]:
    """The numbers the variant put on the card (for the expected replacement)."""
    return {"words": WORDS, "named-ability": {"x": "12", "y": "7", "z": "1"}}.get(variant, NUMBERS)
