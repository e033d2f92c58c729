"""Search of rulings as a judge asks for them: one result per ruling thread, best first.

FTS5 finds the entries and gives each a bm25 score (title, question and body weighted). General
signals then reorder them: how many of the question's meaningful words (stopwords dropped,
endings folded, rarer words weighing more) an entry holds, whether it is linked to a card the
question names (``entry_cards``), whether its short title is made of the question's words (the
definition of a term), and low priors for fiction and examples. No query is special-cased. Misspelt words
and card names are corrected with the vocabulary of :mod:`kb.fuzzy` (rapidfuzz), and the
correction is offered as "did you mean"; cards named in the query come back as card results.
A term's definition ranks first because its short title is the term: the glossary's "Trample" and
the rule "702.19. Trample" (a rule's number is not part of its name), not the rules that mention
trample in passing. A rule number in the query ("702.19", "rule 702.19b", "CR 702.19b";
:mod:`kb.rule_numbers`) finds that rule in the versions searched first, then its subrules, then
whatever the rest of the query's words find.

Scope: by default only the latest version of each game is searched, and each hit reports every
version of its thread; ``all_versions`` searches every version, one result per thread (the newest
matching version stands for it); ``version`` searches that version only. FTS5 reads only the
searched documents' rowid ranges (:mod:`kb.search_corpus`), so a search of the latest version
costs the same with one version or a hundred. A query that names a version itself ("in 1.1",
"v1.3", "old rules", "before 16.0", "latest", or by date "in 2019", "before 2020-01-01"; see
``kb.version_phrases.VERSION_PHRASES``) searches that version, with the phrase taken out of the words searched;
it wins over the filters, and the result reports it (``version_query``). A hit whose text a later
version of its thread changed in meaning carries ``superseded_by`` (``kb.supersede``), and every hit
its thread's answers grouped by the versions stating them (``answers``, ``kb.answer_groups``), so a
tile never shows one version's answer beside another version's badge.

Errors: a query is never SQL or FTS syntax, so hostile text just searches for its words; an
empty query gives no results. Bad arguments (unknown game, version or kind, a limit out of range,
a query or filter that is not text) raise :class:`QueryError` with a one-line message. An
unknown category is not an error: categories are free text, so it simply matches nothing.

The result also iterates and has a length like the list of hits the earlier ``search`` returned,
so ``for hit in search(...)`` callers keep working.
"""

from __future__ import annotations

import sqlite3
from dataclasses import asdict, dataclass, field, replace

from rapidfuzz import fuzz, process

from .answer_groups import thread_answers
from .card_panel import card_tiles
from .fuzzy import index_for
from .game_inferred import OTHER_GAME_FACTOR, infer_game
from .game_named import named_game
from .mentions import normalize_name
from .question_kinds import asked_for
from .query import QueryError, clean_text, plan_query, show, tokenize
from .version_phrases import VersionChoice, find_version, is_date
from .rule_numbers import find_numbers
from .search_index import Index, skeleton
from .snippets import snippet
from .search_games import rank_games
from .search_rank import Scope, number_hits
from .supersede import superseded_by
from .term_panel import Term, named_terms
from .versions import same_version

__all__ = ["search", "find_cards", "thread_changes", "SearchResult", "ThreadHit", "CardHit", "QueryError"]

MAX_LIMIT = 500
MAX_OFFSET = 100_000
#: Minimum rapidfuzz ratio of a name to the text given to find_cards.
FIND_SCORE = 80.0
#: Card results shown with a search.
MAX_CARD_HITS = 6


@dataclass
class ThreadHit:
    entry_id: int
    key: str
    thread: str
    game: str
    version: str
    versions: list[str]
    changed: bool
    kind: str
    title: str | None
    question: str | None
    category: str | None
    snippet: str
    cards: list[dict] = field(default_factory=list)
    url: str = ""
    score: float = 0.0
    #: the later version that changed this text's meaning: {"version", "entry_id", "summary", "url"}
    superseded_by: dict | None = None
    #: the thread's answers grouped by the versions stating them (kb.answer_groups), oldest first:
    #: one group while no version changed the ruling; the tile shows each beside its own versions
    answers: list = field(default_factory=list)

    def as_dict(self) -> dict:
        # the groups are fresh dicts of lists made for this hit (kb.answer_groups): handed over, not
        # deep-copied (asdict's copy of a Magic rule's hundred versions per group costs milliseconds)
        out = asdict(replace(self, answers=[]))
        out["answers"] = self.answers
        return out


