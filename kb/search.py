"""Search of rulings as a judge asks for them: one result per ruling thread, best first.

FTS5 finds the entries and gives each a bm25 score (title, question and body weighted). General
signals then reorder them: how many of the question's meaningful words (stopwords dropped,
endings folded, rarer words weighing more) an entry holds, whether it is linked to a card the
question names (``entry_cards``), whether its short title is made of the question's words (the
definition of a term), and a low prior for fiction. No query is special-cased. Misspelt words
and card names are corrected with the vocabulary of :mod:`kb.fuzzy` (rapidfuzz), and the
correction is offered as "did you mean"; cards named in the query come back as card results.

Scope: by default only the latest version of each game is searched, and each hit reports every
version of its thread; ``all_versions`` searches every version, one result per thread (the newest
matching version stands for it); ``version`` searches that version only. A query that names a
version itself ("in 1.1", "v1.3", "old rules", "before 16.0", "latest"; see
``kb.query.VERSION_PHRASES``) searches that version, with the phrase taken out of the words searched;
it wins over the filters, and the result reports it (``version_query``). A hit whose text a later
version of its thread changed in meaning carries ``superseded_by`` (``kb.supersede``).

Errors: a query is never SQL or FTS syntax, so hostile text just searches for its words; an
empty query gives no results. Bad arguments (unknown game, version or kind, a limit out of range,
a query or filter that is not text) raise :class:`QueryError` with a one-line message. An
unknown category is not an error: categories are free text, so it simply matches nothing.

The result also iterates and has a length like the list of hits the earlier ``search`` returned,
so ``for hit in search(...)`` callers keep working.
"""
from __future__ import annotations

import sqlite3
from dataclasses import asdict, dataclass, field
from urllib.parse import quote as url_quote

from rapidfuzz import fuzz, process

from .card_detail import card_detail
from .fuzzy import EntryInfo, Index, index_for, skeleton
from .mentions import normalize_name
from .query import Plan, QueryError, VersionChoice, clean_text, find_version, plan_query, show, snippet, tokenize
from .supersede import superseded_by
from .versions import same_version

__all__ = ["search", "find_cards", "thread_changes", "SearchResult", "ThreadHit", "CardHit",
           "QueryError"]

#: bm25 column weights for (title, question, body): a hit in a title outranks one in running text
WEIGHTS = (10.0, 5.0, 1.0)
#: Share of the score that does not depend on how many of the question's words an entry holds.
COVERAGE_FLOOR = 0.3
#: Score factor for an entry linked to a card the query names.
CARD_BOOST = 2.0
#: Score factor for an entry whose short title is made of the query's words (the definition).
TITLE_BOOST = 2.0
#: Score factor per kind; stories rarely answer a rules question.
KIND_PRIOR = {"fiction": 0.3}
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

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass
class CardHit:
    set: str
    number: str
    name: str
    house: str | None
    type: str | None
    text: str | None
    matched: str              # "name" | "localized" | "fuzzy"
    localized: str | None
    url: str
    #: the card's errata by version, oldest first: [{"version", "text"}]
    errata: list = field(default_factory=list)
    #: ruling threads naming the card (newest entry of each): [{"entry_id", "kind", "title", "versions", "url"}]
    rulings: list = field(default_factory=list)

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

    def as_dict(self) -> dict:
        return {"query": self.query, "total": self.total,
                "results": [h.as_dict() for h in self.results],
                "did_you_mean": self.did_you_mean, "cards": [c.as_dict() for c in self.cards],
                "version_query": self.version_query}

    # the hits, as the list the earlier search() returned
    def __iter__(self):
        return iter(self.results)

    def __len__(self) -> int:
        return len(self.results)


# --------------------------------------------------------------------------------------------
# public API

