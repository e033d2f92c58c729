"""Building the knowledge base from the manifest, and adding one document to an existing one.

Both are atomic: the work happens in a temporary file beside the target and only a complete,
committed database is renamed over it. A failed build or ingest leaves the previous KB untouched.
"""
from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ingest.detect import FORMATS, read_source
from ingest.model import ParseContext
from ingest.registry import parse_document

from .align import Membership, align, carry_ids, membership
from .cards import load_cards
from .errors import KBError
from .links import CardIndex
from .manifest import DEFAULT_CARDS, DEFAULT_MANIFEST, SourceDocument, load_manifest
from .rulings import RulingsReport, default_rulings_dir, load_rulings, read_scenarios
from .supersede import compute as compute_supersessions
from .store import (DocumentMeta, create_schema, delete_document, earlier_entries, ensure_game,
                    rebuild_search_index, store_document)
from .versions import same_version

#: games whose rulebooks name cards from data/cards (the only card data we hold is KeyForge's)
CARD_GAMES = {"keyforge"}


@dataclass
class DocumentReport:
    game: str
    version: str
    format: str
    parser: str
    counts: dict[str, int]
    needs_review: int
    card_links: int
    seconds: float
    warnings: list[str] = field(default_factory=list)
    #: set by ``ingest``, which replays the rulings again so the new version is verified too
    rulings: RulingsReport | None = None


@dataclass
class BuildReport:
    path: Path
    documents: list[DocumentReport]
    cards: int
    seconds: float
    rulings: RulingsReport


@contextmanager
def atomic_database(target: Path, copy_existing: bool) -> Iterator[sqlite3.Connection]:
    """Yield a connection to a temporary database that replaces ``target`` only on success."""
    target = target.resolve()
    if not target.parent.is_dir():
        raise KBError(f"{target.parent}: directory does not exist, cannot write the KB there")
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    conn = None
    try:
        if copy_existing:
            src = sqlite3.connect(f"file:{target}?mode=ro", uri=True)
            try:
                conn = sqlite3.connect(tmp)
                src.backup(conn)
            except sqlite3.DatabaseError as exc:
                raise KBError(f"{target}: not a rulebase knowledge base ({exc})") from None
            finally:
                src.close()
        else:
            conn = sqlite3.connect(tmp)
        conn.execute("PRAGMA foreign_keys = ON")
        yield conn
        conn.commit()
        conn.close()
        conn = None
        os.replace(tmp, target)
    finally:
        if conn is not None:
            conn.close()
        tmp.unlink(missing_ok=True)


def _ingest_one(conn: sqlite3.Connection, src: SourceDocument, index: CardIndex | None) -> DocumentReport:
    started = time.perf_counter()
    data = read_source(src.path)
    context = ParseContext(
        game=src.game, version=src.version, source_name=str(src.file),
        earlier=earlier_entries(conn, src.game, src.version),
    )
    parsed = parse_document(data, src.format, context)
    warnings = list(parsed.warnings)
    if parsed.stated_version and not same_version(parsed.stated_version, src.version):
        warnings.insert(0, f"{src.file} states version {parsed.stated_version}, ingested as {src.version}")
        parsed.warnings = warnings
    fmt = parsed.parser if src.format == "auto" else src.format
    meta = DocumentMeta(src.game, src.version, src.title, src.date, fmt, src.file)
    doc_id = store_document(conn, meta, parsed, data, index if src.game in CARD_GAMES else None)
    links = conn.execute(
        "SELECT count(*) FROM entry_cards ec JOIN entries e ON e.id = ec.entry WHERE e.document = ?",
        (doc_id,),
    ).fetchone()[0]
    return DocumentReport(
        game=src.game, version=src.version, format=fmt, parser=parsed.parser,
        counts=parsed.counts(), needs_review=sum(e.needs_review for e in parsed.entries),
        card_links=links, seconds=time.perf_counter() - started, warnings=warnings,
    )


