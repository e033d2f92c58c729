"""Terminology: the phrases a new edition substitutes everywhere ("Reap:" -> "After Reap:").

Why: a rename the new edition makes in every entry is one change of wording, not a change of
meaning in each entry it touches; the changelog lists it once and kb.meaning compares texts with
each rename's two phrases folded to one token. No rename is known in advance: a substitution is a
rename when it is seen in many entries, consistently, and the old phrase does not survive in the
new version (thresholds below). ``version_terminology`` is asked many times per build, so it is
memoised per database file, versions and the entries they hold.
"""

from __future__ import annotations

import json
import os
import sqlite3
from bisect import bisect_right
from collections import OrderedDict, defaultdict
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Iterable

from .meaning_text import KEPT_PUNCTUATION, MODALS, NEGATIONS, NUMBER, QUOTES, Sentence, phrase_keys, sentences
from .term_corpus import BOUNDARY as _BOUNDARY, Corpus as _Corpus
from . import terminology_store
from .threads import aligned_pairs

#: A rename is seen in at least this many entries: fewer is indistinguishable from an ordinary edit
#: of a sentence quoted in two places (a rule and its glossary entry).
MIN_RENAME_ENTRIES = 3
#: Of the entry pairs whose old text holds the old phrase, at least this share make the substitution
#: (the rest were rewritten so much that the phrase went with the sentence).
MIN_RENAME_CONSISTENCY = 0.6
#: The old phrase may survive in the new version's texts (outside the new phrase) in at most this
#: share of as many entries as show the substitution: a term still used is not renamed.
MAX_RENAME_SURVIVAL = 0.2
#: A rename is a short phrase: at most this many tokens changed on either side, with at most
#: ``RENAME_CONTEXT`` unchanged tokens around it to anchor an insertion ("Reap:" -> "After Reap:").
MAX_RENAME_TOKENS, RENAME_CONTEXT = 4, 2


@dataclass(frozen=True)
class Rename:
    """A systematic substitution between two versions; ``count``: entries in which it occurs."""

    old: str
    new: str
    count: int


@dataclass(frozen=True)
class Terminology:
    renames: tuple[Rename, ...] = ()

    def mirrored(self) -> "Terminology":
        return Terminology(tuple(Rename(r.new, r.old, r.count) for r in self.renames))


# ---- renames applied to texts ------------------------------------------------------------------


def _rename_table(terms: Terminology | None) -> tuple[tuple[tuple[str, ...], str], ...]:
    """(phrase keys, placeholder) for both sides of every rename, longest first."""
    if not terms or not terms.renames:
        return ()
    return _rename_table_cached(terms.renames)


@lru_cache(maxsize=256)
def _rename_table_cached(renames: tuple[Rename, ...]) -> tuple:
    table = []
    for i, r in enumerate(renames):
        for side in (r.old, r.new):
            keys = phrase_keys(side)
            if keys:
                table.append((keys, f"\x00rename{i}"))
    return tuple(sorted(table, key=lambda t: -len(t[0])))


@lru_cache(maxsize=65536)
def _folded(s: Sentence, table: tuple) -> Sentence:
    """``s`` with every phrase of ``table`` replaced by its placeholder (span kept)."""
    if not table:
        return s
    keys, spans = list(s.keys), list(s.spans)
    for phrase, holder in table:
        n = len(phrase)
        i = 0
        while i + n <= len(keys):
            if tuple(keys[i : i + n]) == phrase:
                keys[i : i + n] = [holder]
                spans[i : i + n] = [(spans[i][0], spans[i + n - 1][1])]
            i += 1
    return Sentence(s.text, tuple(keys), tuple(spans))


def text_sentences(text: str | None, terms: Terminology | None) -> list[Sentence]:
    table = _rename_table(terms)
    return [_folded(s, table) for s in sentences(text)]


# ---- detection ---------------------------------------------------------------------------------


class _Origins:
    """Where each key of a text's stream comes from: ``origins[p]`` is (sentence, index of the key
    in it), (None, -1) at a sentence boundary. Found from where each sentence starts rather than
    kept as a pair per key: the streams of every text of a history are cached, and a tuple per key
    made most of the objects the garbage collector walks, again and again."""

    __slots__ = ("sentences", "starts")

    def __init__(self, sentences: tuple[Sentence, ...], starts: tuple[int, ...]):
        self.sentences, self.starts = sentences, starts

    def __getitem__(self, p: int) -> tuple[Sentence | None, int]:
        n = bisect_right(self.starts, p) - 1
        s, i = self.sentences[n], p - self.starts[n]
        return (s, i) if i < len(s.keys) else (None, -1)