def search(conn: sqlite3.Connection, query: str, game: str | None = None,
           version: str | None = None, kind: str | None = None, category: str | None = None,
           all_versions: bool = False, limit: int = 10, offset: int = 0) -> SearchResult:
    """Ruling threads matching ``query``, best first, ``limit`` of them from ``offset``."""
    limit, offset = _paging(limit, offset)
    text = clean_text(query)
    game, version, kind, category = (_text_arg(v, n) for v, n in (
        (game, "game"), (version, "version"), (kind, "kind"), (category, "category")))
    index = index_for(conn)
    docs = _scope(index, game, version, _flag(all_versions, "all_versions"))
    if kind is not None and kind not in index.kinds:
        raise QueryError(f"unknown kind {show(kind)}; kinds: {', '.join(sorted(index.kinds))}")
    category = normalize_name(category) if category else None
    choice = find_version(text, [v for g in ([game] if game else index.versions) for v in index.versions[g]])
    named = None
    if choice is not None:
        docs = _chosen(index, game, choice)
        named = {**choice.as_dict(), "versions": [{"game": g, "version": v} for g, v in sorted(docs)]}
    plan = plan_query(index, choice.rest if choice else text)
    if plan is None:
        return SearchResult(text, 0, [], version_query=named)

    def allowed(info: EntryInfo) -> bool:
        return ((info.game, info.version) in docs and (kind is None or info.kind == kind)
                and (category is None or info.category == category))

    threads = rank(conn, index, plan, allowed)
    hits = _thread_hits(conn, index, plan, threads[offset:offset + limit])
    cards = [] if game and game not in index.card_games else card_hits(
        conn, [(m.card_ids, m.matched, m.localized) for m in plan.mentions], MAX_CARD_HITS)
    did_you_mean = plan.did_you_mean and (f"{plan.did_you_mean} {choice.phrase}" if choice else plan.did_you_mean)
    return SearchResult(text, len(threads), hits, did_you_mean, cards, named)


def thread_changes(conn: sqlite3.Connection, thread: str) -> list[str]:
    """The versions of a thread whose words differ from the version before (case, quote style,
    punctuation and line breaks ignored): where a badge shows that the answer changed."""
    return list(index_for(conn).threads.get(thread, ((), ()))[1])


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
    found += [(ids, "name", None) for k, ids in index.by_name.items()
              if k != key and k.startswith(key)][:limit]
    if len(found) < limit:
        found += [(ids, "localized", w) for k, (w, ids) in index.by_local.items()
                  if k != key and k.startswith(key)][:limit]
    if len(found) < limit and len(key) >= 3:
        for hit, _, _ in process.extract(skeleton(words), index.skeleton_list, scorer=fuzz.ratio,
                                         score_cutoff=FIND_SCORE, limit=limit):
            found.append((index.by_name[index.by_skeleton[hit]], "fuzzy", None))
        for hit, _, _ in process.extract(key, index.local_list, scorer=fuzz.ratio,
                                         score_cutoff=FIND_SCORE, limit=limit):
            found.append((index.by_local[hit][1], "fuzzy", index.by_local[hit][0]))
    return card_hits(conn, found, limit)


# --------------------------------------------------------------------------------------------
# arguments

def _paging(limit, offset) -> tuple[int, int]:
    for value, name, low, high in ((limit, "limit", 1, MAX_LIMIT),
                                   (offset, "offset", 0, MAX_OFFSET)):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise QueryError(
                f"{name} must be a whole number from {low} to {high}, not {show(value)}")
    return limit, offset


def _flag(value, name: str) -> bool:
    if value is None or value in (True, False):   # also 0 and 1
        return bool(value)
    raise QueryError(f"{name} must be true or false, not {show(value)}")