def _previous_threads(db_path: Path, games: list[str]) -> dict[str, Membership]:
    """The thread of every entry of the KB a build is about to replace (nothing when there is none
    or it cannot be read: a rebuild never fails because of the file it replaces)."""
    if not db_path.is_file():
        return {}
    try:
        conn = sqlite3.connect(f"file:{db_path.resolve()}?mode=ro", uri=True)
    except sqlite3.Error:
        return {}
    try:
        return {g: m for g in games if (m := membership(conn, g))}
    except sqlite3.DatabaseError:
        return {}
    finally:
        conn.close()


def build(
    db_path: Path, manifest_path: Path = DEFAULT_MANIFEST, cards_dir: Path = DEFAULT_CARDS,
    on_document: Callable[[SourceDocument], None] | None = None, rulings: Path | None = None,
) -> BuildReport:
    """Build the whole KB from the manifest into ``db_path`` (replacing it atomically), then load
    and replay the rulings of ``rulings`` (default: the project's ``rulings/``) against it."""
    started = time.perf_counter()
    manifest = load_manifest(manifest_path)
    if not cards_dir.is_dir():
        raise KBError(f"{cards_dir}: card data folder not found, expected data/cards/*.json")
    rulings = default_rulings_dir() if rulings is None else Path(rulings)
    scenarios = read_scenarios(rulings)  # a broken scenario file fails the build before the work
    reports = []
    previous = _previous_threads(Path(db_path), list(manifest.games))
    with atomic_database(db_path, copy_existing=False) as conn:
        create_schema(conn)
        for gid, name in manifest.games.items():
            ensure_game(conn, gid, name)
        n_cards = load_cards(conn, cards_dir)
        index = CardIndex.from_db(conn)
        for src in manifest.documents:
            if on_document:
                on_document(src)
            reports.append(_ingest_one(conn, src, index))
        rebuild_search_index(conn)
        align(conn)  # threads across versions, once every version is in
        for game, members in previous.items():  # a rebuild keeps the thread ids users saved
            carry_ids(conn, game, members)
        rulings_report = load_rulings(conn, rulings, scenarios)
        compute_supersessions(conn)  # which entries a later version changed in meaning (kb.supersede)
    return BuildReport(Path(db_path), reports, n_cards, time.perf_counter() - started, rulings_report)


def ingest(
    db_path: Path, file: Path, game: str, version: str, title: str | None = None,
    date: str | None = None, fmt: str = "auto", rulings: Path | None = None,
) -> DocumentReport:
    """Add or replace one document version in an existing KB (atomically), and replay the rulings
    again (``rulings``, default the project's ``rulings/``) so they cover the new version too."""
    if not Path(db_path).is_file():
        raise KBError(f"{db_path}: no knowledge base there; run 'rulebase build' first")
    file = Path(file)
    if fmt not in ("auto", *FORMATS):
        raise KBError(f"{file}: unknown format {fmt!r}, expected one of auto, {', '.join(FORMATS)}")
    read_source(file)  # fail early, before copying the KB, on a missing or empty file
    rulings = default_rulings_dir() if rulings is None else Path(rulings)
    scenarios = read_scenarios(rulings)
    src = SourceDocument(game=game, version=version, title=title, date=date, format=fmt,
                         path=file, file=str(file))
    with atomic_database(Path(db_path), copy_existing=True) as conn:
        try:
            conn.execute("SELECT 1 FROM documents LIMIT 1")
        except sqlite3.DatabaseError:
            raise KBError(f"{db_path}: not a rulebase knowledge base (no documents table)") from None
        try:
            conn.execute("SELECT conflict FROM entries LIMIT 0")
            conn.execute("SELECT 1 FROM verifications LIMIT 0")
        except sqlite3.DatabaseError:
            raise KBError(f"{db_path}: built by an earlier rulebase without scenario tables; "
                          "run 'rulebase build' to rebuild it") from None
        ensure_game(conn, game)
        delete_document(conn, game, version)
        index = CardIndex.from_db(conn) if game in CARD_GAMES else None
        report = _ingest_one(conn, src, index)
        rebuild_search_index(conn)
        align(conn, game)  # the new version slots into the game's threads
        report.rulings = load_rulings(conn, rulings, scenarios)
        compute_supersessions(conn, game)  # the new version may supersede, or be superseded
    return report

