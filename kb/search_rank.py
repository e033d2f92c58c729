"""Ranking the search's matches: FTS5's bm25 reordered by general signals, and rules found by number.

Why a module of its own: :mod:`kb.search` checks the arguments and shapes the results; this is the
part that decides the order, and the part that must stay fast on a KB of a hundred versions. FTS5
is asked for the searched documents' rowid ranges only (:mod:`kb.search_corpus`), and every signal
is read from the compact corpus in memory: how much of the query's meaningful words an entry's text
holds (computed once per distinct text), whether the entry is linked to a card the query names,
whether its short title is the query's term, whether it holds a players' phrase as the rulebook's
phrase or only its words apart, low priors for fiction and for examples (an example illustrates the
rule it follows; the rule states it). One result per thread: its best score, its newest matching
version standing for it.
"""

from __future__ import annotations

import math
import sqlite3

from .search_index import Index
from .query import Plan, QueryError, fold, quote, stem
from .rule_numbers import resolve, subrules

#: bm25 column weights for (title, question, body): a hit in a title outranks one in running text
WEIGHTS = (10.0, 5.0, 1.0)
#: Share of the score that does not depend on how many of the question's words an entry holds.
COVERAGE_FLOOR = 0.3
#: Score factor for an entry linked to a card the query names.
CARD_BOOST = 2.0
#: Score factor for an entry whose short title is made of the query's words (the definition).
TITLE_BOOST = 2.0
#: Matches scored in full (coverage, boosts), best bm25 first, with every entry of a card the query
#: names: a broad question over a 4,000-rule version matches thousands of entries, and scoring them
#: all made the slowest searches several times the typical one. The boosts multiply a score by at
#: most (1 + COVERAGE_FLOOR) / COVERAGE_FLOOR x TITLE_BOOST (about 9, card entries being scored
#: anyway): a match below the 300th by bm25 would need that much to reach the first page.
SCORED = 300
#: Share of a players' phrase's weight ("same turn": the rulebook's "enter play exhausted") an entry
#: holding the rulebook's words apart, not as the phrase, covers: "Creatures enter play on the flank"
#: and "they exhaust the card" do not say that artifacts enter play exhausted.
PHRASE_APART = 0.5
#: Score factor per kind; stories rarely answer a rules question, and an example ("Tori has been
#: assigned seven chains ... she will draw up to five cards") ranks below the rule it illustrates.
KIND_PRIOR = {"fiction": 0.3, "example": 0.6}
#: Score factor for an entry whose kind the query names ("redacted cards", "list of counters",
#: "which costs changed": Keeper of the Cards' kinds of entry are what a player asks for by name).
KIND_NAMED = 2.0


class Scope:
    """The documents searched (as positions in the corpus) and the kind and category filters."""

    def __init__(self, index: Index, docs: set[tuple[str, str]], kind: str | None, category: str | None):
        corpus = index.corpus
        self.positions = frozenset(d.pos for d in corpus.docs if (d.game, d.version) in docs)
        self.kind = corpus.kinds.index(kind) if kind is not None else None
        self.category = (
            None if category is None else corpus.categories.index(category) if category in corpus.categories else -1
        )
        self._corpus = corpus

    def allows(self, entry: int) -> bool:
        c = self._corpus
        return (
            c.has(entry)
            and c.entry_doc[entry] - 1 in self.positions
            and (self.kind is None or c.entry_kind[entry] == self.kind)
            and (self.category is None or c.entry_cat[entry] == self.category)
        )


def number_hits(conn: sqlite3.Connection, index: Index, numbers, scope: Scope) -> list[tuple[float, int]]:
    """The rules numbered ``numbers`` in the documents searched, each followed by its subrules
    (702.19, then 702.19a, 702.19b, ...): (0, entry id) in that order, one per thread."""
    corpus = index.corpus
    ids = {d.id: d.pos for d in corpus.docs if d.pos in scope.positions}
    found = resolve(conn, ids, numbers)
    out: list[int] = []
    for number in numbers:
        exact = sorted(
            (e for (doc, n), e in found.items() if n == number), key=lambda e: corpus.doc(e).vsort, reverse=True
        )  # the newest stands for its thread
        for e in exact:
            out.append(e)
        for e in exact:
            out.extend(subrules(conn, e))
    seen: set[int] = set()
    hits = []
    for e in out:
        thread = corpus.entry_thread[e] if corpus.has(e) else -1
        if thread >= 0 and thread not in seen and scope.allows(e):
            seen.add(thread)
            hits.append((0.0, e))
    return hits


