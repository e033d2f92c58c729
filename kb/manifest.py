"""The manifest (``sources/manifest.toml``): which documents make up the knowledge base.

Kept as data so that adding an edition is a file and a few lines, not code. Every problem is
reported as a :class:`~kb.errors.KBError` naming the manifest, the document and what was expected.
"""
from __future__ import annotations

import os
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
    for gid, info in (raw.get("games") or {}).items():
        games[gid] = (info or {}).get("name", gid)
    docs = []
    for i, item in enumerate(raw.get("document") or [], 1):
        where = f"{path}: document #{i}"
        for field in ("game", "version", "file"):
            if not isinstance(item.get(field), str) or not item[field].strip():
                raise KBError(f"{where}: missing '{field}', expected a string")
        fmt = item.get("format", "auto")
        if fmt not in (*FORMATS, "auto"):
            raise KBError(f"{where}: unknown format {fmt!r}, expected one of auto, {', '.join(FORMATS)}")
        file_path = (path.parent / item["file"]).resolve()
        if not file_path.is_file():
            raise KBError(f"{where} ({item['game']} {item['version']}): file {item['file']} not found next to the manifest")
        docs.append(SourceDocument(
            game=item["game"], version=str(item["version"]), title=item.get("title"),
            date=str(item["date"]) if item.get("date") else None, format=fmt,
            path=file_path, file=item["file"],
        ))
    if not docs:
        raise KBError(f"{path}: lists no [[document]], expected at least one")
    seen = set()
    for d in docs:
        if (d.game, d.version) in seen:
            raise KBError(f"{path}: {d.game} {d.version} is listed twice")
        seen.add((d.game, d.version))
    docs.sort(key=lambda d: (d.game, version_sort_key(d.version)))
    return Manifest(path=path, games=games, documents=docs)
