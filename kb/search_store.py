"""The search index (:class:`kb.search_index.Index`) stored in the KB, so a server answers within a second
of starting instead of reading every entry of every version first.

Why: building the index reads each of the 300,000 entries of the full KB (109 Magic rules versions)
and takes seconds, on every start of every server. The build and the ingest have just written the
KB and know its content is final, so they build the index once, inside their transaction
(:func:`save_index`), and store it in ``search_index``; :func:`kb.fuzzy.index_for` loads it
(:func:`load_index`) when it was made for the KB's current content, and builds it otherwise.

A KB file may come from anyone, so nothing stored is ever executed (no pickle, marshal or eval):
the dicts and lists are JSON, the flat arrays raw unsigned integers (``array.frombytes``), the many
small per-text arrays concatenated with offsets. What is loaded is checked before a search can use
it: the format number, a hash of the code the index is derived from, the content key (the values of
kb.search_index's ``CONTENT_SQL``, not file times, which the build's own commit changes), a checksum
of the bytes, the type of every JSON value, the lengths of the arrays and that every integer used as
a position points inside what it indexes. A missing, older, damaged or mismatched index is ignored and
the index is built as before: never an error, at worst a slower start.
"""

from __future__ import annotations

import gc
import json
import re
import sqlite3
import sys
import zlib
from array import array
from functools import lru_cache
from hashlib import sha256
from pathlib import Path

from .mentions import normalize_name
from .search_corpus import Corpus, DocInfo, Packed
from .search_index import CONTENT_SQL, Index, build_index, finish
from .store import schema_sql

#: Bumped whenever what is stored changes meaning: an index of another format is not loaded.
FORMAT = 1
#: The modules the index is derived from: a change to one of them makes a stored index stale.
SOURCES = (
    "search_index.py",
    "search_corpus.py",
    "query.py",
    "stemming.toml",
    "mentions.py",
    "threads.py",
    "thread_ids.py",
    "search_store.py",
)
#: Largest integer accepted where no tighter bound applies (SQLite parameters are 64-bit).
MAX_INT = 2**62
#: Flat arrays stored raw: name -> type codes accepted.
ARRAYS = {
    "entry_doc": "HI",
    "entry_kind": "B",
    "entry_cat": "I",
    "entry_thread": "I",
    "entry_text": "I",
    "text_stems": "I",
    "text_offsets": "I",
    "thread_docs": "HI",
    "thread_offsets": "I",
    "thread_changed": "HI",
    "changed_offsets": "I",
    "local_ids": "q",
    "local_offsets": "I",
}
#: A JSON escape of a lone surrogate: such a string cannot be encoded for SQLite (never written).
_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]")


@lru_cache(maxsize=1)
def code_key() -> str:
    """Hash of :data:`SOURCES`, as found beside this module."""
    h = sha256()
    for name in SOURCES:
        path = Path(__file__).with_name(name)
        h.update(name.encode() + b"\0" + (path.read_bytes() if path.is_file() else b"") + b"\0")
    return h.hexdigest()


def content_key(values) -> str:
    """The stored form of the content part of :func:`kb.fuzzy.fingerprint`."""
    return json.dumps(list(values))


# --------------------------------------------------------------------------------------------
# writing


def save_index(conn: sqlite3.Connection) -> int:
    """Build the index of the KB behind ``conn`` (its uncommitted state too) and store it in
    ``search_index``, replacing what was there; the number of bytes stored. Called last by the
    build and the ingest, inside their transaction, once everything the index reads is written."""
    content = content_key(conn.execute(CONTENT_SQL).fetchone())
    meta, arrays = dump(build_index(conn))
    data = json.dumps(meta, ensure_ascii=False, separators=(",", ":")).encode()
    blob = b"".join(a.tobytes() for a in arrays)
    _table(conn)
    conn.execute(
        "INSERT INTO search_index (id, format, code, content, checksum, meta, arrays) VALUES (1, ?, ?, ?, ?, ?, ?)",
        (FORMAT, code_key(), content, _checksum(data, blob), data, blob),
    )
    return len(data) + len(blob)