def latest_positions(index: Index) -> frozenset[int]:
    """Corpus positions of the newest document of each game (what ``latest_fts`` holds)."""
    newest: dict[str, int] = {}
    for d in index.corpus.docs:  # games in order, versions oldest first
        newest[d.game] = d.pos
    return frozenset(newest.values())


def _title_boosts(index: Index, plan: Plan, titles: set[frozenset[int]]) -> dict[frozenset[int], float]:
    """The boost of each title the query names (stem ids): TITLE_BOOST for the most specific of
    those terms, less for a commoner one ("taunt flank": TAUNT, the rarer word, is what the question
    is about, not FLANK). A term is as specific as its least specific word."""
    stem_ids = index.corpus.stem_ids
    specific = [(frozenset(stem_ids.get(s, -1) for s in g.stems), _specificity(index, g)) for g in plan.groups]
    of = {t: min((w for ids, w in specific if ids & t), default=0.0) for t in titles}
    subject = frozenset(stem_ids.get(s, -1) for s in plan.subject)
    if subject and any(t & subject for t in titles):  # the term the question is about, above the others it names
        of = {t: w if t & subject else 0.0 for t, w in of.items()}
    most = max(of.values(), default=0.0)
    return {t: 1.0 + (TITLE_BOOST - 1.0) * (w / most if most else 1.0) for t, w in of.items()}


def _specificity(index: Index, group) -> float:
    """How specific a query word is: its inverse document frequency over the distinct texts,
    uncapped (the word weights are capped, and two rare words tie there)."""
    dfs = [index.df[w] for t in group.terms if " " not in t and (w := fold(t)) in index.df]
    return math.log1p(index.n_texts / (1 + max(dfs))) if dfs else 0.0  # its commonest form


def _fts_sql(table: str) -> str:
    return (
        f"SELECT rowid, bm25({table}, {', '.join(map(str, WEIGHTS))}) FROM {table} "
        f"WHERE {table} MATCH ? AND rowid BETWEEN ? AND ?"
    )


def _phrase_rows(conn: sqlite3.Connection, table: str, phrases: list[str], ranges) -> frozenset[int] | None:
    """The rows holding one of ``phrases`` (a players' phrase and the rulebook's words for it) as a
    phrase, in the searched ``ranges``; None when there is no phrase (a word is held or not)."""
    if not phrases:
        return None
    expression = " OR ".join(quote(t) for t in phrases)
    sql = f"SELECT rowid FROM {table} WHERE {table} MATCH ? AND rowid BETWEEN ? AND ?"
    return frozenset(r for lo, hi in ranges for (r,) in conn.execute(sql, (expression, lo, hi)))


