"""Whether the engine can play a card, for the card look-up (``GET /api/cards``): the board
builder offers a judge only the cards a question can use, and says why the others cannot be.

The answer is the one ``rulebase cards --coverage`` gives (:func:`engine.cards.definitions.how_defined`:
hand-defined, keywords only, compiled from its text, or refused with the compiler's words for each
part no template covers), for the card's text in force under the KB's latest KeyForge version (its
erratum, else its print): the version the builder plays by default. Compiling a text takes up to a
few tens of milliseconds, so answers are kept per process (by name, text and type), and the errata
are read once per state of the KB file.
"""

from __future__ import annotations

import os
import sqlite3
from functools import lru_cache

from engine.core.errors import ScenarioError


@lru_cache(maxsize=4)
def _errata(kb_path: str, _mtime_ns: int, _size: int) -> dict[str, str]:
    """Card name -> its text in force under the KB's latest KeyForge version, for the cards with an erratum."""
    conn = sqlite3.connect(f"file:{kb_path}?mode=ro", uri=True)
    try:
        row = conn.execute(
            "SELECT version FROM documents WHERE game = 'keyforge' ORDER BY version_sort DESC LIMIT 1"
        ).fetchone()
        if row is None:
            return {}
        from engine.rules.rulesets import ruleset_from_kb  # on the first card look-up: the server starts without it

        return {name: text for name, (text, _) in ruleset_from_kb(conn, "keyforge", row[0]).errata.items()}
    except (sqlite3.Error, ScenarioError):
        return {}
    finally:
        conn.close()


@lru_cache(maxsize=20_000)
def _how(name: str, text: str, card_type: str) -> tuple[bool, str | None]:
    from engine.cards.definitions import how_defined  # on the first card look-up: the server starts without it

    try:
        how, reasons = how_defined(name, text, card_type)
    except ScenarioError as exc:  # a hand definition with no variant for this text
        return False, str(exc)
    return how != "refused", "; ".join(reasons) or None if how == "refused" else None


def playability(kb_path: str, name: str, printed_text: str | None, card_type: str | None) -> dict:
    """``{"playable": bool, "why": None or the compiler's words}`` for one card."""
    try:
        stat = os.stat(kb_path)
        errata = _errata(kb_path, stat.st_mtime_ns, stat.st_size)
    except OSError:
        errata = {}
    playable, why = _how(name, errata.get(name, printed_text or ""), card_type or "")
    return {"playable": playable, "why": why}
