"""The manifest (``sources/manifest.toml``): which documents make up the knowledge base.

Kept as data so that adding an edition is a file and a few lines, not code. Every problem is
reported as a :class:`~kb.errors.KBError` naming the manifest, the document and what was expected.
"""
from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from ingest.detect import FORMATS

from .errors import KBError
from .versions import version_sort_key

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


def load_manifest(path: Path = DEFAULT_MANIFEST) -> Manifest:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise KBError(f"{path}: manifest not found, expected sources/manifest.toml") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise KBError(f"{path}: not a valid TOML manifest ({exc})") from None
    games = dict(KNOWN_GAMES)
    tables = raw.get("games") or {}
    if not isinstance(tables, dict):
        raise KBError(f"{path}: games must be tables, e.g. [games.keyforge] with name = \"KeyForge\"")
    for gid, info in tables.items():
        name = (info or {}).get("name", gid) if isinstance(info, dict) else None
        if not isinstance(name, str):
            raise KBError(f"{path}: [games.{gid}]: name must be a string, e.g. name = \"{gid.title()}\"")
        games[gid] = name
    items = raw.get("document") or []
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise KBError(f"{path}: document must be a list of [[document]] tables")
    docs = [_document(path, i, item, games) for i, item in enumerate(items, 1)]
    if not docs:
        raise KBError(f"{path}: lists no [[document]], expected at least one")
    seen = set()
    for d in docs:
        if (d.game, d.version) in seen:
            raise KBError(f"{path}: {d.game} {d.version} is listed twice")
        seen.add((d.game, d.version))
    docs.sort(key=lambda d: (d.game, version_sort_key(d.version)))
    return Manifest(path=path, games=games, documents=docs)


def _document(path: Path, i: int, item: dict, games: dict[str, str]) -> SourceDocument:
    """The ``i``-th [[document]] table, or a one-line :class:`KBError` naming it and the problem."""
    where = f"{path}: document {i}" + (f" (file {item['file']})" if isinstance(item.get("file"), str) else "")
    for field in ("game", "version", "file"):
        value = item.get(field)
        if value is None:
            raise KBError(f"{where}: missing '{field}', expected a string")
        if not isinstance(value, str):
            written = _literals(path, i).get(field, str(value))
            raise KBError(f"{where}: {field} must be a string: write {field} = \"{written}\"")
        if not value.strip():
            raise KBError(f"{where}: {field} is empty")
    for field in ("title", "format"):
        if field in item and not isinstance(item[field], str):
            raise KBError(f"{where}: {field} must be a string, got {item[field]!r}")
    if item["game"] not in games:
        raise KBError(f"{where}: game '{item['game']}' has no [games.{item['game']}] table "
                      f"(known games: {', '.join(sorted(games))})")
    fmt = item.get("format", "auto")
    if fmt not in (*FORMATS, "auto"):
        raise KBError(f"{where}: unknown format {fmt!r}, expected one of auto, {', '.join(FORMATS)}")
    file_path = (path.parent / item["file"]).resolve()
    if not file_path.is_file():
        raise KBError(f"{where} ({item['game']} {item['version']}): file {item['file']} not found next to the manifest")
    return SourceDocument(
        game=item["game"], version=item["version"], title=item.get("title"),
        date=str(item["date"]) if item.get("date") else None, format=fmt, path=file_path, file=item["file"],
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
    block = text[starts[i - 1]:]
    block = block[:m.start()] if (m := re.search(r"(?m)^[ \t]*\[", block)) else block
    return {m.group(1): m.group(2) for m in _NUMBER.finditer(block)}
