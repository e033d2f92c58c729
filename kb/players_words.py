"""Players' words for the rulebooks' words: a small curated vocabulary per game, kept as data
(``kb/players_words.toml``), which the search adds beside what was typed.

Why a curated list: players say "kill", "bounce", "tap" and "hp"; the KeyForge rulebooks say
destroy, return to hand, exhaust and power. Nothing in the rulebooks links the two, so neither the
stemmer nor the spelling correction can (a correction would also change a word that is a word:
"died" must not become "tied"). The list is data, per game, so a judge's report of a question that
found nothing becomes one line, not code.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from .mentions import normalize_name

DATA_FILE = Path(__file__).with_name("players_words.toml")
#: the longest players' phrase looked up, in words
MAX_PHRASE_WORDS = 4


@lru_cache(maxsize=16)
def vocabulary(games: tuple[str, ...] | None = None, path: Path = DATA_FILE) -> dict[str, tuple[str, ...]]:
    """{players' word or phrase, folded: the rulebook words for it} of ``games`` (None: every game,
    for a search that spans games). A game's words are its own: Magic's "sacrifice" and "tapped"
    are the rulebook's words there, not KeyForge's "destroy" and "exhausted", so a search scoped to
    Magic reads none of KeyForge's list."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out: dict[str, list[str]] = {}
    for game, words in data.items():
        if games is not None and game not in games:
            continue
        for said, meant in words.items():
            key = normalize_name(said)
            for m in [meant] if isinstance(meant, str) else meant:
                if m not in out.setdefault(key, []):
                    out[key].append(m)
    return {k: tuple(v) for k, v in out.items()}


def players_spans(words: list[str], games: tuple[str, ...] | None = None) -> list[tuple[int, int, tuple[str, ...]]]:
    """(start, end, rulebook words) for the players' words and phrases in ``words`` (folded
    tokens) of ``games``' lists (None: every game's), longest first, not overlapping."""
    vocab = vocabulary(games)
    taken = [False] * len(words)
    out = []
    for length in range(min(MAX_PHRASE_WORDS, len(words)), 0, -1):
        for i in range(len(words) - length + 1):
            if any(taken[i : i + length]):
                continue
            meant = vocab.get(" ".join(words[i : i + length]))
            if meant:
                out.append((i, i + length, meant))
                for j in range(i, i + length):
                    taken[j] = True
    return sorted(out)
