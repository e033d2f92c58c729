"""Load the printed KeyForge cards of ``data/cards/*.json`` into the ``cards`` table.

One JSON file per set: ``{"code": "CotA", "name": "Call of the Archons", "cards": [...]}``. The set
code is stored exactly as the file gives it (Menagerie's file ``MG24.json`` says ``"MG2024"``).

Column policy
-------------
* ``number``: the collector number as printed (``"001"``, ``"267"``), never re-padded.
* ``power`` / ``armor`` / ``amber``: ``int`` or ``NULL`` when the card has none (or the value is
  not a number, e.g. a printed ``"X"``).
* ``text``: as in the data, cleaned by :func:`clean_text` (no BOM or zero-width characters,
  ``\\n`` line breaks, no surrounding whitespace).
* ``traits`` / ``keywords``: JSON lists, as in the data.
* ``localized_names``: JSON ``{lang: name}`` of every non-English locale the data gives a name for,
  *including* names equal to the English one (``{"de": "Zorn", ..., "th": "Anger"}``), so that a
  missing language means "not localized in the data", not "same as English". Keys are sorted.

Duplicate (set_code, number) policy
-----------------------------------
The card data repeats collector numbers inside a set: house variants of one card (Dark Æmber
Vault MM/MoMu/MG2024 001, Exchange Officer MM 341, ...), the two halves of gigantic creatures
(Ultra Gravitron MM 125, Deusillus, ...) and one clash between different cards (MG2024 305:
Veylan Analyst and three house variants of "It’s Coming..."). ``UNIQUE (set_code, number)``
allows one row, so for each (set_code, number) exactly one card is kept:

1. a card of a standard rarity (Common, Uncommon, Rare) beats any other rarity (Special, FIXED,
   Variant, Token, Evil Twin, ...);
2. among equals, the first card in the file's order wins.

Every other card of the group is skipped and reported by :func:`read_cards` (``skipped``), so the
row count is ``sum(len(file["cards"])) - len(skipped)`` (5,783 - 68 = 5,715 with the bundled data:
65 variants/halves and the 3 "It’s Coming..." prints clashing with MG2024 305 Veylan Analyst). The kept row keeps its own house even when the dropped variants have
other houses.
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

#: rarities of regular prints; a card of one of these wins a (set, number) clash over the others
STANDARD_RARITIES = frozenset({"Common", "Uncommon", "Rare"})

_JSON = json.JSONEncoder(ensure_ascii=False).encode

_COLUMNS = (
    "set_code",
    "set_name",
    "number",
    "name",
    "house",
    "type",
    "power",
    "armor",
    "amber",
    "text",
    "traits",
    "keywords",
    "rarity",
    "localized_names",
)


@dataclass
class CardRows:
    """The rows :func:`load_cards` inserts, and the cards it left out as duplicates."""

    rows: list[tuple] = field(default_factory=list)
    #: (set_code, number, name, reason) of each card dropped by the duplicate policy
    skipped: list[tuple[str, str, str, str]] = field(default_factory=list)
    #: number of cards in the files, before the duplicate policy
    total: int = 0


def _int_or_none(value) -> int | None:
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    try:
        return int(str(value).strip())
    except ValueError:
        return None


def _localized(card: dict) -> str:
    names = {}
    for lang, loc in (card.get("locale") or {}).items():
        if lang == "en" or not isinstance(loc, dict):
            continue
        name = (loc.get("name") or "").strip()
        if name:
            names[lang] = name
    return _JSON(dict(sorted(names.items())))


#: invisible characters the card data carries in some texts (byte-order marks, zero-width spaces
#: and joiners, word joiners): never part of a card's wording. A regular expression, not a
#: ``str.translate`` table: translate looks every character up in a dict, and the 5,700 card texts
#: of a build took four times as long that way
_INVISIBLE = re.compile("[\ufeff\u200b\u200c\u200d\u2060]")
_LINE_BREAKS = re.compile(r"\r\n?|\x0b")


def clean_text(text: str | None) -> str | None:
    """A card text as stored: invisible characters removed, line breaks (CRLF, CR, vertical tab)
    made ``\\n``, surrounding whitespace stripped; None stays None."""
    if text is None:
        return None
    return _LINE_BREAKS.sub("\n", _INVISIBLE.sub("", text)).strip()


def _row(set_code: str, set_name: str | None, card: dict) -> tuple:
    return (
        set_code,
        set_name,
        str(card["number"]).strip(),
        card["name"].strip(),
        card.get("house"),
        card.get("type"),
        _int_or_none(card.get("power")),
        _int_or_none(card.get("armor")),
        _int_or_none(card.get("amber")),
        clean_text(card.get("text")),
        _JSON(card.get("traits") or []),
        _JSON(card.get("keywords") or []),
        card.get("rarity"),
        _localized(card),
    )


def read_cards(cards_dir: Path) -> CardRows:
    """Read every set file of ``cards_dir`` (sorted by file name) and apply the duplicate policy."""
    out = CardRows()
    for path in sorted(Path(cards_dir).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        set_code = data.get("code") or path.stem
        set_name = data.get("name")
        kept: dict[str, tuple[bool, int, dict]] = {}  # number -> (standard rarity, position, card)
        order: list[str] = []
        dropped: list[tuple[dict, dict]] = []  # (loser, winner)
        for pos, card in enumerate(data.get("cards") or []):
            out.total += 1
            number = str(card["number"]).strip()
            standard = card.get("rarity") in STANDARD_RARITIES
            if number not in kept:
                kept[number] = (standard, pos, card)
                order.append(number)
                continue
            old_standard, _, old = kept[number]
            if standard and not old_standard:
                kept[number] = (standard, pos, card)
                dropped.append((old, card))
            else:
                dropped.append((card, old))
        for loser, winner in dropped:
            reason = (
                "variant of the kept card"
                if loser["name"] == winner["name"]
                else f"number clashes with kept card {winner['name']!r}"
            )
            out.skipped.append((set_code, str(loser["number"]).strip(), loser["name"], reason))
        out.rows.extend(_row(set_code, set_name, kept[n][2]) for n in order)
    return out


def load_cards(conn: sqlite3.Connection, cards_dir: Path) -> int:
    """Insert every card of ``cards_dir`` into ``cards`` and rebuild ``cards_fts``.

    Expects an empty ``cards`` table (the build creates the database from scratch). Returns the
    number of rows inserted. Runs inside the caller's transaction if one is open.
    """
    data = read_cards(cards_dir)
    conn.executemany(f"INSERT INTO cards ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})", data.rows)
    conn.execute("INSERT INTO cards_fts(cards_fts) VALUES('rebuild')")
    return len(data.rows)
