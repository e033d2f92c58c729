"""The glossary terms a query names, with their definitions: the search page's side panel.

Why: a judge's question names rules terms ("taunt flank", "captured amber returned to hand"), and a
term's definition is what its short glossary title matches best, so definitions of every term named
would fill the first results and push the ruling that answers the question down. The site shows the
definitions beside the results instead (each once, shortened to its first paragraph), and the
results list keeps the rulings.

A glossary entry is *named* when its title is made of the query's words: every stem of its short
title (``kb.search_corpus``'s ``title_stems``, the same test that gives a definition its title boost
in :mod:`kb.search_rank`) is among the query's stems, and one of them is not a word found in a large
share of the entries (``Group.common``: "play" and "turn" phrase a question, they are not its
subject). Only the threads the ranking scored in full
are looked at, best first, so the panel costs a few dictionary look-ups per search.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import asdict, dataclass

from .search_index import Index
from .query import Plan

#: Definitions shown at most (a question names two or three terms; a pasted paragraph more).
MAX_TERMS = 4
#: Words of a definition shown; the entry page has the rest.
DEFINITION_WORDS = 60
#: The entry kinds whose titles are terms.
TERM_KINDS = ("glossary",)
#: Threads looked at, best first (the ranking scores this many in full; see kb.search_rank.SCORED).
LOOKED_AT = 300

_PARAGRAPH = re.compile(r"\n\s*\n")


@dataclass
class Term:
    entry_id: int
    title: str
    game: str
    version: str
    definition: str
    #: True when the definition was cut (the entry page has all of it)
    shortened: bool
    url: str
    #: its place among the search's results (1 = the first result)
    rank: int

    def as_dict(self) -> dict:
        return asdict(self)


def named_terms(
    conn: sqlite3.Connection, index: Index, plan: Plan | None, threads: list[tuple[float, int]], game: str | None = None
) -> list[Term]:
    """The glossary entries among ``threads`` (ranked (score, entry id), best first) whose title
    the query names, best first, one per title, at most :data:`MAX_TERMS`; of ``game`` only when
    given (the game inferred from the question: no Magic "Creature" beside a KeyForge question)."""
    if plan is None or not threads:
        return []
    corpus = index.corpus
    stem_ids = corpus.stem_ids
    query_stems = frozenset(stem_ids[s] for g in plan.groups for s in g.stems if s in stem_ids)
    # a term made only of words in a large share of the entries ("play", "turn") is how the
    # question is phrased, not what it is about
    rare = frozenset(stem_ids[s] for g in plan.groups if not g.common for s in g.stems if s in stem_ids)
    kinds = {corpus.kinds.index(k) for k in TERM_KINDS if k in corpus.kinds}
    if not query_stems or not kinds:
        return []
    found: list[int] = []
    place: dict[int, int] = {}
    seen: set[frozenset[int]] = set()
    for i, (_, e) in enumerate(threads[:LOOKED_AT]):
        if corpus.entry_kind[e] not in kinds or (game is not None and corpus.doc(e).game != game):
            continue
        title = corpus.title_stems.get(corpus.entry_text[e])
        if title and title <= query_stems and title & rare and title not in seen:
            seen.add(title)
            found.append(e)
            place[e] = i + 1
            if len(found) == MAX_TERMS:
                break
    if not found:
        return []
    rows = {
        r[0]: r
        for r in conn.execute(f"SELECT id, title, body FROM entries WHERE id IN ({', '.join('?' * len(found))})", found)
    }
    out = []
    for e in found:
        _, title, body = rows[e]
        definition, shortened = shorten(body or "")
        info = corpus.info(e)
        out.append(Term(e, title or "", info.game, info.version, definition, shortened, f"/entries/{e}", place[e]))
    return out


def shorten(body: str, words: int = DEFINITION_WORDS) -> tuple[str, bool]:
    """The first paragraph of ``body``, cut to ``words`` words: (text, whether anything was cut)."""
    text = body.strip()
    first = _PARAGRAPH.split(text, maxsplit=1)[0].strip()
    parts = first.split()
    if len(parts) > words:
        return " ".join(parts[:words]) + "…", True
    return " ".join(parts), first != text
