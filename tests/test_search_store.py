"""The search index stored in the KB (kb/search_store.py): written by the build, loaded by the
server in place of building it, answering exactly as a built one; and ignored, never trusted,
when it is missing, stale or damaged: the index is then built as before and the search answers."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from queue import Empty, Queue

import pytest

import kb.fuzzy as fuzzy
import kb.search_store as store
from kb.search import find_cards, search, thread_changes

#: ordinary words, a misspelt word, a card name, a misspelt one, localized names, rule numbers,
#: a version named in the query, and noise
QUERIES = [
    "elusive",
    "elusiv",
    "elussive first attack",
    "destroyed creature leaves play",
    "poisen",
    "Bait and Switch",
    "bait n swtich",
    "phase shfit",
    "Zorn",
    "怒火中烧",
    "Anger",
    "fear",
    "702.19b",
    "rule 702.19",
    "trample",
    "first strike damage",
    "in 1.1 fight",
    "old rules reap",
    "æmber",
    "the",
    "x",
    "qzxv wrrk",
]


def answers(conn: sqlite3.Connection) -> str:
    """Everything the search answers for :data:`QUERIES`, as one JSON text."""
    out = []
    for q in QUERIES:
        out.append(search(conn, q).as_dict())
        out.append(search(conn, q, all_versions=True, limit=25).as_dict())
        out.append([c.as_dict() for c in find_cards(conn, q)])
    out.append([thread_changes(conn, t) for t in fuzzy.index_for(conn).corpus.threads])
    return json.dumps(out, sort_keys=True, ensure_ascii=False)


def fresh_index(conn: sqlite3.Connection) -> fuzzy.Index:
    fuzzy._cache.clear()
    return fuzzy.index_for(conn)


@pytest.fixture(scope="module")
def built_answers(built_kb) -> str:
    """The answers with the index built from the KB's tables (nothing loaded); the same for every
    test of the module, so computed once."""
    conn = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    try:
        with pytest.MonkeyPatch.context() as m:
            m.setattr(store, "load_index", lambda conn, fp: None)
            assert fresh_index(conn).origin == "built"
            found = answers(conn)
    finally:
        conn.close()
        fuzzy._cache.clear()
    return found


def test_the_build_stores_the_index_of_what_it_built(kb_conn):
    fmt, content = kb_conn.execute("SELECT format, content FROM search_index").fetchone()
    assert fmt == store.FORMAT
    assert json.loads(content) == list(fuzzy.fingerprint(kb_conn)[1])
    assert fresh_index(kb_conn).origin == "stored"


@pytest.mark.slow
def test_a_loaded_index_answers_as_a_built_one(kb_conn, built_answers):
    index = fresh_index(kb_conn)
    assert index.origin == "stored"
    assert answers(kb_conn) == built_answers
    # and holds the same: its dump is the one a fresh build gives, byte for byte
    meta, arrays = store.dump(fuzzy.build_index(kb_conn))
    loaded_meta, loaded_arrays = store.dump(index)
    assert loaded_meta == meta and [a.tobytes() for a in loaded_arrays] == [a.tobytes() for a in arrays]
    # the queries meet what they are there for
    assert kb_conn.execute("SELECT 1 FROM entries WHERE title LIKE '702.19b%'").fetchone()
    assert search(kb_conn, "Zorn").cards[0].matched == "localized"
    assert search(kb_conn, "bait n swtich").cards[0].name == "Bait and Switch"
    assert search(kb_conn, "elusiv").did_you_mean == "elusive"


def rewrite(db: Path, **values) -> None:
    conn = sqlite3.connect(db)
    sets = ", ".join(f"{k} = ?" for k in values)
    conn.execute(f"UPDATE search_index SET {sets}", list(values.values()))
    conn.commit()
    conn.close()


def stored(db: Path) -> tuple[dict, bytes]:
    conn = sqlite3.connect(db)
    meta, blob = conn.execute("SELECT meta, arrays FROM search_index").fetchone()
    conn.close()
    return json.loads(meta), blob


def forged(db: Path, meta: dict | bytes, blob: bytes) -> None:
    """Store ``meta`` and ``blob`` with a correct checksum: only the checks of the values can tell."""
    data = meta if isinstance(meta, bytes) else json.dumps(meta, ensure_ascii=False).encode()
    rewrite(db, meta=data, arrays=blob, checksum=store._checksum(data, blob))


def _garbage(db, meta, blob):
    rewrite(db, arrays=(bytes(range(256)) * (1 + len(blob) // 256))[: len(blob)])


def _truncated(db, meta, blob):
    rewrite(db, arrays=blob[: len(blob) // 2])


def _truncated_meta(db, meta, blob):
    forged(db, json.dumps(meta).encode()[:-100], blob)


def _not_json(db, meta, blob):
    forged(db, b"\x80\x81 not json", blob)


def _flipped_byte(db, meta, blob):
    rewrite(db, arrays=blob[:1000] + bytes([blob[1000] ^ 0xFF]) + blob[1001:])


def _texts_out_of_range(db, meta, blob):
    meta["n_texts"] -= 1  # every text id past the last is now out of range
    forged(db, meta, blob)


def _array_lengths_disagree(db, meta, blob):
    """One entry short of the KB's entries (the arrays still add up to the bytes stored)."""
    at = 0
    for name, _, size, count in meta["arrays"]:
        at += size * count
        if name == "entry_text":
            meta["arrays"][[s[0] for s in meta["arrays"]].index(name)][3] -= 1
            forged(db, meta, blob[: at - size] + blob[at:])
            return