def _table(conn: sqlite3.Connection) -> None:
    """An empty ``search_index`` as kb/schema.sql declares it (one of another shape is replaced:
    a KB updated in place may hold the table of an earlier format)."""
    create = re.search(r"CREATE TABLE IF NOT EXISTS search_index [^;]*;", re.sub(r"--[^\n]*", "", schema_sql()))
    columns = [r[1] for r in conn.execute("PRAGMA table_info(search_index)")]
    if columns != re.findall(r"^\s+(\w+) ", create.group(0), re.M):
        conn.execute("DROP TABLE IF EXISTS search_index")
        conn.execute(create.group(0))
    conn.execute("DELETE FROM search_index")


def dump(index: Index) -> tuple[dict, list[array]]:
    """The index as JSON-ready data and the arrays stored after it (in ``meta["arrays"]`` order).
    Shaped for a fast load: what is numerous and regular (per entry, per text, per thread, the
    cards of a localized name) is arrays; a word is stored with its forms only when it is written
    otherwise than folded; localized names are plain lists of strings, not a dict of lists."""
    c = index.corpus
    local_ids = Packed.of("q", (ids for _, ids in index.by_local.values()))
    arrays = {
        "entry_doc": c.entry_doc,
        "entry_kind": c.entry_kind,
        "entry_cat": c.entry_cat,
        "entry_thread": c.entry_thread,
        "entry_text": c.entry_text,
        "text_stems": c.text_stems.data,
        "text_offsets": c.text_stems.offsets,
        "thread_docs": c.thread_docs.data,
        "thread_offsets": c.thread_docs.offsets,
        "thread_changed": c.thread_changed.data,
        "changed_offsets": c.thread_changed.offsets,
        "local_ids": local_ids.data,
        "local_offsets": local_ids.offsets,
    }
    meta = {
        "byteorder": sys.byteorder,
        "arrays": [[name, a.typecode, a.itemsize, len(a)] for name, a in arrays.items()],
        "words": list(index.words),
        "forms": {w: f for w, f in index.words.items() if f != (w,)},
        "df": index.df,
        "stems": index.stems,
        "card_games": sorted(index.card_games),
        "entry_cards": [[e, cards] for e, cards in index.entry_cards.items()],
        "card_names": [[cid, *v] for cid, v in index.card_names.items()],
        "by_name": index.by_name,
        "printed": index.printed,
        "by_skeleton": index.by_skeleton,
        "local_keys": list(index.by_local),
        "local_written": [w for w, _ in index.by_local.values()],
        "name_words": sorted(index.name_words),
        "linked": {k: sorted(v) for k, v in index.linked.items()},
        "docs": [[d.pos, d.id, d.game, d.version, d.vsort, d.lo, d.hi] for d in c.docs],
        "versions": c.versions,
        "kinds": c.kinds,
        "categories": c.categories,
        "threads": c.threads,
        "title_stems": [[t, sorted(s)] for t, s in c.title_stems.items()],
        "stem_ids": c.stem_ids,
        "n_texts": c.n_texts,
        "game_df": {g: [n, list(df), list(df.values())] for g, (df, n) in index.game_dfs.items()},
    }
    return meta, list(arrays.values())


# --------------------------------------------------------------------------------------------
# reading


def load_index(conn: sqlite3.Connection, fp: tuple) -> Index | None:
    """The index stored in the KB behind ``conn`` when it was made by this code, in this format, for
    the content of ``fp`` (:func:`kb.fuzzy.fingerprint`); None when there is none, it is stale or
    anything about it is wrong."""
    try:
        head = conn.execute("SELECT format, code, content FROM search_index WHERE id = 1").fetchone()
        if head is None or tuple(head) != (FORMAT, code_key(), content_key(fp[1])):
            return None
        checksum, data, blob = conn.execute("SELECT checksum, meta, arrays FROM search_index WHERE id = 1").fetchone()
        collecting = gc.isenabled()
        gc.disable()  # the load makes ~100,000 containers, none garbage: a collection per 700 costs a third
        try:
            return restore(fp, data, blob, checksum, max_entry=fp[1][1])
        finally:
            if collecting:
                gc.enable()
    except Exception:  # any damage at all: build the index instead
        return None


class Damaged(ValueError):
    """The stored index is not what :func:`save_index` writes."""


def _check(ok: bool) -> None:
    if not ok:
        raise Damaged("stored search index does not hold together")


