"""What a knowledge base was built from, so a second ``rulebase build`` redoes only what changed.

Why: with 109 Comprehensive Rules versions bundled, a full build takes minutes, and ``make run``
builds before it serves. The KB records, in its ``build_state`` table, fingerprints of everything a
build reads: the code that parses and stores (the ``ingest``, ``kb`` and ``engine`` packages), the
card data, the rulings folder, and every document (its bytes and its manifest fields). A build
compares them with what is on disk now:

- nothing differs: the KB is current and is left untouched (no copy, no write);
- only documents differ (added, removed, changed): the KB is copied and only those documents are
  parsed and stored again; their entries are placed into the existing threads, the search index is
  updated for them, and the rulings are replayed only if a game with scenarios changed;
- the code, the card data or the layout of the state differ: everything is rebuilt (thread ids are
  still carried over from the KB being replaced).

A fingerprint is a SHA-256 of the bytes (and of the file names, for folders); no timestamp takes
part, so a fresh checkout of the same sources is "current" too.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path

from kb.manifest import SourceDocument

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
#: the packages whose code decides what a build stores (a change in one rebuilds everything)
CODE_PACKAGES = ("textnorm", "ingest", "kb", "engine", "rulebase")
CODE_SUFFIXES = (".py", ".toml", ".sql", ".yaml")
#: bumped when the meaning of the state changes: an older state is not trusted
STATE_FORMAT = 1


@dataclass
class State:
    code: str
    cards: str
    rulings: str
    #: "game version" -> fingerprint of the document's bytes and manifest fields
    documents: dict[str, str] = field(default_factory=dict)
    format: int = STATE_FORMAT


def _hash_files(files: list[Path], root: Path) -> str:
    h = hashlib.sha256()
    for path in files:
        h.update(str(path.relative_to(root)).encode())
        h.update(b"\0")
        h.update(path.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """The code that parses and stores: a change to it rebuilds everything."""
    files = sorted(
        p
        for pkg in CODE_PACKAGES
        for p in (PACKAGE_ROOT / pkg).rglob("*")
        if p.suffix in CODE_SUFFIXES and "__pycache__" not in p.parts
    )
    return _hash_files(files, PACKAGE_ROOT)


def folder_fingerprint(folder: Path, pattern: str) -> str:
    folder = Path(folder)
    return _hash_files(sorted(folder.rglob(pattern)), folder) if folder.is_dir() else ""


def document_fingerprint(src: SourceDocument, data: bytes) -> str:
    """What the parse depends on: the bytes, the game, version and format. (Title, date and the
    file's path are metadata: a change to them is written without parsing again.)"""
    meta = json.dumps([src.game, src.version, src.format])
    return hashlib.sha256(meta.encode() + b"\0" + data).hexdigest()


def doc_key(game: str, version: str) -> str:
    return f"{game} {version}"


def read_state(conn: sqlite3.Connection) -> State | None:
    """The state a KB was built with, or None (no table, an older format, unreadable)."""
    try:
        rows = dict(conn.execute("SELECT name, value FROM build_state"))
    except sqlite3.DatabaseError:
        return None
    try:
        if int(rows.get("format", 0)) != STATE_FORMAT:
            return None
        return State(rows["code"], rows["cards"], rows["rulings"], json.loads(rows["documents"]))
    except (KeyError, ValueError, TypeError):
        return None


def write_state(conn: sqlite3.Connection, state: State) -> None:
    """Record ``state`` (the table is in ``kb/schema.sql``)."""
    values = asdict(state)
    values["documents"] = json.dumps(values["documents"], sort_keys=True)
    conn.executemany(
        "INSERT OR REPLACE INTO build_state(name, value) VALUES (?, ?)", [(k, str(v)) for k, v in values.items()]
    )


def forget_document(conn: sqlite3.Connection, game: str, version: str) -> None:
    """An ingest replaced (or added) a version outside the manifest: the next build must not take
    it for the manifest's document of that version."""
    state = read_state(conn)
    if state is not None and state.documents.pop(doc_key(game, version), None) is not None:
        write_state(conn, state)