@lru_cache(maxsize=65536)
def _stream(text: str | None) -> tuple[tuple[str, ...], _Origins]:
    """All keys of a text (sentence boundaries marked) with where each comes from. A tuple: the
    garbage collector stops walking a tuple of strings, not a list."""
    keys: list[str] = []
    starts = []
    ss = sentences(text)
    for s in ss:
        starts.append(len(keys))
        keys.extend(s.keys)
        keys.append(_BOUNDARY)
    return tuple(keys), _Origins(ss, tuple(starts))


def _renamable(phrase: tuple[str, ...]) -> bool:
    return all(k != _BOUNDARY and not NUMBER.match(k) and k not in NEGATIONS and k not in MODALS for k in phrase)


def _stable(
    old_c: _Corpus, new_c: _Corpus, corpus: _Corpus, n: int, i: int, phrase: tuple[str, ...], other: tuple[str, ...]
) -> bool:
    """True when the occurrence of ``phrase`` at (n, i) of ``corpus`` belongs to a longer fixed
    phrase that both versions print equally often, on the side where the rename to ``other`` adds
    a word ("Before Reap:" around "Reap:", renamed "After Reap:"): a different term, kept as it
    was, which neither supports nor contradicts the rename. A replacement has no such side."""
    stream = corpus.streams[n]
    m = len(phrase)
    sides = []
    if len(other) > m and other[-m:] == phrase:
        sides.append((i - 1, i + m))
    if len(other) > m and other[:m] == phrase:
        sides.append((i, i + m + 1))
    for lo, hi in sides:
        if lo < 0 or hi > len(stream) or _BOUNDARY in stream[lo:hi]:
            continue
        longer = tuple(stream[lo:hi])
        if old_c.count(longer, phrase) == new_c.count(longer, phrase) > 0:
            return True
    return False


def _quoted(where: tuple[Sentence, int]) -> bool:
    """True when the token at ``where`` opens a quotation: the phrase is mentioned, not used."""
    sentence, i = where
    before = sentence.text[: sentence.spans[i][0]].rstrip()
    return before[-1:] in QUOTES


def _inside(stream: tuple[str, ...], i: int, phrase: tuple[str, ...], outer: tuple[str, ...]) -> bool:
    """True when the occurrence of ``phrase`` at ``i`` is part of an occurrence of ``outer``."""
    m, n = len(phrase), len(outer)
    return any(
        outer[k : k + m] == phrase and tuple(stream[i - k : i - k + n]) == outer for k in range(n - m + 1) if i - k >= 0
    )


