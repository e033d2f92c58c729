"""What the search keeps in memory about the KB's entries, sized by distinct texts, not by versions.

Why: a rulebook with a hundred versions (the Magic Comprehensive Rules: 109 releases of ~4,000
entries) prints most of its text unchanged from one release to the next, so 300,000 entries hold
fewer than 20,000 distinct texts. Words, stems and document frequencies are therefore worked out
once per distinct text (title, question, body), and each entry keeps only a few small integers in
flat arrays (its document, kind, category, thread and text): a few bytes per entry instead of a
set of words per entry, so server memory grows with what the rulebooks say, not with how often
they reprint it. Each document's entries hold a range of ids (``lo``..``hi``), which the search
gives FTS5 as a rowid range, so a query for the latest version reads that version's postings only.

Text statistics:
- ``df``: in how many distinct texts a word occurs, out of ``n_texts`` (the weight of a word);
- per text, the sorted ids of its stems (coverage of the query's words) and, for a short title,
  the stems of its name (the entry that defines a term); a rule's number is not part of its name;
- per thread (:mod:`kb.threads`), its documents oldest first and those whose body words differ from
  the document before (the search's "changed" mark).

The per-text and per-thread arrays are each one flat array cut at offsets (:class:`Packed`), not
tens of thousands of small arrays: less memory, and :mod:`kb.search_store` stores and loads them
as two byte strings instead of one object per text.
"""

from __future__ import annotations

import sqlite3
from array import array
from hashlib import blake2b
from bisect import bisect_left
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from .mentions import name_tokens, normalize_name
from .query import STOPWORDS, TOKEN, fold, stem
from .threads import thread_id

#: Titles of at most this many meaningful words name a term ("ELUSIVE", "LEAVES PLAY").
MAX_TITLE_WORDS = 4
#: Documents whose entry ids are closer than this share of all entries are searched as one range.
MERGE_GAP_SHARE = 0.05


class Packed:
    """A list of integer arrays stored as one flat array (``data``) cut at ``offsets`` (``len + 1``
    offsets, the first 0, the last ``len(data)``); item ``i`` is ``data[offsets[i]:offsets[i + 1]]``."""

    __slots__ = ("data", "offsets")

    def __init__(self, code: str = "I", data: array | None = None, offsets: array | None = None) -> None:
        self.data = array(code) if data is None else data
        self.offsets = array("I", [0]) if offsets is None else offsets

    @classmethod
    def of(cls, code: str, parts) -> "Packed":
        packed = cls(code)
        for part in parts:
            packed.append(part)
        return packed

    def append(self, values) -> None:
        self.data.extend(values)
        self.offsets.append(len(self.data))

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def __getitem__(self, i: int) -> array:
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        i %= len(self)
        return self.data[self.offsets[i] : self.offsets[i + 1]]

    def __iter__(self):
        data, offsets = self.data, self.offsets
        return (data[offsets[i] : offsets[i + 1]] for i in range(len(self)))


@dataclass(frozen=True)
class DocInfo:
    """One document: its position in :attr:`Corpus.docs` (games by id, versions oldest first) and
    the range of its entry ids."""

    pos: int
    id: int
    game: str
    version: str
    vsort: str
    lo: int
    hi: int


@dataclass(frozen=True)
class EntryInfo:
    """One entry as the search sees it (built on demand from the arrays)."""

    game: str
    version: str
    vsort: str
    kind: str
    category: str | None  # folded, for the category filter
    thread: str  # the ruling thread (kb.threads) the entry belongs to
    doc: int  # position of its document in Corpus.docs