def restore(fp: tuple, data: bytes, blob: bytes, checksum: int, max_entry) -> Index:
    """The :class:`Index` stored as ``data`` (JSON) and ``blob`` (arrays), checked (:class:`Damaged`)."""
    _check(
        isinstance(data, bytes)
        and isinstance(blob, bytes)
        and _checksum(data, blob) == checksum
        and not _SURROGATE.search(data)
    )
    meta = json.loads(data)
    _check(type(meta) is dict)
    arrays = _arrays(meta, blob)
    index = Index(fingerprint=fp, origin="stored")
    index.corpus = _corpus(meta, arrays, 1 + (max_entry or 0))
    _words(index, meta)
    _cards(index, meta, arrays)
    finish(index)
    return index


def _arrays(meta: dict, blob: bytes) -> dict[str, array]:
    spec = meta.get("arrays")
    _check(
        type(spec) is list
        and [s[0] for s in spec if type(s) is list and s] == list(ARRAYS)
        and meta.get("byteorder") in ("little", "big")
    )
    view, at, out = memoryview(blob), 0, {}
    for name, code, size, count in spec:
        _check(
            type(code) is str
            and code in ARRAYS[name]
            and type(count) is int
            and 0 <= count
            and size == array(code).itemsize
        )
        a = array(code)
        a.frombytes(view[at : at + size * count])
        _check(len(a) == count)
        if meta["byteorder"] != sys.byteorder:
            a.byteswap()
        out[name] = a
        at += size * count
    _check(at == len(blob))
    return out


def _checksum(data: bytes, blob: bytes) -> int:
    """CRC-32 of what is stored: finds damage (a torn write, a bad disk), not tampering, which the
    checks of the loaded values are for."""
    return zlib.crc32(blob, zlib.crc32(data))


def _below(a: array, bound: int) -> bool:
    """Every value of ``a`` is a position in something of length ``bound``."""
    if a.typecode == "B":  # bytes.translate deletes the allowed values a hundred times faster than max
        return not a.tobytes().translate(None, bytes(range(min(bound, 256))))
    return not a or max(a) < bound


def _packed(arrays: dict[str, array], data: str, offsets: str, n: int) -> Packed:
    """``arrays[data]`` cut at ``arrays[offsets]`` into ``n`` arrays."""
    values, cuts = arrays[data], arrays[offsets]
    _check(
        len(cuts) == n + 1 and cuts[0] == 0 and cuts[-1] == len(values) and all(a <= b for a, b in zip(cuts, cuts[1:]))
    )
    return Packed(values.typecode, values, cuts)


def _corpus(meta: dict, arrays: dict[str, array], n_entries: int) -> Corpus:
    c = Corpus()
    docs = meta["docs"]
    _check(type(docs) is list)
    for pos, d in enumerate(docs):
        _check(
            type(d) is list
            and len(d) == 7
            and d[0] == pos
            and _ints(d[1:2], 0, MAX_INT)
            and _strs(d[2:5])
            and _ints(d[5:], -1, n_entries)
        )
        c.docs.append(DocInfo(*d))
    versions = _dict(meta["versions"])
    _check(all(_strs(v) for v in versions.values()))
    c.versions = {g: tuple(v) for g, v in versions.items()}
    c.kinds, c.categories, c.threads = tuple(meta["kinds"]), meta["categories"], meta["threads"]
    _check(
        _strs(c.kinds)
        and type(c.categories) is list
        and _strs([x for x in c.categories if x is not None])
        and _strs(c.threads)
        and type(meta["n_texts"]) is int
    )
    c.thread_pos = {t: i for i, t in enumerate(c.threads)}
    c.n_texts = n_texts = meta["n_texts"]
    n_threads = len(c.threads)
    _check(len(c.thread_pos) == n_threads)
    live = any(arrays["entry_doc"])  # the other per-entry arrays hold 0 where there is no entry
    for name, bound in (
        ("entry_doc", len(docs) + 1),
        ("entry_kind", len(c.kinds)),
        ("entry_cat", len(c.categories)),
        ("entry_thread", n_threads),
        ("entry_text", n_texts),
    ):
        a = arrays[name]
        _check(len(a) == n_entries and _below(a, bound if live else max(bound, 1)))
        setattr(c, name, a)
    c.stem_ids = _dict(meta["stem_ids"])
    _check(_ints(c.stem_ids.values(), 0, MAX_INT))
    _check(
        _below(arrays["text_stems"], len(c.stem_ids))
        and _below(arrays["thread_docs"], len(docs))
        and _below(arrays["thread_changed"], len(docs))
    )
    c.text_stems = _packed(arrays, "text_stems", "text_offsets", n_texts)
    c.thread_docs = _packed(arrays, "thread_docs", "thread_offsets", n_threads)
    c.thread_changed = _packed(arrays, "thread_changed", "changed_offsets", n_threads)
    titles = meta["title_stems"]
    _check(
        type(titles) is list
        and all(
            type(t) is list and len(t) == 2 and _ints(t[:1], 0, n_texts) and _ints(t[1], 0, MAX_INT) for t in titles
        )
    )
    c.title_stems = {t: frozenset(s) for t, s in titles}
    return c


