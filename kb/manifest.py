"""The manifest (``sources/manifest.toml``): which documents make up the knowledge base.

Kept as data so that adding an edition is a file and a few lines, not code. Every problem is
reported as a :class:`~kb.errors.KBError` naming the manifest, the document and what was expected.
"""

from __future__ import annotations

import os
import re
import sqlite3
import tomllib
import dataclasses
from dataclasses import dataclass
from pathlib import Path

from ingest.formats import FORMATS

from .errors import KBError
from .hot_journal import connect_read_only
from .labels import (
    check_date,
    check_game,
    check_game_id,
    check_new_version,
    check_shape_name,
    check_version,
    default_shape,
)
from .versions import same_version, version_sort_key

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MANIFEST = PROJECT_ROOT / "sources" / "manifest.toml"
DEFAULT_CARDS = PROJECT_ROOT / "data" / "cards"

#: a manifest to build from instead of the bundled one (tests build from a sample of the sources)
MANIFEST_ENV = "RULEBASE_MANIFEST"


def default_manifest() -> Path:
    """The manifest builds read when none is given: ``$RULEBASE_MANIFEST``, else the bundled one."""
    return Path(os.environ[MANIFEST_ENV]) if os.environ.get(MANIFEST_ENV) else DEFAULT_MANIFEST


KNOWN_GAMES = {"keyforge": "KeyForge", "keeper-of-the-cards": "Keeper of the Cards", "mtg": "Magic: The Gathering"}


@dataclass(frozen=True)
class SourceDocument:
    game: str
    version: str
    title: str | None
    date: str | None
    format: str
    path: Path
    #: path as written in the manifest (stored in the KB, so it does not depend on the checkout)
    file: str


@dataclass(frozen=True)
class Manifest:
    path: Path
    games: dict[str, str]
    documents: list[SourceDocument]
    #: game id -> the shape of its versions (:mod:`kb.labels`)
    shapes: dict[str, str] = dataclasses.field(default_factory=dict)


def load_manifest(path: Path = DEFAULT_MANIFEST) -> Manifest:
    raw = _read(path)
    games, shapes = _games(path, raw)
    items = raw.get("document") or []
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise KBError(f"{path}: document must be a list of [[document]] tables")
    docs = [_document(path, i, item, games, shapes) for i, item in enumerate(items, 1)]
    if not docs:
        raise KBError(f"{path}: lists no [[document]], expected at least one")
    seen: dict[str, list[str]] = {}
    for d in docs:
        if d.version in seen.get(d.game, []):
            raise KBError(f"{path}: {d.game} {d.version} is listed twice")
        twin = next((v for v in seen.get(d.game, []) if same_version(v, d.version)), None)
        if twin is not None:  # "16" and "16.0": which one is the latest would depend on the spelling
            raise KBError(f"{path}: {d.game} {twin} and {d.version} name the same version: list it once")
        seen.setdefault(d.game, []).append(d.version)
    docs.sort(key=lambda d: (d.game, version_sort_key(d.version)))
    return Manifest(path=path, games=games, documents=docs, shapes=shapes)