@dataclass
class Corpus:
    docs: list[DocInfo] = field(default_factory=list)
    versions: dict[str, tuple[str, ...]] = field(default_factory=dict)  # game -> oldest first
    kinds: tuple[str, ...] = ()
    categories: list[str | None] = field(default_factory=lambda: [None])
    threads: list[str] = field(default_factory=list)
    #: per entry id (0 where no entry): document position + 1, kind, category, thread, text
    entry_doc: array = field(default_factory=lambda: array("H"))
    entry_kind: array = field(default_factory=lambda: array("B"))
    entry_cat: array = field(default_factory=lambda: array("I"))
    entry_thread: array = field(default_factory=lambda: array("I"))
    entry_text: array = field(default_factory=lambda: array("I"))
    #: per distinct text: sorted stem ids; and the stem ids of a short title (a term's name)
    text_stems: Packed = field(default_factory=lambda: Packed("I"))
    title_stems: dict[int, frozenset[int]] = field(default_factory=dict)
    stem_ids: dict[str, int] = field(default_factory=dict)
    #: per thread: document positions holding it (oldest first), those whose words changed
    thread_docs: Packed = field(default_factory=lambda: Packed("H"))
    thread_changed: Packed = field(default_factory=lambda: Packed("H"))
    thread_pos: dict[str, int] = field(default_factory=dict)
    n_texts: int = 0

    def __len__(self) -> int:
        """How many distinct texts (the N of the word weights)."""
        return self.n_texts

    def has(self, entry: int) -> bool:
        return 0 <= entry < len(self.entry_doc) and self.entry_doc[entry] != 0

    def doc(self, entry: int) -> DocInfo:
        return self.docs[self.entry_doc[entry] - 1]

    def info(self, entry: int) -> EntryInfo:
        d = self.doc(entry)
        return EntryInfo(
            d.game,
            d.version,
            d.vsort,
            self.kinds[self.entry_kind[entry]],
            self.categories[self.entry_cat[entry]],
            self.threads[self.entry_thread[entry]],
            d.pos,
        )

    def holds(self, entry: int, stem_id: int) -> bool:
        """True when the entry's text holds the stem (by id)."""
        stems = self.text_stems[self.entry_text[entry]]
        i = bisect_left(stems, stem_id)
        return i < len(stems) and stems[i] == stem_id

    def thread_versions(self, thread: int) -> tuple[list[str], list[str]]:
        """(versions of the thread oldest first, versions whose words changed from the one before)."""
        docs = self.docs
        return (
            [docs[p].version for p in self.thread_docs[thread]],
            [docs[p].version for p in self.thread_changed[thread]],
        )

    def ranges(self, positions) -> list[tuple[int, int]]:
        """The entry-id ranges of the documents at ``positions``, merged where they touch or where
        the gap between them is small (:data:`MERGE_GAP_SHARE` of all entries): FTS5 reads each
        query term's whole posting list once per query to weigh it (bm25), so one query over a
        slightly wider range costs less than two queries; entries of the gap are filtered out."""
        gap = MERGE_GAP_SHARE * max(1, len(self.entry_doc))
        spans = sorted((self.docs[p].lo, self.docs[p].hi) for p in positions)
        merged: list[list[int]] = []
        for lo, hi in spans:
            if merged and lo <= merged[-1][1] + 1 + gap:
                merged[-1][1] = max(merged[-1][1], hi)
            else:
                merged.append([lo, hi])
        return [(lo, hi) for lo, hi in merged]


def read_corpus(conn: sqlite3.Connection):
    """The corpus of the KB, and the vocabulary read from its distinct texts:
    ``(corpus, forms {folded word: {as written}}, df {folded word: distinct texts holding it})``.

    One pass over the entries, holding on to nothing per row but a few integers: texts are told
    apart by a 128-bit digest (not kept as strings), threads are interned as they come."""
    corpus = Corpus()
    docs = conn.execute(
        """SELECT d.id, d.game, d.version, d.version_sort, min(e.id), max(e.id) FROM documents d
           LEFT JOIN entries e ON e.document = d.id GROUP BY d.id ORDER BY d.game, d.version_sort, d.id"""
    ).fetchall()
    versions: dict[str, list[str]] = defaultdict(list)
    doc_pos: dict[int, int] = {}
    for pos, (did, game, version, vsort, lo, hi) in enumerate(docs):
        corpus.docs.append(DocInfo(pos, did, game, version, vsort, lo or 0, hi if hi is not None else -1))
        versions[game].append(version)
        doc_pos[did] = pos
    corpus.versions = {g: tuple(v) for g, v in versions.items()}
    size = 1 + (conn.execute("SELECT max(id) FROM entries").fetchone()[0] or 0)
    for name, code in (
        ("entry_doc", "H" if len(docs) < 65535 else "I"),
        ("entry_kind", "B"),
        ("entry_cat", "I"),
        ("entry_thread", "I"),
        ("entry_text", "I"),
    ):
        setattr(corpus, name, array(code, bytes(array(code).itemsize * size)))

    vocab = _Vocabulary()
    kinds: dict[str, int] = {}
    cats: dict[str | None, int] = {None: 0}
    cat_of: dict[str | None, int] = {None: 0}  # category as written -> its position in cats
    thread_pos = corpus.thread_pos
    texts: dict[bytes, int] = {}
    bodies: dict[tuple[str, ...], int] = {}
    text_body = array("I")
    by_thread: dict[int, array] = {}  # thread -> [doc position, body id, ...] as rows come
    for eid, did, kind, key, category, thread, title, question, body in conn.execute(
        _ROWS.format(
            thread="et.thread" if _aligned(conn) else "NULL",
            join="LEFT JOIN entry_threads et ON et.entry = e.id" if _aligned(conn) else "",
        )
    ):
        pos = doc_pos[did]
        kind_i = kinds.setdefault(kind, len(kinds))
        cat_i = cat_of.get(category)
        if cat_i is None:
            cat_i = cat_of[category] = cats.setdefault(normalize_name(category) if category else None, len(cats))
        t_i = thread_pos.setdefault(thread or thread_id(corpus.docs[pos].game, key), len(thread_pos))
        digest = blake2b(f"{title!r}\x1f{question!r}\x1f{body!r}".encode(), digest_size=16).digest()
        text_i = texts.get(digest)
        if text_i is None:
            text_i = texts[digest] = len(texts)
            body_words = vocab.text(corpus, title, question, body)
            text_body.append(bodies.setdefault(body_words, len(bodies)))
        corpus.entry_doc[eid] = pos + 1
        corpus.entry_kind[eid] = kind_i
        corpus.entry_cat[eid] = cat_i
        corpus.entry_thread[eid] = t_i
        corpus.entry_text[eid] = text_i
        flat = by_thread.get(t_i)
        if flat is None:
            flat = by_thread[t_i] = array("I")
        flat.extend((pos, text_body[text_i]))
    corpus.n_texts = len(texts)
    corpus.kinds = tuple(kinds)
    corpus.categories = list(cats)
    corpus.threads = list(thread_pos)
    thread_docs: list = [()] * len(thread_pos)
    thread_changed: list = [()] * len(thread_pos)
    for t_i, flat in by_thread.items():
        per_doc: dict[int, list[int]] = defaultdict(list)
        for i in range(0, len(flat), 2):
            per_doc[flat[i]].append(flat[i + 1])
        order = sorted(per_doc)
        words = [sorted(per_doc[p]) for p in order]
        thread_docs[t_i] = order
        thread_changed[t_i] = [b for a, b, wa, wb in zip(order, order[1:], words, words[1:]) if wa != wb]
    code = "H" if len(docs) < 65535 else "I"
    corpus.thread_docs = Packed.of(code, thread_docs)
    corpus.thread_changed = Packed.of(code, thread_changed)
    return corpus, vocab.forms, vocab.df