def rank(
    conn: sqlite3.Connection, index: Index, plan: Plan, scope: Scope, boosts: dict | None = None
) -> list[tuple[float, int]]:
    """(score, representative entry id) per matching thread, best first; ``boosts``, when given, is
    filled with the factor each title the query names gave its entries (title stems: factor).

    FTS5 is asked for the rowids of the documents searched only (each document holds a range of
    entry ids, see kb.search_corpus). A search of the newest versions (the default) asks the index
    of those versions only (``latest_fts``), whose postings do not grow with the history: a term's
    bm25 weight is read from its whole posting list, so over every version's index such a search
    would slow down with every version added."""
    corpus = index.corpus
    bm25: dict[int, float] = {}
    latest = latest_positions(index)
    table = "latest_fts" if scope.positions <= latest else "entries_fts"
    ranges = corpus.ranges(scope.positions)
    # every row of latest_fts is an entry of a newest version: with all of them searched and no
    # kind or category filter, each row FTS5 returns is in scope and needs no check
    every_row = scope.positions == latest and scope.kind is None and scope.category is None
    for common in (False, True):
        expression = plan.fts(common)
        for lo, hi in ranges:
            try:
                rows = conn.execute(_fts_sql(table), (expression, lo, hi)).fetchall()
            except sqlite3.OperationalError as exc:
                if table == "latest_fts" and "no such table" in str(exc):  # a KB built before it
                    table = "entries_fts"
                    rows = conn.execute(_fts_sql(table), (expression, lo, hi)).fetchall()
                else:  # not expected: every term is a quoted word
                    raise QueryError(f"cannot search for that: {exc}") from None
            if every_row and table == "latest_fts":
                bm25.update((rowid, -score) for rowid, score in rows)
                continue
            for rowid, score in rows:
                if scope.allows(rowid):
                    bm25[rowid] = -score
        if bm25 or not any(g.common for g in plan.groups):
            break
    linked = {e for m in plan.mentions for e in index.linked.get(m.key, ())}
    for e in linked:
        if e not in bm25 and scope.allows(e):
            bm25[e] = 0.0
    total_weight = sum(g.weight for g in plan.groups) or 1.0
    stem_ids = corpus.stem_ids
    words = [
        (
            g.weight,
            frozenset(stem_ids.get(s, -1) for s in g.stems),
            g.any_stem,
            frozenset(stem_ids.get(s, -1) for s in g.typed),
            _phrase_rows(conn, table, [t for t in g.terms if " " in t], ranges),
        )
        for g in plan.groups
        if g.card is None
    ]
    cards = [
        (g.weight, index.linked.get(g.card, ()), frozenset(stem_ids.get(s, -1) for s in g.stems))
        for g in plan.groups
        if g.card is not None
    ]
    query_stems = plan.stem_ids(index)
    prior = {corpus.kinds.index(k): f for k, f in KIND_PRIOR.items() if k in corpus.kinds}
    said = {s for g in plan.groups for s in g.stems}
    named_kinds = {i for i, k in enumerate(corpus.kinds) if stem(k) in said}
    text_of, text_stems, kind_of = corpus.entry_text, corpus.text_stems, corpus.entry_kind
    # per text: the weight of the query's words it holds, and which card names it spells out; the
    # query's stems a text holds are found in one pass over its stems in C (set intersection)
    coverage: dict[int, tuple[float, tuple[bool, ...]]] = {}
    best: dict[int, list] = {}
    by_bm25 = sorted(bm25, key=bm25.__getitem__, reverse=True)
    scored = by_bm25[:SCORED] + [e for e in by_bm25[SCORED:] if e in linked]
    titles = {t for e in scored if (t := corpus.title_stems.get(text_of[e])) and t <= query_stems}
    title_boost = _title_boosts(index, plan, titles)
    if boosts is not None:
        boosts.update(title_boost)
    for e in scored:
        bm = bm25[e]
        text = text_of[e]
        found = coverage.get(text)
        if found is None:
            held = query_stems.intersection(text_stems[text])
            found = coverage[text] = (
                sum(
                    w if phrased is None or e in phrased else w * PHRASE_APART
                    for w, ids, any_stem, typed, phrased in words
                    if (ids & held if any_stem else ids <= held) or (typed and typed <= held)
                ),
                tuple(ids <= held for _, _, ids in cards),
            )
        covered = found[0] + sum(w for (w, linked_to, _), spelt in zip(cards, found[1]) if spelt or e in linked_to)
        score = (bm + 1.0) * (COVERAGE_FLOOR + covered / total_weight)
        if e in linked:
            score *= CARD_BOOST
        score *= title_boost.get(corpus.title_stems.get(text), 1.0)
        if kind_of[e] in named_kinds:
            score *= KIND_NAMED
        else:
            score *= prior.get(kind_of[e], 1.0)
        thread = corpus.entry_thread[e]
        doc = corpus.entry_doc[e]
        cur = best.get(thread)
        if cur is None:
            best[thread] = [score, e, doc]
        else:
            cur[0] = max(cur[0], score)
            if doc > cur[2]:
                cur[1], cur[2] = e, doc
    # the rest only counts: threads matched below the SCORED best, in bm25 order, each with the
    # lowest score it could have (no query word covered, no boost)
    tail: dict[int, list] = {}
    for e in by_bm25[SCORED:]:
        thread, doc = corpus.entry_thread[e], corpus.entry_doc[e]
        cur = best.get(thread) or tail.get(thread)
        if cur is None:
            tail[thread] = [(bm25[e] + 1.0) * COVERAGE_FLOOR, e, doc]
        elif doc > cur[2]:  # the newest matching version stands for its thread
            cur[1], cur[2] = e, doc
    threads = corpus.threads
    order = sorted(best.items(), key=lambda kv: (-kv[1][0], threads[kv[0]]))
    return [(v[0], v[1]) for _, v in order] + [(v[0], v[1]) for v in tail.values()]
