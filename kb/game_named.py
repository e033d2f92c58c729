"""The game a question names ("deathtouch and trample in magic", "keeper of the cards redacted
card"): the search is then scoped to it, as if its game filter were set.

Why: with "All games", 113 Comprehensive Rules versions of some 3,000 rules each outweigh Keeper of
the Cards' and KeyForge's few hundred entries, so a question that says which game it is about
found the other games' entries first. The names are the games' own and their usual short forms;
"magic" alone is a word of other games' texts, so only "in magic", "magic: the gathering" and
"mtg" name Magic. The phrase is taken out of the question: it says where to look, not what.
"""

from __future__ import annotations

import re

#: game id -> the phrases that name it in a question
NAMES = {
    "keyforge": r"key ?forge",
    "mtg": r"mtg|magic:? the gathering|(?<=\bin )magic",
    "keeper-of-the-cards": r"keeper of the cards|kotc",
}
_PATTERNS = {game: re.compile(rf"(?:\bin )?\b(?:{names})\b", re.IGNORECASE) for game, names in NAMES.items()}


def named_game(text: str, games) -> tuple[str | None, str]:
    """The one game of ``games`` the question names, and the question without the name; (None,
    the question) when it names none of them, or more than one."""
    found = [(g, m) for g, p in _PATTERNS.items() if g in games and (m := p.search(text))]
    if len(found) != 1:
        return None, text
    game, m = found[0]
    rest = re.sub(r"\s+", " ", text[: m.start()] + " " + text[m.end() :]).strip()
    return game, rest or text