_ROWS = """SELECT e.id, e.document, e.kind, e.key, e.category, {thread}, e.title, e.question, e.body
           FROM entries e {join}"""


def _aligned(conn: sqlite3.Connection) -> bool:
    """True when the KB stores threads (a KB built before them falls back to ``<game>:<key>``)."""
    return bool(conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'entry_threads'").fetchone())


class _Vocabulary:
    """The vocabulary read from the distinct texts (``forms``, ``df``) and what it works out once per
    word or title, not once per text: the 109 rules versions' texts share most of their words."""

    def __init__(self) -> None:
        self.forms: dict[str, set[str]] = defaultdict(set)
        self.df: Counter[str] = Counter()
        self.met: set[str] = set()  # words of ASCII texts whose forms are recorded (see words)
        self.stem_of: dict[str, int] = {}  # word -> id of its stem
        self.named: dict[str, list[str]] = {}  # title -> the words of its name

    def text(self, corpus: Corpus, title, question, body) -> tuple[str, ...]:
        """Record one distinct text: its stems, its name's stems, its words in the vocabulary;
        returns the words of its body (what the "changed" mark compares)."""
        head = " ".join(t for t in (title, question) if t)
        head_words = self.words(head)
        body_words = self.words(body or "")
        seen = dict.fromkeys(head_words + body_words)  # in text order, not a set's: stem ids the same every build
        self.df.update(seen.keys())  # counted in text order: the keys come in the same order
        ids, stem_of = corpus.stem_ids, self.stem_of
        if not stem_of.keys() >= seen.keys():
            for w in seen:  # a new stem gets its id in text order
                if w not in stem_of:
                    stem_of[w] = ids.setdefault(stem(w), len(ids))
        corpus.text_stems.append(sorted(set(map(stem_of.__getitem__, seen))))
        named = self.named.get(title or "")
        if named is None:
            named = self.named[title or ""] = [
                w
                for w in name_tokens(title or "")
                if w not in STOPWORDS and len(w) > 1 and not any(c.isdigit() for c in w)
            ]
        if 0 < len(named) <= MAX_TITLE_WORDS:
            corpus.title_stems[len(corpus.text_stems) - 1] = frozenset(ids.setdefault(stem(w), len(ids)) for w in named)
        return tuple(body_words)

    def words(self, text: str) -> list[str]:
        """The folded words of ``text``; records how each is written (the FTS term) in ``forms``.

        Most texts are ASCII (the CR's all are): there a token folds to its lower case, which is
        also how it is written, so the words are the lower-case text's tokens; and a word recorded
        once (``met``) has had its say in ``forms`` (it is there, or four forms were there first),
        so only the words new to the vocabulary are looked at one by one."""
        forms = self.forms
        if text.isascii():
            found = TOKEN.findall(text.lower())
            new = set(found).difference(self.met)
            for word in found if new else ():
                if word in new:
                    new.discard(word)
                    self.met.add(word)
                    if len(forms[word]) < 4:
                        forms[word].add(word)
                    if not new:
                        break
            return found
        words: list[str] = []
        for token in TOKEN.findall(text):
            folded = fold(token)
            for part in folded.split():
                words.append(part)
                if len(forms[part]) < 4:
                    forms[part].add(token.lower() if part == folded else part)
        return words
