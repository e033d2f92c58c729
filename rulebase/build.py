"""Building the knowledge base from the manifest, and adding one document to an existing one.

Both are atomic (:mod:`rulebase.kb_files`): a build from scratch fills a temporary file beside the
target, an ingest and a build that only updates what changed fill a copy of the KB, and only a
complete, committed database is renamed over the KB. A failure, an interruption (``kill -9``
included) or a full disk leaves the previous KB untouched, and a server reading it never sees a
half-written KB nor waits for the writer.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ingest.detect import read_source
from ingest.formats import FORMATS
from ingest.model import ParseContext, ParsedDocument
from ingest.registry import parse_document

from kb.align import Membership, align, carry_ids, membership
from kb.align_place import clear_caches as clear_alignment_caches
from kb.cards import load_cards
from kb.errors import KBError
from kb.links import CardIndex
from .build_memory import release as _release, uncollected as _uncollected
from .build_parse import Earlier as _Earlier, parsed_ahead
from .build_progress import Stages
from .build_state import (
    State,
    code_fingerprint,
    doc_key,
    document_fingerprint,
    folder_fingerprint,
    forget_document,
    read_state,
    write_state,
)
from kb.manifest import DEFAULT_CARDS, SourceDocument, check_ingest, default_manifest, load_manifest
from .kb_files import atomic_database, atomic_update, recover_journal, sweep_orphans
from .rulings import (
    RulingsReport,
    check_scenarios,
    default_rulings_dir,
    load_rulings,
    read_scenarios,
    rulings_current,
    stored_rulings,
)
from kb.search_store import save_index
from kb.supersede import (
    clear_caches as clear_supersession_caches,
    compute as compute_supersessions,
    update as update_supersessions,
)
from kb.store import (
    DocumentMeta,
    create_schema,
    create_schema_additions,
    delete_document,
    ensure_game,
    index_document,
    index_latest,
    store_document,
)
from kb.versions import same_version, version_sort_key
from kb.hot_journal import connect_read_only

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
    #: the parser read the entries of earlier versions (it must run again when they change)
    used_earlier: bool = False


@dataclass
class BuildReport:
    path: Path
    #: the documents parsed by this build (none when the KB was current)
    documents: list[DocumentReport]
    cards: int
    seconds: float
    rulings: RulingsReport
    #: the KB was already built from these sources, code and rulings: nothing was done
    current: bool = False
    #: stage (a key of rulebase.build_progress.STAGES) -> (wall s, CPU s) it took, and the process's
    #: peak resident memory (MiB) at its end: the stage that raised it is where memory peaks
    stages: dict[str, tuple[float, float, float]] = field(default_factory=dict)


def _ingest_one(
    conn: sqlite3.Connection,
    src: SourceDocument,
    index: CardIndex | None,
    data: bytes | None = None,
    max_input_size: int | None = None,
    parsed: ParsedDocument | None = None,
) -> DocumentReport:
    """Parse (unless ``parsed`` is given: a worker did, :mod:`rulebase.build_parse`) and store one document."""
    started = time.perf_counter()
    data = read_source(src.path, max_input_size) if data is None else data
    earlier = _Earlier(conn, src.game, src.version)
    context = ParseContext(
        game=src.game, version=src.version, source_name=str(src.file), earlier=earlier, max_input_size=max_input_size
    )  # the size cap caps the markup too (ingest.limits)
    if parsed is None:
        parsed = parse_document(data, src.format, context)
    warnings = list(parsed.warnings)
    if parsed.stated_version and not same_version(parsed.stated_version, src.version):
        warnings.insert(0, f"{src.file} states version {parsed.stated_version}, ingested as {src.version}")
        parsed.warnings = warnings
    # the container a CR was read from (pdf, docx) is its format, also when asked for as "cr"
    fmt = parsed.parser if src.format == "auto" or parsed.parser in ("pdf", "docx") else src.format
    meta = DocumentMeta(src.game, src.version, src.title, src.date, fmt, src.file)
    doc_id = store_document(conn, meta, parsed, data, index if src.game in CARD_GAMES else None)
    index_document(conn, doc_id)
    links = conn.execute(
        "SELECT count(*) FROM entry_cards ec JOIN entries e ON e.id = ec.entry WHERE e.document = ?", (doc_id,)
    ).fetchone()[0]
    return DocumentReport(
        game=src.game,
        version=src.version,
        format=fmt,
        parser=parsed.parser,
        counts=parsed.counts(),
        needs_review=sum(e.needs_review for e in parsed.entries),
        card_links=links,
        seconds=time.perf_counter() - started,
        warnings=warnings,
        used_earlier=earlier.looked,
    )


def _previous(db_path: Path, games: list[str]) -> tuple[dict[str, Membership], State | None, set[str]]:
    """What the KB a build is about to replace holds: the thread of every entry, the state it was
    built with, and its documents ("game version"). Nothing when there is none or it cannot be read:
    a build never fails because of the file it replaces."""
    if not db_path.is_file():
        return {}, None, set()
    try:
        conn = connect_read_only(db_path)
    except sqlite3.Error:
        return {}, None, set()
    try:
        docs = {doc_key(g, v) for g, v in conn.execute("SELECT game, version FROM documents")}
        return {g: m for g in games if (m := membership(conn, g))}, read_state(conn), docs
    except sqlite3.DatabaseError:
        return {}, None, set()
    finally:
        conn.close()


def _tidy(db_path: Path) -> None:
    """What killed builds and ingests left beside the KB: their temporary files go, and a hot
    journal of the KB is rolled back (:mod:`rulebase.kb_files`)."""
    target = db_path.resolve()
    sweep_orphans(target)
    recover_journal(target)


@_uncollected()
def build(
    db_path: Path,
    manifest_path: Path | None = None,
    cards_dir: Path = DEFAULT_CARDS,
    on_document: Callable[[SourceDocument], None] | None = None,
    rulings: Path | None = None,
    full: bool = False,
    max_input_size: int | None = None,
    on_stage: Callable[[str], None] | None = None,
) -> BuildReport:
    """Build the KB from the manifest (default: :func:`kb.manifest.default_manifest`) into
    ``db_path``, atomically, and load and replay the rulings of ``rulings`` (default: the project's
    ``rulings/``) against it. Only what changed since the KB there was built is redone
    (:mod:`rulebase.build_state`); ``full`` rebuilds everything. A source larger than
    ``max_input_size`` bytes (default: :func:`ingest.limits.max_input_size`) stops the build.
    ``on_stage`` is told each stage as it starts (:data:`rulebase.build_progress.STAGES`),
    ``on_document`` each document before it is parsed."""
    started = time.perf_counter()
    stage = Stages(on_stage)
    stage("sources")
    _tidy(Path(db_path))
    manifest = load_manifest(manifest_path or default_manifest())
    if not cards_dir.is_dir():
        raise KBError(f"{cards_dir}: card data folder not found, expected data/cards/*.json")
    rulings = default_rulings_dir() if rulings is None else Path(rulings)
    scenarios = read_scenarios(rulings)  # a broken scenario file fails the build before the work
    sources = {
        doc_key(src.game, src.version): (src, read_source(src.path, max_input_size)) for src in manifest.documents
    }
    wanted = State(
        code_fingerprint(),
        folder_fingerprint(cards_dir, "*.json"),
        folder_fingerprint(rulings, "*.yaml"),
        {
            k: {"bytes": document_fingerprint(src, data), "meta": [src.title, src.date, src.file]}
            for k, (src, data) in sources.items()
        },
    )
    previous, old, old_docs = _previous(Path(db_path), list(manifest.games))
    if not full and old is not None and (old.code, old.cards) == (wanted.code, wanted.cards):
        changed = [k for k in sources if (old.documents.get(k) or {}).get("bytes") != wanted.documents[k]["bytes"]]
        removed = sorted(old_docs - set(sources))
        relabelled = [k for k in sources if (old.documents.get(k) or {}).get("meta") != wanted.documents[k]["meta"]]
        if not changed and not removed and not relabelled and old.rulings == wanted.rulings:
            return BuildReport(
                Path(db_path), [], 0, time.perf_counter() - started, RulingsReport(), current=True, stages=stage.done()
            )
        return _update(
            db_path,
            manifest,
            sources,
            wanted,
            old,
            changed,
            removed,
            rulings,
            scenarios,
            on_document,
            started,
            max_input_size,
            stage,
        )
    reports = []
    with atomic_database(db_path, copy_existing=False) as conn:
        create_schema(conn)
        for gid, name in manifest.games.items():
            ensure_game(conn, gid, name)
        stage("cards")
        n_cards = load_cards(conn, cards_dir)
        check_scenarios(conn, scenarios)  # an unknown card fails now, not after the documents
        index = CardIndex.from_db(conn)
        stage("documents")
        for key, parsed in parsed_ahead(sources, list(sources), max_input_size):  # parsed in workers, in order
            src, data = sources[key]
            if on_document:
                on_document(src)
            reports.append(_ingest_one(conn, src, index, data, max_input_size, parsed))
            wanted.documents[key]["earlier"] = reports[-1].used_earlier
        stage("align")
        align(conn)  # threads across versions, once every version is in
        for game, members in previous.items():  # a rebuild keeps the thread ids users saved
            carry_ids(conn, game, members)
        clear_alignment_caches()  # the stages after reuse that memory (a lower peak)
        _release()
        stage("rulings")
        rulings_report = load_rulings(conn, rulings, scenarios)
        stage("supersessions")
        compute_supersessions(conn)  # which entries a later version changed in meaning (kb.supersede)
        clear_supersession_caches()
        _release()
        stage("search")
        index_latest(conn)  # the search index of the newest versions (kb/schema.sql: latest_fts)
        stage("state")
        write_state(conn, wanted)
        stage("search index")
        save_index(conn)  # last: the search's in-memory index of all the above, stored for servers to load
    return BuildReport(
        Path(db_path), reports, n_cards, time.perf_counter() - started, rulings_report, stages=stage.done()
    )


def _update(
    db_path,
    manifest,
    sources,
    wanted: State,
    old: State,
    changed: list[str],
    removed: list[str],
    rulings: Path,
    scenarios,
    on_document,
    started: float,
    max_input_size: int | None = None,
    stage: Stages | None = None,
) -> BuildReport:
    """Redo only the documents that changed (and, per game, the later ones whose parser read the
    earlier versions), in a copy of the KB; the rest keeps its entries, threads and replays."""
    redo = set(changed)
    for key in changed:
        src = sources[key][0]
        for other, (later, _) in sources.items():
            if (
                later.game == src.game
                and version_sort_key(later.version) > version_sort_key(src.version)
                and (old.documents.get(other) or {}).get("earlier")
            ):
                redo.add(other)
    touched = {sources[k][0].game for k in redo} | {k.split(" ", 1)[0] for k in removed}
    reports = []
    stage = stage or Stages(None)
    stage("documents")
    with atomic_update(db_path) as conn:
        create_schema_additions(conn)
        for gid, name in manifest.games.items():
            ensure_game(conn, gid, name)
        for key in removed:
            game, version = key.split(" ", 1)
            delete_document(conn, game, version)
        check_scenarios(conn, scenarios)
        index = CardIndex.from_db(conn)
        ahead = parsed_ahead(sources, [k for k in sources if k in redo], max_input_size)  # in workers, in order
        for key, (src, data) in sources.items():
            if key in redo:
                if on_document:
                    on_document(src)
                _, parsed = next(ahead)
                delete_document(conn, src.game, src.version)
                reports.append(_ingest_one(conn, src, index, data, max_input_size, parsed))
                wanted.documents[key]["earlier"] = reports[-1].used_earlier
            else:
                wanted.documents[key]["earlier"] = (old.documents.get(key) or {}).get("earlier", False)
                conn.execute(
                    """UPDATE documents SET title = coalesce(?, title), date = ?, file = ?
                                WHERE game = ? AND version = ?""",
                    (src.title, src.date, src.file, src.game, src.version),
                )
        stage("align")
        align(conn)  # places the new entries only: every other thread stays as it was
        stage("rulings")
        with_scenarios = {s.game for s in scenarios}
        if old.rulings != wanted.rulings or touched & with_scenarios:
            # same code and cards (else this is a full build): replays before the first version
            # redone or removed in a game keep their results when their inputs are the same
            first: dict[str, str] = {}
            for game, version in [(sources[k][0].game, sources[k][0].version) for k in redo] + [
                tuple(k.split(" ", 1)) for k in removed
            ]:
                if game not in first or version_sort_key(version) < version_sort_key(first[game]):
                    first[game] = version
            rulings_report = load_rulings(conn, rulings, scenarios, replay_from=first)
        else:
            rulings_report = stored_rulings(conn)
        gone = {k.split(" ", 1)[0] for k in removed}
        stage("supersessions")
        for game in sorted(touched):  # a version removed joins the steps around it: the game again
            if game in gone:
                compute_supersessions(conn, game)
            else:
                update_supersessions(conn, game, [sources[k][0].version for k in redo if sources[k][0].game == game])
        stage("search")
        index_latest(conn)  # the search index of the newest versions (kb/schema.sql: latest_fts)
        stage("state")
        write_state(conn, wanted)
        stage("search index")
        save_index(conn)
        n_cards = conn.execute("SELECT count(*) FROM cards").fetchone()[0]
    return BuildReport(
        Path(db_path), reports, n_cards, time.perf_counter() - started, rulings_report, stages=stage.done()
    )


@_uncollected()
def ingest(
    db_path: Path,
    file: Path,
    game: str,
    version: str,
    title: str | None = None,
    date: str | None = None,
    fmt: str = "auto",
    rulings: Path | None = None,
    manifest: Path | None = None,
    max_input_size: int | None = None,
) -> DocumentReport:
    """Add or replace one document version in an existing KB (atomically), and replay the rulings
    again (``rulings``, default the project's ``rulings/``) so they cover the new version too.
    ``game``, ``version`` and ``date`` are checked as build checks the manifest's documents, the
    game against ``manifest`` (default: :func:`kb.manifest.default_manifest`) and the KB."""
    if not Path(db_path).is_file():
        raise KBError(f"{db_path}: no knowledge base there; run 'rulebase build' first")
    _tidy(Path(db_path))
    file = Path(file)
    if fmt not in ("auto", *FORMATS):
        raise KBError(f"{file}: unknown format {fmt!r}, expected one of auto, {', '.join(FORMATS)}")
    name = check_ingest(Path(db_path), manifest or default_manifest(), game, version, date)
    data = read_source(file, max_input_size)  # read once (a pipe can be read only once), before the KB is touched
    rulings = default_rulings_dir() if rulings is None else Path(rulings)
    scenarios = read_scenarios(rulings)
    src = SourceDocument(game=game, version=version, title=title, date=date, format=fmt, path=file, file=str(file))
    with atomic_update(Path(db_path)) as conn:
        try:
            conn.execute("SELECT 1 FROM documents LIMIT 1")
        except sqlite3.DatabaseError:
            raise KBError(f"{db_path}: not a rulebase knowledge base (no documents table)") from None
        try:
            conn.execute("SELECT conflict FROM entries LIMIT 0")
            conn.execute("SELECT 1 FROM verifications LIMIT 0")
        except sqlite3.DatabaseError:
            raise KBError(
                f"{db_path}: built by an earlier rulebase without scenario tables; run 'rulebase build' to rebuild it"
            ) from None
        create_schema_additions(conn)
        ensure_game(conn, game, name)
        delete_document(conn, game, version)
        check_scenarios(conn, scenarios)
        index = CardIndex.from_db(conn) if game in CARD_GAMES else None
        report = _ingest_one(conn, src, index, data, max_input_size)
        align(conn, game)  # the new version slots into the game's threads
        forget_document(conn, game, version)  # no longer the manifest's document of that version
        if any(s.game == game for s in scenarios) or not rulings_current(conn, scenarios):
            # replays of the versions before this one keep their results when their inputs are the
            # same, if the KB's replays were made by this code (else every replay runs again)
            state = read_state(conn)
            same_code = state is not None and state.code == code_fingerprint()
            report.rulings = load_rulings(conn, rulings, scenarios, replay_from={game: version} if same_code else None)
        else:  # no scenario replays this game's rulings, and the stored ones are the folder's
            report.rulings = stored_rulings(conn)
        update_supersessions(conn, game, [version])  # the new version may supersede, or be superseded
        index_latest(conn)
        save_index(conn)  # last, as in build
    return report