@dataclass
class CardHit:
    set: str
    number: str
    name: str
    house: str | None
    type: str | None
    text: str | None
    matched: str  # "name" | "localized" | "fuzzy"
    localized: str | None
    url: str
    #: the card's errata by version, oldest first: [{"version", "text"}]
    errata: list = field(default_factory=list)
    #: ruling threads naming the card (newest entry of each): [{"entry_id", "kind", "title", "versions", "url"}]
    rulings: list = field(default_factory=list)
    #: the other printings of the same card (reprints): [{"set", "number", "url"}]
    printings: list = field(default_factory=list)

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass
class SearchResult:
    query: str
    total: int
    results: list[ThreadHit]
    did_you_mean: str | None = None
    cards: list[CardHit] = field(default_factory=list)
    #: the version the query named: {"phrase", "selects", "named", "rest", "versions": [{"game", "version"}]}
    version_query: dict | None = None
    #: the glossary terms the query names, with their definitions (kb.term_panel)
    terms: list[Term] = field(default_factory=list)
    #: the game the query named, which scoped the search (kb.game_named), else None
    game_query: str | None = None
    #: the game the query's words are about when none was chosen or named (kb.game_inferred): its
    #: entries rank first, the other games' lower; else None
    game_inferred: str | None = None

    def as_dict(self) -> dict:
        return {
            "query": self.query,
            "total": self.total,
            "results": [h.as_dict() for h in self.results],
            "did_you_mean": self.did_you_mean,
            "cards": [c.as_dict() for c in self.cards],
            "version_query": self.version_query,
            "terms": [t.as_dict() for t in self.terms],
            "game_query": self.game_query,
            "game_inferred": self.game_inferred,
        }

    # the hits, as the list the earlier search() returned
    def __iter__(self):
        return iter(self.results)

    def __len__(self) -> int:
        return len(self.results)


# --------------------------------------------------------------------------------------------
# public API