def load_games(path: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The games a manifest declares (with the built-in ones), as (id -> name, id -> version shape),
    without reading its documents: what ``ingest`` checks its ``--game`` and ``--version`` against."""
    return _games(path, _read(path))


def _read(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise KBError(f"{path}: manifest not found, expected sources/manifest.toml") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise KBError(f"{path}: not a valid TOML manifest ({exc})") from None


def _games(path: Path, raw: dict) -> tuple[dict[str, str], dict[str, str]]:
    """Each game's name and version shape (:mod:`kb.labels`): the built-in games, then the
    manifest's [games.<id>] tables (``name``, ``version_shape``)."""
    games = dict(KNOWN_GAMES)
    shapes = {gid: default_shape(gid) for gid in games}
    tables = raw.get("games") or {}
    if not isinstance(tables, dict):
        raise KBError(f'{path}: games must be tables, e.g. [games.keyforge] with name = "KeyForge"')
    for gid, info in tables.items():
        try:
            check_game_id(gid)
        except KBError as exc:
            raise KBError(f"{path}: [games.{gid}]: {exc}") from None
        name = (info or {}).get("name", gid) if isinstance(info, dict) else None
        if not isinstance(name, str):
            raise KBError(f'{path}: [games.{gid}]: name must be a string, e.g. name = "{gid.title()}"')
        games[gid] = name
        shape = info.get("version_shape", default_shape(gid))
        shapes[gid] = check_shape_name(shape, f"{path}: [games.{gid}]")
    return games, shapes


def _document(path: Path, i: int, item: dict, games: dict[str, str], shapes: dict[str, str]) -> SourceDocument:
    """The ``i``-th [[document]] table, or a one-line :class:`KBError` naming it and the problem."""
    where = f"{path}: document {i}" + (f" (file {item['file']})" if isinstance(item.get("file"), str) else "")
    for field in ("game", "version", "file"):
        value = item.get(field)
        if value is None:
            raise KBError(f"{where}: missing '{field}', expected a string")
        if not isinstance(value, str):
            written = _literals(path, i).get(field, str(value))
            raise KBError(f'{where}: {field} must be a string: write {field} = "{written}"')
        if not value.strip() and field != "version":  # a blank version is told with its shape, below
            raise KBError(f"{where}: {field} is empty")
    for field in ("title", "format"):
        if field in item and not isinstance(item[field], str):
            raise KBError(f"{where}: {field} must be a string, got {item[field]!r}")
    if item["game"] not in games:
        raise KBError(
            f"{where}: game '{item['game']}' has no [games.{item['game']}] table "
            f"(known games: {', '.join(sorted(games))})"
        )
    date = str(item["date"]) if item.get("date") else None  # a TOML date or year reads as text
    try:
        check_version(item["version"], item["game"], shapes[item["game"]])
        check_date(date)
    except KBError as exc:
        raise KBError(f"{where}: {exc}") from None
    fmt = item.get("format", "auto")
    if fmt not in (*FORMATS, "auto"):
        raise KBError(f"{where}: unknown format {fmt!r}, expected one of auto, {', '.join(FORMATS)}")
    file_path = (path.parent / item["file"]).resolve()
    if not file_path.is_file():
        raise KBError(f"{where} ({item['game']} {item['version']}): file {item['file']} not found next to the manifest")
    return SourceDocument(
        game=item["game"],
        version=item["version"],
        title=item.get("title"),
        date=date,
        format=fmt,
        path=file_path,
        file=item["file"],
    )


_TABLE = re.compile(r"(?m)^[ \t]*\[\[[ \t]*document[ \t]*\]\]")
_NUMBER = re.compile(r"(?m)^[ \t]*(game|version|file)[ \t]*=[ \t]*([^\s\"'#\[{][^\s#,]*)")


def _literals(path: Path, i: int) -> dict[str, str]:
    """The unquoted values of the ``i``-th [[document]] table as written (``version = 1.10`` is the
    float 1.1 once parsed: the message must show what the user wrote)."""
    text = path.read_text(encoding="utf-8")
    starts = [m.end() for m in _TABLE.finditer(text)]
    if i > len(starts):
        return {}
    block = text[starts[i - 1] :]
    block = block[: m.start()] if (m := re.search(r"(?m)^[ \t]*\[", block)) else block
    return {m.group(1): m.group(2) for m in _NUMBER.finditer(block)}


def check_ingest(db_path: Path, manifest_path: Path, game: str, version: str, date: str | None) -> str:
    """What ``ingest`` is asked to store checked as ``build`` checks a [[document]]: the game is one
    the manifest declares or the KB holds, the version has the game's shape and is not another
    spelling of a version the KB holds, the date is a calendar date. Returns the game's name."""
    games, shapes = load_games(manifest_path)
    stored = _stored_versions(db_path)
    for gid in stored:
        shapes.setdefault(gid, default_shape(gid))
    check_game(game, shapes)
    check_version(version, game, shapes[game])
    check_new_version(version, game, stored.get(game, []))
    check_date(date)
    return games.get(game, game)


def _stored_versions(db_path: Path) -> dict[str, list[str]]:
    """game -> the versions of its documents in the KB at ``db_path`` (read only)."""
    try:
        conn = connect_read_only(db_path)
        try:
            out: dict[str, list[str]] = {gid: [] for (gid,) in conn.execute("SELECT id FROM games")}
            for gid, version in conn.execute("SELECT game, version FROM documents"):
                out.setdefault(gid, []).append(version)
        finally:
            conn.close()
    except sqlite3.Error:
        raise KBError(f"{db_path}: not a rulebase knowledge base (no documents table)") from None
    return out