def terminology(pairs: Iterable[tuple[str | None, str | None]]) -> Terminology:
    """Systematic substitutions detected over all paired texts (old, new) of two versions; a text
    paired with None (an entry added or removed) counts where a term survives.

    A candidate is every short replaced, inserted or deleted run of a word diff, with up to
    ``RENAME_CONTEXT`` unchanged words around it. It is a rename when it occurs in at least
    ``MIN_RENAME_ENTRIES`` entries, in at least ``MIN_RENAME_CONSISTENCY`` of the entries whose old
    text uses the old phrase, and the old phrase survives in few new texts (``MAX_RENAME_SURVIVAL``):
    not counting the old phrase quoted in a sentence that also holds the new phrase (a note stating
    the rename: "“Reap:” should be read as “After Reap:”") nor a longer fixed phrase both versions print as often
    ("Before Reap:"). Of overlapping candidates the most frequent wins, then the least contradicted,
    then the shortest (an insertion with the words it qualifies: "identity card" -> "Archon identity
    card")."""
    old_streams, new_streams, paired = [], [], []
    where_old, where_new = [], []
    for old, new in pairs:
        a, wa = _stream(old)
        b, wb = _stream(new)
        if old:
            old_streams.append(a)
            where_old.append(wa)
        if new:
            new_streams.append(b)
            where_new.append(wb)
        if old and new:
            paired.append((len(old_streams) - 1, len(new_streams) - 1))
    support: dict[tuple, dict[int, list]] = defaultdict(dict)  # candidate -> {pair index: hunk ids}
    surface: dict[tuple, tuple[str, str]] = {}
    shape: dict[tuple, tuple[int, int]] = {}
    for p, (na, nb) in enumerate(paired):
        a, b = old_streams[na], new_streams[nb]
        if a is b or a == b:  # (one text printed again: one cached stream)
            continue
        for h, (tag, i1, i2, j1, j2) in enumerate(SequenceMatcher(None, a, b, autojunk=False).get_opcodes()):
            if tag == "equal" or i2 - i1 > MAX_RENAME_TOKENS or j2 - j1 > MAX_RENAME_TOKENS:
                continue
            if not _renamable(tuple(a[i1:i2])) or not _renamable(tuple(b[j1:j2])):
                continue
            for left in range(RENAME_CONTEXT + 1):
                for right in range(RENAME_CONTEXT + 1):
                    lo_a, hi_a, lo_b, hi_b = i1 - left, i2 + right, j1 - left, j2 + right
                    if lo_a < 0 or lo_b < 0 or hi_a > len(a) or hi_b > len(b):
                        continue
                    old_p, new_p = tuple(a[lo_a:hi_a]), tuple(b[lo_b:hi_b])
                    if (
                        not old_p
                        or not new_p
                        or old_p == new_p
                        or a[lo_a:i1] != b[lo_b:j1]
                        or a[i2:hi_a] != b[j2:hi_b]
                        or not _renamable(old_p)
                        or not _renamable(new_p)
                        or all(k in KEPT_PUNCTUATION for k in old_p)
                    ):
                        continue
                    cand = (old_p, new_p)
                    support[cand].setdefault(p, []).append(h)
                    if cand not in surface:
                        surface[cand] = (_surface(where_old[na], lo_a, hi_a), _surface(where_new[nb], lo_b, hi_b))
                        # an insertion or deletion reads best with the words it qualifies (after
                        # it); a replacement reads best bare
                        shape[cand] = (left, -right if i1 == i2 or j1 == j2 else right)
    paired_old = {na for na, _ in paired}
    anchors = {k for cand, where in support.items() if len(where) >= MIN_RENAME_ENTRIES for k in cand[0]}
    old_c, new_c = _Corpus(old_streams, anchors), _Corpus(new_streams, anchors)
    valid = []
    for cand, where in support.items():
        count = len(where)
        if count < MIN_RENAME_ENTRIES:
            continue
        old_p, new_p = cand
        holding = {
            n for n, i in old_c.find(old_p) if n in paired_old and not _stable(old_c, new_c, old_c, n, i, old_p, new_p)
        }
        if holding and count / len(holding) < MIN_RENAME_CONSISTENCY:
            continue
        surviving = set()
        for n, i in new_c.find(old_p):
            stream = new_streams[n]
            if n in surviving or _inside(stream, i, old_p, new_p):
                continue
            lo, hi = new_c.sentence(n, i)
            if _quoted(where_new[n][i]) and any(
                tuple(stream[k : k + len(new_p)]) == new_p for k in range(lo, hi - len(new_p) + 1)
            ):
                continue  # a note stating the rename: "“Reap:” should be read as “After Reap:”"
            if not _stable(old_c, new_c, new_c, n, i, old_p, new_p):
                surviving.add(n)
        if len(surviving) > MAX_RENAME_SURVIVAL * count:
            continue
        valid.append((cand, count, len(surviving)))
    valid.sort(key=lambda v: (-v[1], v[2], shape[v[0]], v[0]))
    claimed: set[tuple[int, int]] = set()
    renames = []
    for cand, count, _ in valid:
        free = {p for p, hs in support[cand].items() if any((p, h) not in claimed for h in hs)}
        if len(free) < MIN_RENAME_ENTRIES:
            continue
        claimed.update((p, h) for p, hs in support[cand].items() for h in hs)
        renames.append(Rename(*surface[cand], count))
    return Terminology(tuple(renames))


def _surface(where, lo: int, hi: int) -> str:
    s, first = where[lo]
    _, last = where[hi - 1]
    return s.text[s.spans[first][0] : s.spans[last][1]]


#: terminologies kept: a replay plan over a history of V versions asks for about 2V pairs of them
#: over and over (each version against its neighbours); clearing them all when a small memo filled
#: up made a KeyForge history of 84 versions compute each pair again for every scenario
MEMO_SIZE = 512
_MEMO: OrderedDict[tuple, Terminology] = OrderedDict()


def _fingerprint_path(conn: sqlite3.Connection) -> str:
    path = next((r[2] for r in conn.execute("PRAGMA database_list") if r[1] == "main"), "") or f"memory:{id(conn)}"
    return os.path.abspath(path) if not path.startswith("memory:") else path


def _fingerprint(conn: sqlite3.Connection, game: str, versions: tuple[str, str]) -> tuple:
    path = _fingerprint_path(conn)
    row = conn.execute(
        """SELECT count(*), total(e.id), total(length(e.body) + length(coalesce(e.question, '')))
           FROM entries e JOIN documents d ON d.id = e.document WHERE d.game = ? AND d.version IN (?, ?)""",
        (game, *versions),
    ).fetchone()
    try:  # the threads of those two versions' entries only: the others do not pair them
        threads = conn.execute(
            """SELECT count(*), total(length(et.thread)) FROM entry_threads et JOIN entries e ON e.id = et.entry
               JOIN documents d ON d.id = e.document WHERE d.game = ? AND d.version IN (?, ?)""",
            (game, *versions),
        ).fetchone()
    except sqlite3.OperationalError:
        threads = None
    return (path, game, versions, tuple(row), threads)