def search(
    conn: sqlite3.Connection,
    query: str,
    game: str | None = None,
    version: str | None = None,
    kind: str | None = None,
    category: str | None = None,
    all_versions: bool = False,
    limit: int = 10,
    offset: int = 0,
) -> SearchResult:
    """Ruling threads matching ``query``, best first, ``limit`` of them from ``offset``."""
    limit, offset = _paging(limit, offset)
    text = asked = clean_text(query)
    game, version, kind, category = (
        _text_arg(v, n) for v, n in ((game, "game"), (version, "version"), (kind, "kind"), (category, "category"))
    )
    index = index_for(conn)
    named_game_id = None
    if game is None:  # "... in magic", "keeper of the cards ...": scoped to that game (kb.game_named)
        named_game_id, text_without = named_game(text, index.versions)
        if named_game_id is not None:
            game, asked, text = named_game_id, text, text_without
    docs = _scope(index, game, version, _flag(all_versions, "all_versions"))
    if kind is not None and kind not in index.kinds:
        raise QueryError(f"unknown kind {show(kind)}; kinds: {', '.join(sorted(index.kinds))}")
    category = normalize_name(category) if category else None
    choice = find_version(text, [v for g in ([game] if game else index.versions) for v in index.versions[g]])
    named = None
    if choice is not None:
        docs = _chosen(index, game, choice)
        named = {**choice.as_dict(), "versions": [{"game": g, "version": v} for g, v in sorted(docs)]}
    rest = choice.rest if choice else text
    scope = Scope(index, docs, kind, category)
    numbers = find_numbers(rest)
    pinned = number_hits(conn, index, numbers.numbers, scope) if numbers else []
    words = numbers.rest if pinned else rest
    plan = plan_query(index, words, tuple(sorted({g for g, _ in docs})))
    if plan is None and not pinned:
        return SearchResult(asked, 0, [], version_query=named, game_query=named_game_id)
    threads = []
    if plan is not None:  # each game's entries with its own players' words (kb.search_games)
        asks = asked_for([t.word for t in tokenize(words)])  # kb.question_kinds: a time, a count
        threads = rank_games(conn, index, words, plan, docs, kind, category, asks)
    inferred = None
    if game is None and choice is None and plan is not None:  # kb.game_inferred
        inferred = infer_game(index, plan, words, tuple(sorted({g for g, _ in docs})))
        if inferred is not None:
            threads = _prefer_game(index, threads, inferred)
    if pinned:
        top = threads[0][0] if threads else 0.0
        taken = {index.corpus.entry_thread[e] for _, e in pinned}
        threads = [(top + len(pinned) - i, e) for i, (_, e) in enumerate(pinned)] + [
            t for t in threads if index.corpus.entry_thread[t[1]] not in taken
        ]
    marks = plan.marks if plan is not None else frozenset()
    hits = _thread_hits(conn, index, marks, threads[offset : offset + limit])
    mentions = plan.mentions if plan is not None else []
    cards = (
        []
        if game and game not in index.card_games
        else card_hits(conn, index, [(m.card_ids, m.matched, m.localized) for m in mentions], MAX_CARD_HITS)
    )
    did_you_mean = plan.did_you_mean if plan is not None else None
    if did_you_mean and pinned:
        did_you_mean = rest.replace(words, did_you_mean) if words and words in rest else did_you_mean
    did_you_mean = did_you_mean and (f"{did_you_mean} {choice.phrase}" if choice else did_you_mean)
    terms = named_terms(conn, index, plan, threads, inferred)
    return SearchResult(asked, len(threads), hits, did_you_mean, cards, named, terms, named_game_id, inferred)


def _prefer_game(index: Index, threads: list[tuple[float, int]], game: str) -> list[tuple[float, int]]:
    """``threads`` with the other games' scores times OTHER_GAME_FACTOR, best first again."""
    corpus = index.corpus
    scaled = [(s if corpus.doc(e).game == game else s * OTHER_GAME_FACTOR, e) for s, e in threads]
    return sorted(scaled, key=lambda se: -se[0])


def thread_changes(conn: sqlite3.Connection, thread: str) -> list[str]:
    """The versions of a thread whose words differ from the version before (case, quote style,
    punctuation and line breaks ignored): where a badge shows that the answer changed."""
    corpus = index_for(conn).corpus
    pos = corpus.thread_pos.get(thread)
    return [] if pos is None else corpus.thread_versions(pos)[1]


def find_cards(conn: sqlite3.Connection, name: str, limit: int = 10) -> list[CardHit]:
    """Cards whose name (English or localized) matches ``name``: exact, then by prefix, then by
    rapidfuzz similarity; every printing of a name, earliest set first."""
    limit, _ = _paging(limit, 0)
    words = [t.word for t in tokenize(clean_text(name))]
    if not words:
        return []
    index = index_for(conn)
    key = " ".join(words)
    found: list[tuple[tuple[int, ...], str, str | None]] = []
    if key in index.by_name:
        found.append((index.by_name[key], "name", None))
    if key in index.by_local:
        written, ids = index.by_local[key]
        found.append((ids, "localized", written))
    found += [(ids, "name", None) for k, ids in index.by_name.items() if k != key and k.startswith(key)][:limit]
    if len(found) < limit:
        found += [(ids, "localized", w) for k, (w, ids) in index.by_local.items() if k != key and k.startswith(key)][
            :limit
        ]
    if len(found) < limit and len(key) >= 3:
        for hit, _, _ in process.extract(
            skeleton(words), index.skeleton_list, scorer=fuzz.ratio, score_cutoff=FIND_SCORE, limit=limit
        ):
            found.append((index.by_name[index.by_skeleton[hit]], "fuzzy", None))
        for hit, _, _ in process.extract(
            key, index.local_list, scorer=fuzz.ratio, score_cutoff=FIND_SCORE, limit=limit
        ):
            found.append((index.by_local[hit][1], "fuzzy", index.by_local[hit][0]))
    return card_hits(conn, index, found, limit, group=False)  # a look-up lists every printing


