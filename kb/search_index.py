"""The in-memory index the search keeps per knowledge base: its vocabulary, card names and the
compact corpus of :mod:`kb.search_corpus`, and the fuzzy matching (rapidfuzz) of typed words and
card names against them.

Typos and variants ("elusiv", "bait n switch", "Phase-Shift", the German "Zorn") must still find
the ruling, and doing that per query against SQLite would cost more than the search itself. So
the vocabulary (built from the distinct texts of the KB, not from every entry of every version),
every card name (English and localized) and the versions of every thread are read once per KB
file (:func:`build_index`) and kept in memory (:func:`kb.fuzzy.index_for`).

Why a module of its own: :mod:`kb.search_store` stores this index in the KB and restores it, and
:mod:`kb.fuzzy` keeps the index of each KB, loaded through :mod:`kb.search_store` or built here.
Index and cache in one module made that module and :mod:`kb.search_store` import each other.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA
from spellchecker import SpellChecker

from .mentions import NOT_CARD_NAMES, SET_ORDER, normalize_name, pad_number
from .query import CONNECTORS, STOPWORDS, stem
from .search_corpus import Corpus, read_corpus

#: Minimum rapidfuzz ratio of a misspelt card name ("phase shfit") to the card's name.
CARD_SCORE = 85.0
#: Longest card name looked for in a query, in words; and for a misspelt one ...
MAX_NAME_WORDS = 6
MAX_FUZZY_WORDS = 4
#: ... with at most this many rapidfuzz look-ups per query (a query of noise stays fast).
MAX_FUZZY_SPANS = 12
#: The KB's content the index is read from, as a few values cheap to read: what changes when the KB is
#: rebuilt, re-ingested or written to (part of :func:`kb.fuzzy.fingerprint`, the key of a stored index)
CONTENT_SQL = """SELECT
    (SELECT group_concat(id || ':' || version || ':' || sha256, ',') FROM documents),
    (SELECT max(id) FROM entries),
    (SELECT max(id) FROM cards),
    (SELECT count(*) FROM entry_cards)"""


@dataclass(frozen=True)
class CardMention:
    """A card named in the query: tokens ``[start, end)`` of the query name it."""

    start: int
    end: int
    key: str  # normalized English name
    name: str  # English name as printed
    card_ids: tuple[int, ...]  # printings, earliest set first
    matched: str  # "name" | "localized" | "fuzzy"
    localized: str | None = None


@dataclass
class Index:
    """What one KB's search needs in memory; built by :func:`build_index` (or restored by
    :mod:`kb.search_store`) and then only read (apart from its memo of word corrections)."""

    fingerprint: tuple
    words: dict[str, tuple[str, ...]] = field(default_factory=dict)  # folded -> forms as written
    df: dict[str, int] = field(default_factory=dict)  # folded -> entries with it
    stems: dict[str, tuple[str, ...]] = field(default_factory=dict)  # stem -> folded words
    word_list: list[str] = field(default_factory=list)
    #: documents, entries, texts and threads (kb.search_corpus)
    corpus: Corpus = field(default_factory=Corpus)
    card_games: frozenset[str] = frozenset()  # games whose entries name cards
    entry_cards: dict[int, tuple[tuple[str, str, str], ...]] = field(default_factory=dict)
    card_names: dict[int, tuple[str, str, str]] = field(default_factory=dict)  # id -> set, no, name
    by_name: dict[str, tuple[int, ...]] = field(default_factory=dict)
    printed: dict[str, str] = field(default_factory=dict)  # name key -> printed name
    by_skeleton: dict[str, str] = field(default_factory=dict)  # skeleton -> name key
    by_local: dict[str, tuple[str, tuple[int, ...]]] = field(default_factory=dict)
    skeleton_list: list[str] = field(default_factory=list)
    local_list: list[str] = field(default_factory=list)
    name_words: frozenset[str] = frozenset()  # words of English card names
    linked: dict[str, frozenset[int]] = field(default_factory=dict)  # name key -> entry ids
    #: "built" from the KB's tables, or "stored": loaded from the copy the build stored
    origin: str = field(default="built", compare=False)
    _corrections: dict[str, str | None] = field(default_factory=dict, repr=False)
    #: game -> ({stem id: that game's distinct texts holding it}, its distinct texts): :meth:`game_df`
    game_dfs: dict[str, tuple[dict[int, int], int]] = field(default_factory=dict, repr=False)

    @property
    def versions(self) -> dict[str, tuple[str, ...]]:
        """game -> its versions, oldest first."""
        return self.corpus.versions

    @property
    def kinds(self) -> frozenset[str]:
        return frozenset(self.corpus.kinds)

    @property
    def n_texts(self) -> int:
        """How many distinct texts the vocabulary was read from (the N of a word's weight)."""
        return self.corpus.n_texts

    def game_df(self, game: str) -> tuple[dict[int, int], int]:
        """({stem id: how many of ``game``'s distinct texts hold it}, how many distinct texts it
        has): the weights of a word in one game's rulebooks (:func:`kb.query.plan_query`). Worked out
        by :func:`build_index` and stored with the index (Magic's 18,000 texts take 0.1-0.2 s)."""
        found = self.game_dfs.get(game)
        if found is None:
            corpus = self.corpus
            texts: set[int] = set()
            for d in corpus.docs:
                if d.game == game:
                    ids = corpus.entry_doc[d.lo : d.hi + 1]
                    texts.update(t for t, at in zip(corpus.entry_text[d.lo : d.hi + 1], ids) if at)
            counts: Counter = Counter()
            for t in texts:
                counts.update(corpus.text_stems[t])
            found = self.game_dfs[game] = (dict(counts), len(texts))
        return found

    # ----------------------------------------------------------------------------------------
    # words

    def known(self, word: str) -> bool:
        return word in self.words or word in self.name_words or stem(word) in self.stems or not word.isalpha()

    def expand(self, word: str) -> tuple[str, ...]:
        """Forms of the rulebooks' words sharing ``word``'s stem, as FTS terms (``word`` first)."""
        forms = list(self.words.get(word, ()))
        for other in self.stems.get(stem(word), ()):
            if other != word:
                forms.extend(self.words[other])
        return tuple(dict.fromkeys(forms or [word]))[:8]

    def correct(self, word: str) -> str | None:
        """The rulebook word meant by an unknown ``word`` (folded), or None.

        A word whose stem the rulebooks use is an inflection ("attacking" is found through
        "attack"), not a typo, unless it is that stem short of a final "e" ("elusiv"). A word of
        the English language (:func:`language_words`) is left as it is. Other
        unknown words get the closest rulebook word within :func:`max_edits` edits (rapidfuzz
        OSA distance: a swap of two letters is one edit), the commonest on a tie. Card-name
        words, words shorter than 4 letters and words with digits are left alone.
        """
        if word in self.words or word in self.name_words or not word.isalpha() or not 4 <= len(word) <= 30:
            return None
        root = stem(word)
        if root in self.stems:
            return word + "e" if root == word and word + "e" in self.words else None
        if language_words().get(word, 0) >= LANGUAGE_MIN_COUNT:
            return None  # a word of the language is what was meant: "died" is not a typo of "tied"
        if word in self._corrections:
            return self._corrections[word]
        found = process.extract(word, self.word_list, scorer=OSA.distance, score_cutoff=max_edits(word), limit=8)
        best = min(found, key=lambda f: (f[1], -self.df.get(f[0], 0)), default=None)
        if len(self._corrections) > 10_000:
            self._corrections.clear()
        self._corrections[word] = fixed = best[0] if best else None
        return fixed

    # ----------------------------------------------------------------------------------------
    # cards

    def mentions(self, words: list[str], corrected: dict[int, str]) -> list[CardMention]:
        """Card names in the query ``words`` (folded), longest first, not overlapping.

        Tried per span of words: the exact English name, the name without connector words, a
        localized name, then the span with corrected words, then rapidfuzz against every name
        when the span holds a word the KB does not know. A one-word English name counts only
        when the rulebooks mostly use that word as the card's name (linked entries), so "together"
        or "fear" in a question is a word, "Anger" a card.
        """
        taken = [False] * len(words)
        out: list[CardMention] = []
        budget = [MAX_FUZZY_SPANS]
        for length in range(min(MAX_NAME_WORDS, len(words)), 0, -1):
            for i in range(len(words) - length + 1):
                if any(taken[i : i + length]):
                    continue
                found = self._match_span(words, i, i + length, corrected, budget)
                if found is not None:
                    out.append(found)
                    taken[i : i + length] = [True] * length
        return sorted(out, key=lambda m: m.start)

    def _match_span(
        self, words: list[str], i: int, j: int, corrected: dict[int, str], budget: list[int]
    ) -> CardMention | None:
        span = words[i:j]
        if all(w in STOPWORDS for w in span):
            return None
        key = " ".join(span)
        edge_ok = span[0] not in CONNECTORS and span[-1] not in CONNECTORS
        if key in self.by_name and self._plausible(key):
            return self._mention(i, j, key, "name")
        if len(span) > 1 and edge_ok:
            name = self.by_skeleton.get(skeleton(span))
            if name is not None:
                return self._mention(i, j, name, "name")
        local = self.by_local.get(key)
        if local and len(key) >= 4 and key not in NOT_CARD_NAMES and (len(span) > 1 or key not in self.words):
            written, ids = local
            return self._mention(i, j, self._key_of(ids[0]), "localized", ids, written)
        if not edge_ok:
            return None
        fixed = [corrected.get(k, w) for k, w in enumerate(words)][i:j]
        if fixed != span:
            fkey = " ".join(fixed)
            name = (
                fkey
                if fkey in self.by_name and self._plausible(fkey)
                else self.by_skeleton.get(skeleton(fixed))
                if len(fixed) > 1
                else None
            )
            if name is not None:
                return self._mention(i, j, name, "fuzzy")
        if (
            budget[0] > 0
            and len(span) <= MAX_FUZZY_WORDS
            and 5 <= len(key) <= 60
            and any(not self.known(w) for w in span)
        ):
            budget[0] -= 1
            hit = process.extractOne(skeleton(span), self.skeleton_list, scorer=fuzz.ratio, score_cutoff=CARD_SCORE)
            if hit is not None:
                return self._mention(i, j, self.by_skeleton[hit[0]], "fuzzy")
        return None

    def _plausible(self, key: str) -> bool:
        if key in NOT_CARD_NAMES or key in STOPWORDS:
            return False
        if " " in key:
            return True
        df = self.df.get(key, 0)
        return df == 0 or 2 * len(self.linked.get(key, ())) >= df

    def _key_of(self, card_id: int) -> str:
        return normalize_name(self.card_names[card_id][2])

    def _mention(self, i, j, key, matched, ids=None, localized=None) -> CardMention:
        return CardMention(i, j, key, self.printed[key], ids or self.by_name[key], matched, localized)


def max_edits(word: str) -> int:
    """Edits allowed to correct a word: one up to 6 letters ("poisen"), two from 7 ("elussive")."""
    return 1 if len(word) <= 6 else 2


def skeleton(words: list[str]) -> str:
    """A name's words without connectors: "bait and switch" and "bait n switch" -> "bait switch"."""
    kept = [w for w in words if w not in CONNECTORS]
    return " ".join(kept or words)


# --------------------------------------------------------------------------------------------
# words of the language

#: a word counted at least this often in pyspellchecker's English word list is a word of the
#: language (the list also holds rare forms that are common typos)
LANGUAGE_MIN_COUNT = 50


@lru_cache(maxsize=1)
def language_words():
    """English words with their frequencies (pyspellchecker's word list, shipped in the package:
    nothing downloaded), loaded on the first word the rulebooks do not know."""
    return SpellChecker(language="en", distance=1).word_frequency.dictionary


# --------------------------------------------------------------------------------------------
# building


def build_index(conn: sqlite3.Connection, fp: tuple = ()) -> Index:
    index = Index(fingerprint=fp)
    _read_entries(conn, index)
    _read_cards(conn, index)
    for game in index.versions:  # kept with the index the build stores: a server never works them out
        index.game_df(game)
    finish(index)
    return index


def finish(index: Index) -> None:
    """Fill in what the index derives from its other fields (a stored index does not hold them)."""
    index.word_list = [w for w in index.words if w.isalpha() and len(w) >= 3]
    index.skeleton_list = list(index.by_skeleton)
    index.local_list = list(index.by_local)


def _read_entries(conn: sqlite3.Connection, index: Index) -> None:
    corpus, forms, df = read_corpus(conn)
    index.corpus = corpus
    index.words = {w: tuple(sorted(f)) for w, f in forms.items()}
    index.df = dict(df)
    stems: dict[str, list[str]] = defaultdict(list)
    for w in index.words:
        stems[stem(w)].append(w)
    index.stems = {s: tuple(ws) for s, ws in stems.items()}


def _read_cards(conn: sqlite3.Connection, index: Index) -> None:
    order = {code: i for i, code in enumerate(SET_ORDER)}
    rows = conn.execute("SELECT id, set_code, number, name, localized_names FROM cards").fetchall()
    rank = {r[0]: (order.get(r[1], len(order)), r[1], pad_number(r[2]), r[0]) for r in rows}
    by_name: dict[str, list[int]] = defaultdict(list)
    by_local: dict[str, tuple[str, list[int]]] = {}
    name_words: set[str] = set()
    seen_local: dict[str, str] = {}
    for cid, set_code, number, name, localized in rows:
        key = normalize_name(name)
        if not key:
            continue
        index.card_names[cid] = (set_code, number, name)
        by_name[key].append(cid)
        index.printed.setdefault(key, name)
        name_words.update(key.split())
        try:
            names = json.loads(localized or "{}")
        except ValueError:
            names = {}
        for loc in sorted(set(names.values()), key=str) if isinstance(names, dict) else ():
            if not isinstance(loc, str):
                continue
            lkey = seen_local.get(loc)
            if lkey is None:
                lkey = seen_local[loc] = normalize_name(loc)
            if lkey and lkey != key:
                by_local.setdefault(lkey, (loc, []))[1].append(cid)
    index.by_name = {k: tuple(sorted(ids, key=rank.__getitem__)) for k, ids in by_name.items()}
    for key in sorted(index.by_name, key=lambda k: rank[index.by_name[k][0]]):
        index.by_skeleton.setdefault(skeleton(key.split()), key)
    index.by_local = {
        k: (w, tuple(sorted(ids, key=rank.__getitem__))) for k, (w, ids) in by_local.items() if k not in index.by_name
    }
    index.name_words = frozenset(name_words)
    linked: dict[str, set[int]] = defaultdict(set)
    cards: dict[int, list[tuple[str, str, str]]] = defaultdict(list)
    corpus = index.corpus
    for entry, cid in conn.execute("SELECT entry, card FROM entry_cards ORDER BY entry, rowid"):
        if cid in index.card_names:
            linked[normalize_name(index.card_names[cid][2])].add(entry)
            cards[entry].append(index.card_names[cid])
    # from sorted lists, as kb.search_store loads them: the same sets, iterated in the same order
    index.linked = {k: frozenset(sorted(v)) for k, v in linked.items()}
    index.entry_cards = {e: tuple(sorted(set(c), key=lambda c: (c[2], c))) for e, c in cards.items()}
    index.card_games = frozenset(corpus.doc(e).game for e in cards if corpus.has(e))