def _content(key: tuple) -> str:
    """The part of a memo key that says which texts it was computed from (not where the KB is)."""
    return json.dumps([list(key[3]), None if key[4] is None else list(key[4])])


def store_computed(conn: sqlite3.Connection) -> None:
    """Store in the KB on ``conn`` the terminologies this process computed from it
    (:mod:`kb.terminology_store`): the build, after its replays and after its supersessions walk,
    for the processes that replay or show a changelog later."""
    path = _fingerprint_path(conn)
    terminology_store.store(
        conn,
        [
            (game, versions, _content(key), [[r.old, r.new, r.count] for r in terms.renames])
            for key, terms in _MEMO.items()
            if key[0] == path
            for game, versions in [(key[1], key[2])]
        ],
    )


def version_terminology(
    conn: sqlite3.Connection,
    game: str,
    from_version: str,
    to_version: str,
    pairs: list | None = None,
    entries: dict[int, dict] | None = None,
) -> Terminology:
    """terminology() over every aligned pair of the two versions (kb.threads.aligned_pairs),
    memoised per database file + versions (and the entries they hold). Computed once in the
    direction of the rulebook's history (older -> newer) and mirrored for the other direction, so
    (a, b) and (b, a) give mirrored renames. ``pairs``: aligned_pairs of the two versions in this
    order, when the caller has them (a changelog): the same pairs in the same order whatever their
    scores, so not read twice; ``entries``: their entries by id (``kb.threads.version_entries``)."""
    if from_version == to_version:
        return Terminology()
    order = dict(
        conn.execute(
            "SELECT version, version_sort FROM documents WHERE game = ? AND version IN (?, ?)",
            (game, from_version, to_version),
        ).fetchall()
    )
    forward = (order.get(from_version) or 0, from_version) <= (order.get(to_version) or 0, to_version)
    versions = (from_version, to_version) if forward else (to_version, from_version)
    key = _fingerprint(conn, game, versions)
    if key not in _MEMO:
        kept = terminology_store.stored(conn, game, versions, _content(key))  # what the build stored
        if kept is not None:
            found = Terminology(tuple(Rename(*r) for r in kept))
        else:
            found = _computed(conn, game, versions, pairs if forward else None, entries)
        while len(_MEMO) >= MEMO_SIZE:  # the least recently used goes, never the whole memo
            _MEMO.popitem(last=False)
        _MEMO[key] = found
    _MEMO.move_to_end(key)
    return _MEMO[key] if forward else _MEMO[key].mirrored()


def _computed(
    conn: sqlite3.Connection, game: str, versions: tuple[str, str], pairs: list | None, entries: dict | None
) -> Terminology:
    """terminology() of the aligned pairs of ``versions`` (older first; ``pairs`` in that order)."""
    if pairs is None:
        pairs = aligned_pairs(conn, game, *versions, scored=False, entries=entries)
    if entries is not None:
        texts = {i: (e["body"], e["question"]) for i, e in entries.items()}
    else:
        ids = [i for p in pairs for i in (p.from_entry, p.to_entry) if i is not None]
        texts = {}
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            texts.update(
                (r[0], r[1:])
                for r in conn.execute(
                    f"SELECT id, body, question FROM entries WHERE id IN ({','.join('?' * len(chunk))})", chunk
                )
            )
    texts_pairs = []
    for p in pairs:
        (ob, oq), (nb, nq) = texts.get(p.from_entry, (None, None)), texts.get(p.to_entry, (None, None))
        texts_pairs.append((ob, nb))
        if oq or nq:
            texts_pairs.append((oq, nq))
    return terminology(texts_pairs)


def makes_rename(rename: Rename, old: str | None, new: str | None) -> bool:
    """True when the pair (old, new) makes ``rename``: the old text uses its old phrase and the new
    text its new phrase (for the examples a changelog shows)."""

    def holds(text, phrase):
        keys = phrase_keys(phrase)
        return bool(keys) and any(
            tuple(s.keys[i : i + len(keys)]) == keys
            for s in sentences(text)
            if keys[0] in s.keys  # most sentences lack the phrase's first key: not sliced at every place
            for i in range(len(s.keys) - len(keys) + 1)
        )

    return holds(old, rename.old) and holds(new, rename.new)


def clear_caches() -> None:
    """Forget the memoised terminologies and folded sentences (see kb.meaning.clear_caches)."""
    _MEMO.clear()
    for f in (_folded, _rename_table_cached, _stream):
        f.cache_clear()