# --------------------------------------------------------------------------------------------
# arguments


def _paging(limit, offset) -> tuple[int, int]:
    for value, name, low, high in ((limit, "limit", 1, MAX_LIMIT), (offset, "offset", 0, MAX_OFFSET)):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise QueryError(f"{name} must be a whole number from {low} to {high}, not {show(value)}")
    return limit, offset


def _flag(value, name: str) -> bool:
    if value is None or value in (True, False):  # also 0 and 1
        return bool(value)
    raise QueryError(f"{name} must be true or false, not {show(value)}")


def _text_arg(value, name: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise QueryError(f"{name} must be text, not {type(value).__name__}")
    value = value.strip()
    return value or None


def _scope(index: Index, game: str | None, version: str | None, all_versions: bool) -> set[tuple[str, str]]:
    """The (game, version) documents searched."""
    if game is not None and game not in index.versions:
        raise QueryError(f"unknown game {show(game)}; games: {', '.join(sorted(index.versions))}")
    games = [game] if game else sorted(index.versions)
    if version is not None:
        docs = {(g, v) for g in games for v in index.versions[g] if same_version(v, version)}
        if not docs:
            raise QueryError(f"no version {show(version)}" + (f" of {game}" if game else ""))
        return docs
    if all_versions:
        return {(g, v) for g in games for v in index.versions[g]}
    return {(g, index.versions[g][-1]) for g in games if index.versions[g]}


def _chosen(index: Index, game: str | None, choice: VersionChoice) -> set[tuple[str, str]]:
    """The (game, version) documents a version named in the query selects: in each game searched
    that holds the named version (every game searched when none does, or for "old rules")."""
    games = [game] if game else sorted(index.versions)
    if choice.named is not None:  # a date speaks only of the games versioned by date
        games = [g for g in games if choice.applies(index.versions[g])] or ([] if is_date(choice.named) else games)
    docs = {(g, v) for g in games if (v := choice.pick(index.versions[g])) is not None}
    if not docs:
        raise QueryError(f"no version {choice.phrase!r}" + (f" of {game}" if game else "") + " in the knowledge base")
    return docs


# --------------------------------------------------------------------------------------------
# results


def _thread_hits(
    conn: sqlite3.Connection, index: Index, marks: frozenset[str], page: list[tuple[float, int]]
) -> list[ThreadHit]:
    if not page:
        return []
    corpus = index.corpus
    ids = [e for _, e in page]
    rows = {
        r[0]: r
        for r in conn.execute(
            f"SELECT id, key, title, question, category, body FROM entries WHERE id IN ({', '.join('?' * len(ids))})",
            ids,
        )
    }
    superseded = superseded_by(conn, ids)
    groups = thread_answers(conn, [corpus.info(e).thread for e in ids])
    hits = []
    for score, e in page:
        info = corpus.info(e)
        _, key, title, question, category, body = rows[e]
        versions, changed = corpus.thread_versions(corpus.entry_thread[e])
        hits.append(
            ThreadHit(
                entry_id=e,
                key=key,
                thread=info.thread,
                game=info.game,
                version=info.version,
                versions=versions or [info.version],
                changed=bool(changed),
                kind=info.kind,
                title=title,
                question=question,
                category=category,
                snippet=snippet(body or question or "", marks) if (body or question) else "",
                cards=[{"set": s, "number": n, "name": name} for s, n, name in index.entry_cards.get(e, ())],
                url=f"/entries/{e}",
                score=round(score, 4),
                superseded_by=superseded.get(e),
                answers=groups.get(info.thread, []),
            )
        )
    return hits


def card_hits(conn: sqlite3.Connection, index: Index, found, limit: int, group: bool = True) -> list[CardHit]:
    """CardHits for ``found`` = [(card ids, matched, localized name)], in order, reprints in one
    tile unless ``group`` is False (:mod:`kb.card_panel`)."""
    return [CardHit(**tile) for tile in card_tiles(conn, index, found, limit, group)]