def _words(index: Index, meta: dict) -> None:
    words, forms = meta["words"], _dict(meta["forms"])
    _check(_strs(words) and all(type(f) is list and f and _strs(f) for f in forms.values()))
    index.words = {w: (w,) for w in words}
    _check(len(index.words) == len(words) and all(w in index.words for w in forms))
    index.words.update((w, tuple(f)) for w, f in forms.items())
    index.df = _dict(meta["df"])
    _check(_ints(index.df.values(), 0, MAX_INT))
    stems, known = _dict(meta["stems"]), index.words
    _check(all(type(ws) is list and all(type(w) is str and w in known for w in ws) for ws in stems.values()))
    index.stems = {s: tuple(ws) for s, ws in stems.items()}
    n_texts, n_stems = index.corpus.n_texts, len(index.corpus.stem_ids)
    for game, item in _dict(meta["game_df"]).items():
        _check(type(item) is list and len(item) == 3 and _ints(item[:1], 0, n_texts + 1))
        n, ids, counts = item
        _check(type(ids) is list and _ints(ids, 0, n_stems) and type(counts) is list and _ints(counts, 1, n + 1))
        _check(len(ids) == len(counts))
        index.game_dfs[game] = (dict(zip(ids, counts)), n)


def _cards(index: Index, meta: dict, arrays: dict[str, array]) -> None:
    names = meta["card_names"]
    _check(
        type(names) is list
        and all(type(r) is list and len(r) == 4 and _ints(r[:1], 0, MAX_INT) and _strs(r[1:]) for r in names)
    )
    index.card_names = {r[0]: (r[1], r[2], r[3]) for r in names}
    by_name = _dict(meta["by_name"])
    _check(all(type(ids) is list and ids and all(i in index.card_names for i in ids) for ids in by_name.values()))
    index.by_name = {k: tuple(ids) for k, ids in by_name.items()}
    index.printed = _dict(meta["printed"])
    _check(
        _strs(index.printed.values())
        and all(k in index.printed for k in by_name)
        and all(normalize_name(n) in by_name for _, _, n in index.card_names.values())
    )
    index.by_skeleton = _dict(meta["by_skeleton"])
    _check(all(type(k) is str and k in by_name for k in index.by_skeleton.values()))
    keys, written = meta["local_keys"], meta["local_written"]
    ids = _packed(arrays, "local_ids", "local_offsets", len(keys))
    _check(
        _strs(keys)
        and _strs(written)
        and len(written) == len(keys) == len(set(keys))
        and all(i in index.card_names for i in ids.data)
        and all(a < b for a, b in zip(ids.offsets, ids.offsets[1:]))
    )  # none without cards
    index.by_local = {k: (w, tuple(c)) for k, w, c in zip(keys, written, ids)}
    _check(_strs(meta["name_words"]) and _strs(meta["card_games"]))
    index.name_words = frozenset(meta["name_words"])
    index.card_games = frozenset(meta["card_games"])
    linked = _dict(meta["linked"])
    _check(all(type(v) is list and _ints(v, 0, MAX_INT) for v in linked.values()))
    index.linked = {k: frozenset(v) for k, v in linked.items()}
    cards = meta["entry_cards"]
    _check(
        type(cards) is list
        and all(
            type(r) is list
            and len(r) == 2
            and _ints(r[:1], 0, MAX_INT)
            and type(r[1]) is list
            and all(type(c) is list and len(c) == 3 and _strs(c) for c in r[1])
            for r in cards
        )
    )
    index.entry_cards = {e: tuple(tuple(c) for c in cs) for e, cs in cards}


def _dict(value) -> dict:
    _check(type(value) is dict)
    return value


def _strs(values) -> bool:
    return isinstance(values, (list, tuple, type({}.values()))) and all(type(v) is str for v in values)


def _ints(values, lo: int, hi: int) -> bool:
    """All are ints (not bools) with ``lo <= v < hi``."""
    return all(type(v) is int and lo <= v < hi for v in values)