def _wrong_types(db, meta, blob):
    meta["docs"][0][5] = "0; DROP TABLE entries"
    forged(db, meta, blob)


def _card_missing(db, meta, blob):
    meta["card_names"] = meta["card_names"][1:]  # names and localized names point at it
    forged(db, meta, blob)


def _stem_of_no_word(db, meta, blob):
    meta["stems"]["elus"] = ["zzqqxw"]  # in no rulebook
    forged(db, meta, blob)


def _lone_surrogate(db, meta, blob):
    """A form no SQLite query could be given (not UTF-8), spelt as JSON allows."""
    meta["forms"]["elusive"] = ["PLACEHOLDER"]
    forged(db, json.dumps(meta, ensure_ascii=False).encode().replace(b"PLACEHOLDER", b"\\ud800"), blob)


def _huge_id(db, meta, blob):
    key = next(iter(meta["linked"]))
    meta["linked"][key] = [2**70]
    forged(db, meta, blob)


def _older_format(db, meta, blob):
    rewrite(db, format=store.FORMAT - 1)


def _other_content(db, meta, blob):
    rewrite(db, content=json.dumps(["another KB", 1, 2, 3]))


def _other_code(db, meta, blob):
    rewrite(db, code="0" * 64)


def _no_row(db, meta, blob):
    conn = sqlite3.connect(db)
    conn.execute("DELETE FROM search_index")
    conn.commit()
    conn.close()


def _no_table(db, meta, blob):
    """A KB built before the index was stored."""
    conn = sqlite3.connect(db)
    conn.execute("DROP TABLE search_index")
    conn.commit()
    conn.close()


DAMAGE = [
    _garbage,
    _truncated,
    _truncated_meta,
    _not_json,
    _flipped_byte,
    _texts_out_of_range,
    _array_lengths_disagree,
    _wrong_types,
    _card_missing,
    _stem_of_no_word,
    _lone_surrogate,
    _huge_id,
    _older_format,
    _other_content,
    _other_code,
    _no_row,
    _no_table,
]


@pytest.mark.slow
@pytest.mark.parametrize("damage", DAMAGE, ids=lambda f: f.__name__.strip("_"))
def test_a_damaged_or_stale_stored_index_is_built_instead(damage, kb_copy):
    damage(kb_copy, *stored(kb_copy))
    conn = sqlite3.connect(f"file:{kb_copy}?mode=ro", uri=True)
    try:
        fp = fuzzy.fingerprint(conn)
        assert store.load_index(conn, fp) is None
        assert fresh_index(conn).origin == "built"
        assert search(conn, "elusiv").did_you_mean == "elusive"
    finally:
        fuzzy._cache.clear()
        conn.close()


@pytest.mark.slow
def test_the_index_built_in_place_of_a_damaged_one_answers_as_a_built_one(kb_copy, built_answers):
    """What the server does once a stored index is refused (any of the damages above: they all end
    in the same build) answers every query as an index built from the tables does."""
    _garbage(kb_copy, *stored(kb_copy))
    conn = sqlite3.connect(f"file:{kb_copy}?mode=ro", uri=True)
    try:
        assert fresh_index(conn).origin == "built"
        assert answers(conn) == built_answers
    finally:
        fuzzy._cache.clear()
        conn.close()


@pytest.mark.slow
def test_a_stored_index_of_another_shape_is_replaced(kb_copy):
    """A KB updated in place may hold the table as an earlier format made it."""
    conn = sqlite3.connect(kb_copy, isolation_level=None)
    conn.execute("DROP TABLE search_index")
    conn.execute("CREATE TABLE search_index (id INTEGER PRIMARY KEY, blob BLOB)")
    conn.execute("BEGIN")
    assert store.save_index(conn) > 0
    conn.execute("COMMIT")
    assert fresh_index(conn).origin == "stored"
    fuzzy._cache.clear()
    conn.close()


@pytest.mark.slow
def test_an_ingest_stores_the_index_of_the_new_content(kb_copy, tmp_path):
    from conftest import SOURCES
    from rulebase.build import ingest

    ingest(kb_copy, SOURCES / "keyforge" / "rulebook-1.3-2019-05.md", "keyforge", "1.4", rulings=tmp_path)
    conn = sqlite3.connect(f"file:{kb_copy}?mode=ro", uri=True)
    try:
        assert fresh_index(conn).origin == "stored"
        assert search(conn, "bait and switch", version="1.4").results
    finally:
        fuzzy._cache.clear()
        conn.close()


@pytest.mark.cli
def test_serve_says_how_it_started(kb_copy):
    """One line once ready: the start-up time, where the index came from, the resident memory,
    and, when it took over a second, the stage it waited for longest."""
    exe = Path(sys.executable).with_name("rulebase")
    proc = subprocess.Popen(
        [str(exe), "serve", "--port", "0", "--db", str(kb_copy)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: Queue = Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout], daemon=True).start()
    seen = []
    try:
        while not any(line.startswith("ready") for line in seen):
            try:
                seen.append(lines.get(timeout=60))
            except Empty:
                raise AssertionError(f"no ready line: {seen}") from None
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert "serving" in seen[0]
    ready = re.fullmatch(
        r"ready in (\d+\.\d) s \(search index loaded from the KB\), memory \d+ MiB(; waited for (.+) \(.+\))?\n",
        seen[-1],
    )
    assert ready, seen[-1]
    if float(ready[1]) > 1.0:  # a slow start names what it waited for
        assert ready[3] in {
            "Python and the command line to start",
            "imports of the server",
            "the search index",
            "the app",
            "the verify workers to start and read the KB",
            "the server's socket",
        }, seen[-1]
