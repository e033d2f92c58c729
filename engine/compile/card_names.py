"""Another card named in a card's text by its printed name ("If Shadys is in your discard pile,
return it to your hand", "If Cornicen Octavia is in your discard pile, ..."): the words are a
card's name only when a printed card of ``data/cards`` has that name (normalised as the lexer
normalises the text), so a name is never guessed at; anything else is refused by name.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from engine.compile.grammar import Refusal
from engine.compile.lexer import normalise

#: the printed cards, one JSON file per set (the same files ``rulebase build`` loads into the KB)
CARDS_DIR = Path(__file__).resolve().parents[2] / "data" / "cards"


@lru_cache(maxsize=1)
def _names() -> dict[str, str]:
    """Normalised name -> printed name, of every card of every set."""
    names: dict[str, str] = {}
    for path in sorted(CARDS_DIR.glob("*.json")):
        for card in json.loads(path.read_text(encoding="utf-8")).get("cards", []):
            if card.get("name"):
                names.setdefault(normalise(card["name"]), card["name"])
    return names


def card_name(words: str) -> str:
    """The printed name the words of a card text give, else :class:`Refusal`."""
    found = _names().get(words.strip())
    if found is None:
        raise Refusal("card name", words, f'"{words}"')
    return found


def named(name: str):
    """A test on a card: is it a copy of the card named ``name``? Names are compared as the lexer
    normalises them (a printing's curly apostrophe is another's straight one), which
    :func:`engine.rules.targets.named`, comparing the names as stored, does not."""
    key = normalise(name)

    def test(eng, source, controller, card) -> bool:
        return normalise(card.name) == key

    return test