def _text_arg(value, name: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise QueryError(f"{name} must be text, not {type(value).__name__}")
    value = value.strip()
    return value or None


def _scope(index: Index, game: str | None, version: str | None,
           all_versions: bool) -> set[tuple[str, str]]:
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
    if choice.named is not None:
        games = [g for g in games if any(same_version(v, choice.named) for v in index.versions[g])] or games
    docs = {(g, v) for g in games if (v := choice.pick(index.versions[g])) is not None}
    if not docs:
        raise QueryError(f"no version {choice.phrase!r}" + (f" of {game}" if game else "") + " in the knowledge base")
    return docs


# --------------------------------------------------------------------------------------------
# ranking

def rank(conn: sqlite3.Connection, index: Index, plan: Plan, allowed) -> list[tuple[float, int]]:
    """(score, representative entry id) per matching thread, best first."""
    bm25: dict[int, float] = {}
    sql = (f"SELECT rowid, bm25(entries_fts, {', '.join(map(str, WEIGHTS))}) FROM entries_fts "
           "WHERE entries_fts MATCH ?")
    for common in (False, True):
        try:
            rows = conn.execute(sql, (plan.fts(common),)).fetchall()
        except sqlite3.OperationalError as exc:   # not expected: every term is a quoted word
            raise QueryError(f"cannot search for that: {exc}") from None
        for rowid, score in rows:
            info = index.entries.get(rowid)
            if info is not None and allowed(info):
                bm25[rowid] = -score
        if bm25 or not any(g.common for g in plan.groups):
            break
    linked = {e for m in plan.mentions for e in index.linked.get(m.key, ())}
    for e in linked:
        info = index.entries.get(e)
        if e not in bm25 and info is not None and allowed(info):
            bm25[e] = 0.0
    total_weight = sum(g.weight for g in plan.groups) or 1.0
    query_stems = frozenset().union(*(g.stems for g in plan.groups))
    best: dict[str, list] = {}
    for e, bm in bm25.items():
        info = index.entries[e]
        stems = index.entry_stems.get(e, frozenset())
        covered = sum(g.weight for g in plan.groups
                      if (g.card is not None and e in index.linked.get(g.card, ()))
                      or g.stems <= stems)
        score = (bm + 1.0) * (COVERAGE_FLOOR + covered / total_weight)
        if e in linked:
            score *= CARD_BOOST
        title = index.title_stems.get(e)
        if title and title <= query_stems:
            score *= TITLE_BOOST
        score *= KIND_PRIOR.get(info.kind, 1.0)
        thread = info.thread
        cur = best.get(thread)
        if cur is None:
            best[thread] = [score, e, info.vsort]
        else:
            cur[0] = max(cur[0], score)
            if info.vsort > cur[2]:
                cur[1], cur[2] = e, info.vsort
    order = sorted(best.items(), key=lambda kv: (-kv[1][0], kv[0]))
    return [(v[0], v[1]) for _, v in order]


# --------------------------------------------------------------------------------------------
# results

def _thread_hits(conn: sqlite3.Connection, index: Index, plan: Plan,
                 page: list[tuple[float, int]]) -> list[ThreadHit]:
    if not page:
        return []
    ids = [e for _, e in page]
    rows = {r[0]: r for r in conn.execute(
        f"SELECT id, title, question, category, body FROM entries WHERE id IN "
        f"({', '.join('?' * len(ids))})", ids)}
    superseded = superseded_by(conn, ids)
    hits = []
    for score, e in page:
        info = index.entries[e]
        _, title, question, category, body = rows[e]
        versions, changed = index.threads.get(info.thread, ((info.version,), ()))
        hits.append(ThreadHit(
            entry_id=e, key=info.key, thread=info.thread, game=info.game,
            version=info.version, versions=list(versions), changed=bool(changed), kind=info.kind,
            title=title, question=question, category=category,
            snippet=snippet(body or question or title or "", plan.marks),
            cards=[{"set": s, "number": n, "name": name} for s, n, name in
                   index.entry_cards.get(e, ())],
            url=f"/entries/{e}", score=round(score, 4), superseded_by=superseded.get(e)))
    return hits


def card_hits(conn: sqlite3.Connection, found, limit: int) -> list[CardHit]:
    """CardHits for ``found`` = [(card ids, matched, localized name)], in order, no card twice."""
    order: dict[int, tuple[str, str | None]] = {}
    for ids, matched, localized in found:
        for cid in ids:
            if cid not in order and len(order) < limit:
                order[cid] = (matched, localized)
    if not order:
        return []
    rows = {r[0]: r for r in conn.execute(
        f"SELECT id, set_code, number, name, house, type, text FROM cards WHERE id IN "
        f"({', '.join('?' * len(order))})", list(order))}
    out = []
    for cid, (matched, localized) in order.items():
        if cid in rows:
            _, set_code, number, name, house, ctype, text = rows[cid]
            url = f"/cards/{url_quote(set_code, safe='')}/{url_quote(number, safe='')}"
            detail = card_detail(conn, set_code, number) or {}
            errata = [{"version": e["version"], "text": e["text"]} for e in detail.get("errata", [])]
            rulings = [{"entry_id": r["entry_id"], "kind": r["kind"], "title": r["question"] or r["title"],
                        "versions": r["versions"], "url": r["url"], "superseded_by": r["superseded_by"]}
                       for r in detail.get("entries", [])]
            out.append(CardHit(set_code, number, name, house, ctype, text, matched, localized, url,
                               errata, rulings))
    return out
