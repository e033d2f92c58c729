"""The words after "each player" read as an effect of "you" ("each player draws a card": "draw a
card"; "each player returns the top card of their discard pile to their hand": "return the top card
of your discard pile to your hand"), so every template of an effect serves each player too
(:class:`engine.library.each_player.EachPlayer` resolves it once per player, as "you").

Only what is said of a player is rewritten (words about the card's controller, "you", "friendly",
"enemy", are refused: once "their" reads "your" they could not be told apart): the verb of each part ("draws", "and loses", ", then
refills") and the player's pronouns ("their", "they"); a verb the list does not know leaves the
words as they are, which no template of "you" reads, so the sentence is refused by name.
"""

from __future__ import annotations

import re

from engine.compile.grammar import Refusal

#: a player's verbs, third person -> second person
_VERBS = {
    "draws": "draw",
    "loses": "lose",
    "gains": "gain",
    "returns": "return",
    "discards": "discard",
    "randomly discards": "randomly discard",
    "archives": "archive",
    "shuffles": "shuffle",
    "reveals": "reveal",
    "purges": "purge",
    "makes": "make",
    "puts": "put",
    "takes": "take",
    "steals": "steal",
    "exhausts": "exhaust",
    "destroys": "destroy",
    "chooses": "choose",
    "has": "have",
    "gives": "give",
    "moves": "move",
}
_VERB = re.compile(r"(^|, and |, then |, | and | then )(" + "|".join(_VERBS) + r")\b")
_PRONOUNS = {"their": "your", "they": "you", "theirs": "yours"}
_PRONOUN = re.compile(r"\b(" + "|".join(_PRONOUNS) + r")\b")
#: words that name the controller of the card (or sides relative to them): once "their" becomes
#: "your", they could not be told apart from the player's own, so such words are refused
_CONTROLLERS = re.compile(r"\b(you|your|yours|yourself|friendly|enemy)\b")


def second_person(words: str) -> str:
    """ "draws a card" -> "draw a card"; "loses amber equal to the number of creatures in their
    discard pile" -> "lose amber equal to the number of creatures in your discard pile"."""
    if _CONTROLLERS.search(words):
        raise Refusal(
            "sentence", words, f'"{_CONTROLLERS.search(words).group()}" (the card\'s controller, said of a player)'
        )
    words = _VERB.sub(lambda m: m.group(1) + _VERBS[m.group(2)], words.strip())
    return _PRONOUN.sub(lambda m: _PRONOUNS[m.group(1)], words)
