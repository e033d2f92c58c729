"""Ranking a search that spans several games: each game's entries with that game's players' words.

Why: a players' word of one game can be the rulebook's own word in another. KeyForge players say
"sacrifice" for the rulebook's "destroy"; Magic's rules say "sacrifice". One plan for all games
searched both words as one, weighed as KeyForge's "destroy", so "sacrifice a creature" with no game
chosen found KeyForge's DESTROYED and Magic's rules of destruction, not Magic's rule of sacrifice.
:mod:`kb.players_words` already keeps each game's words to that game when a game is chosen; here a
search over several games does the same for each game's documents, and the results are merged by
score (every game's bm25 comes from the same FTS index, so the scores compare). When no game's
players' words appear in the question, the plans are all the same and one pass ranks everything.
"""

from __future__ import annotations

import re
import sqlite3

from .players_words import players_spans
from .query import Plan, plan_query, tokenize
from .search_answers import answers_first
from .search_index import Index
from .search_rank import Scope, rank


def rank_games(
    conn: sqlite3.Connection,
    index: Index,
    words: str,
    plan: Plan,
    docs: set[tuple[str, str]],
    kind: str | None,
    category: str | None,
    asks: re.Pattern | None,
) -> list[tuple[float, int]]:
    """(score, entry id) per matching thread of ``docs``, best first, each game's entries ranked
    with the plan of its own players' words (``plan``, the plan of every game's words, when those
    are the same for each game)."""
    games = sorted({g for g, _ in docs})
    folded = [t.word for t in tokenize(words)]
    if len(games) < 2 or len({tuple(players_spans(folded, (g,))) for g in games}) < 2:
        return _ranked(conn, index, plan, Scope(index, docs, kind, category), asks)
    merged: list[tuple[float, int]] = []
    for game in games:
        own = plan_query(index, words, (game,))
        if own is not None:
            scope = Scope(index, {d for d in docs if d[0] == game}, kind, category)
            merged += _ranked(conn, index, own, scope, asks)
    return sorted(merged, key=lambda se: -se[0])


def _ranked(conn, index: Index, plan: Plan, scope: Scope, asks) -> list[tuple[float, int]]:
    boosts: dict = {}
    threads = rank(conn, index, plan, scope, boosts)  # the entry that states the rule above those that lead to it
    return answers_first(conn, index, plan.stem_ids(index), scope, threads, bool(plan.mentions), asks, boosts)
