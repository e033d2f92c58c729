"""Browsing the KB in Datasette: metadata, canned queries and links to the site, built from data.

Descriptions of tables and columns are read from the comments of ``kb/schema.sql`` (so they cannot
drift from the schema), completed by ``api/datasette_metadata.yaml`` for what the schema leaves
uncommented; licence notes come from the manifest and the source files themselves. The KB is served
read-only, following the file at its path (:mod:`api.datasette_guard`), under the database name
``kb`` whatever the file is called, so that row URLs
(:func:`datasette_row_url`) are stable for the site to link to. Datasette's own mechanisms do the
rest: templates extending its own (``api/datasette_templates``: a table's notes folded above its
rows, query pages titled by their titles), and a plugin (``api/datasette_plugin.py``: links to the
site, labels of foreign keys on row pages, the site's comparison as SQL functions).
"""

from __future__ import annotations

import html
import re
import sqlite3
import textwrap
import tomllib
from pathlib import Path

import yaml
from datasette.utils import tilde_encode

from kb.manifest import DEFAULT_MANIFEST
from kb.store import schema_sql

from .datasette_guard import FollowingDatabase
from .datasette_plugin import DB_NAME, PLUGIN, register_plugin
from kb.hot_journal import connect_read_only

HERE = Path(__file__).resolve().parent
DATA_FILE = HERE / "datasette_metadata.yaml"
#: templates extending Datasette's own (a table's notes folded above its rows, query pages titled)
TEMPLATES = HERE / "datasette_templates"
#: characters of a table's description shown above its rows (the rest, folded, one click away)
SUMMARY_CHARS = 90

_CREATE = re.compile(r"CREATE\s+(?:VIRTUAL\s+)?(TABLE|VIEW)\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)", re.I)
_CONSTRAINT = re.compile(r"(UNIQUE|PRIMARY\s+KEY|FOREIGN\s+KEY|CHECK|CONSTRAINT)\b", re.I)


# --- schema comments ---------------------------------------------------------------------------


def parse_schema_comments(text: str) -> dict[str, dict]:
    """``{table: {"description": str, "columns": {col: str}, "content": str|None, "aliases": {}}}``.

    A comment block before CREATE TABLE/VIEW describes it (a block followed by several CREATEs
    describes each); ``-- ...`` after a column describes the column, comment-only lines inside the
    table continue the previous column's. Views keep their ``alias.column`` references and FTS
    tables their ``content=`` table, so their columns can borrow the source column's description.
    """
    tables: dict[str, dict] = {}
    block: list[str] = []
    last_was_comment = False
    current: dict | None = None
    last_col: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if current is not None:
            if line.startswith(");") or line.startswith(")") and current["kind"] == "TABLE":
                current = None
                continue
            if current["kind"] == "VIEW":
                _view_line(current, line)
                if line.endswith(";"):
                    current = None
                continue
            code, _, comment = line.partition("--")
            if not code.strip():
                if comment and last_col:
                    cols = current["columns"]
                    cols[last_col] = f"{cols[last_col]} {comment.strip()}".strip()
                continue
            if current.get("fts"):
                _fts_line(current, code)
                if code.rstrip().endswith(");"):
                    current = None
                continue
            if _CONSTRAINT.match(code.strip()):
                continue
            name = code.split()[0].strip('",')
            last_col = name
            current["columns"][name] = comment.strip()
            continue
        if line.startswith("--"):
            if not last_was_comment:
                block = []
            block.append(line[2:].strip())
            last_was_comment = True
            continue
        last_was_comment = False
        if not line:
            block = []
            continue
        m = _CREATE.match(line)
        if not m:
            continue
        kind, name = m.group(1).upper(), m.group(2)
        current = {
            "kind": kind,
            "description": " ".join(block),
            "columns": {},
            "content": None,
            "aliases": {},
            "refs": {},
            "fts": "fts5(" in line.lower(),
        }
        tables[name] = current
        last_col = None
        if current["fts"]:
            _fts_line(current, line.split("(", 1)[1])
            if line.rstrip().endswith(");"):
                current = None
    return tables


def _fts_line(table: dict, code: str) -> None:
    for part in code.rstrip().rstrip(";").rstrip(")").split(","):
        part = part.strip()
        if not part:
            continue
        if "=" in part:
            opt, _, value = part.partition("=")
            if opt.strip() == "content":
                table["content"] = value.strip().strip("'\"")
        else:
            table["columns"][part] = ""


def _view_line(view: dict, line: str) -> None:
    code, _, comment = line.partition("--")
    for m in re.finditer(r"(?:FROM|JOIN)\s+(\w+)\s+(\w+)", code, re.I):
        view["aliases"][m.group(2)] = m.group(1)
    if re.match(r"\s*(FROM|JOIN|WHERE)\b", code, re.I):
        return
    code = re.sub(r"^\s*SELECT\b", "", code, flags=re.I)
    for expr in code.split(","):
        expr = expr.strip()
        if not expr:
            continue
        m = re.search(r"\bAS\s+(\w+)\s*$", expr, re.I)
        ref = re.match(r"(\w+)\.(\w+)$", expr)
        name = m.group(1) if m else (ref.group(2) if ref else None)
        if not name:
            continue
        view["columns"][name] = comment.strip() if m else ""
        if ref:
            view["refs"][name] = (ref.group(1), ref.group(2))


# --- licence notes -----------------------------------------------------------------------------

_LICENSE_LINK = re.compile(r'rel="license"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*rel="license"')
_LICENSE_NAME = re.compile(r"licensed under the\s+(?:<[^>]+>)?\s*([^<]+)", re.I)
_COPYRIGHT = re.compile(r"(?:©|\(c\)|copyright)\s*(\d{4}.*?)(?:\.\s|\n|<|$)", re.I)


#: the characters other than a-z and A-Z that re.IGNORECASE matches to a letter of _LICENSE_NAME's
#: and _COPYRIGHT's first words (İ and ı to i, ſ to s); İ is also the one character whose lower()
#: is two characters. Without them, text.lower() has a word of those patterns where text does.
_ODD_CASE = ("\u0130", "\u0131", "\u017f")


def _first(pattern: re.Pattern, text: str, lowered: str | None, starts: tuple[str, ...]) -> re.Match | None:
    """``pattern.search(text)``: the same match, tried only where one of ``starts`` begins in
    ``lowered`` (``text.lower()``, none of :data:`_ODD_CASE` in it: each of its characters at the
    same place as in ``text``), each of them a word in lowercase that begins every match of the
    case-insensitive ``pattern``; on the whole text when ``lowered`` is None."""
    if lowered is None:
        return pattern.search(text)
    following = {start: lowered.find(start) for start in starts}
    while True:
        at = min((i for i in following.values() if i >= 0), default=-1)
        if at < 0:
            return None
        found = pattern.match(text, at)
        if found:
            return found
        for start, i in following.items():
            if i == at:
                following[start] = lowered.find(start, at + 1)


def license_notes(manifest: Path = DEFAULT_MANIFEST) -> list[dict]:
    """One note per manifest document: its licence link or copyright line as the file states it."""
    try:
        raw = tomllib.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return []
    notes = []
    for doc in raw.get("document") or []:
        path = manifest.parent / str(doc.get("file", ""))
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            text = ""
        # what the three patterns find, without scanning every character of the sources with them
        # (70 MB for the bundled manifest: 3 s of each start-up), see _first
        lowered = None if any(c in text for c in _ODD_CASE) else text.lower()
        link = _LICENSE_LINK.search(text) if 'rel="license"' in text else None  # in both branches
        name = _first(_LICENSE_NAME, text, lowered, ("licensed under the",))
        copy = None if link or name else _first(_COPYRIGHT, text, lowered, ("©", "(c)", "copyright"))
        if link or name:
            terms = (name.group(1).strip().rstrip(".") if name else "licence") + (
                f" ({link.group(1) or link.group(2)})" if link else ""
            )
        elif copy:
            terms = "© " + " ".join(copy.group(1).split())
        else:
            terms = "no licence stated in the source; rights remain with the publisher"
        notes.append(
            {
                "game": doc.get("game"),
                "version": str(doc.get("version")),
                "title": doc.get("title"),
                "file": doc.get("file"),
                "terms": terms,
                "note": doc.get("note"),
            }
        )
    for extra in sorted(manifest.parent.glob("README*")) + sorted(manifest.parent.glob("LICEN[CS]E*")):
        notes.append({"file": extra.name, "terms": extra.read_text(encoding="utf-8", errors="replace")[:2000]})
    return notes


def _notes_html(notes: list[dict]) -> str:
    items = []
    for n in notes:
        head = " ".join(str(x) for x in (n.get("game"), n.get("version"), n.get("title")) if x) or n["file"]
        extra = f" ({n['note']})" if n.get("note") else ""
        items.append(f"<li>{html.escape(head)}: {html.escape(n['terms'])}{html.escape(extra)}</li>")
    return "<ul>" + "".join(items) + "</ul>"


# --- metadata ----------------------------------------------------------------------------------


def _data() -> dict:
    return yaml.safe_load(DATA_FILE.read_text(encoding="utf-8"))


def _visible_tables(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    rows = conn.execute(
        "SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view') "
        "AND name NOT LIKE 'sqlite_%' ORDER BY name"
    ).fetchall()
    fts_shadow = re.compile(r"_fts_(data|idx|docsize|config|content)$")
    return [(n, t) for n, t in rows if not fts_shadow.search(n)]


def _first_sentence(text: str) -> str:
    return re.split(r"(?<=[.:])\s", text, maxsplit=1)[0].rstrip(".:") if text else ""


def describe_columns(conn: sqlite3.Connection, table: str, schema: dict, data: dict) -> dict[str, str]:
    """A description for every column: schema comment, source column, data file, key, in that order."""
    info = schema.get(table, {})
    pks = {r[1] for r in conn.execute(f'PRAGMA table_info("{table}")') if r[5]}
    fks = {r[3]: (r[2], r[4]) for r in conn.execute(f'PRAGMA foreign_key_list("{table}")')}
    out = {}
    for col in [r[1] for r in conn.execute(f'PRAGMA table_info("{table}")')]:
        text = (info.get("columns") or {}).get(col, "")
        if not text and info.get("content"):
            text = _schema_col(schema, data, info["content"], col)
        if not text and col in (info.get("refs") or {}):
            alias, src = info["refs"][col]
            text = describe_columns(conn, info["aliases"].get(alias, alias), schema, data).get(src, "")
        text = text or data["columns"].get(f"{table}.{col}", "")
        if col in fks:
            other, other_col = fks[col]
            ref = f"references {other}.{other_col or 'id'} ({_first_sentence(schema.get(other, {}).get('description', ''))})"
            text = f"{text}; {ref}" if text else ref[0].upper() + ref[1:]
        if not text and col in pks:
            text = "Row id (primary key)"
        out[col] = text
    return out


def _schema_col(schema: dict, data: dict, table: str, col: str) -> str:
    return (schema.get(table, {}).get("columns") or {}).get(col) or data["columns"].get(f"{table}.{col}", "")


def _summary(description: str) -> str:
    """The start of a table's description, shown above its rows: its first sentence, shortened."""
    return textwrap.shorten(_first_sentence(description), SUMMARY_CHARS, placeholder=" …")


def _foreign_keys(conn: sqlite3.Connection, table: str) -> dict[str, str]:
    """``{column: referenced table}`` of ``table``'s declared foreign keys."""
    return {r[3]: r[2] for r in conn.execute(f'PRAGMA foreign_key_list("{table}")')}


#: where a reader starts, on the index and the database page: the rules in force now (the entries
#: table's default view, api/datasette_front.py), then the canned queries listed below it
START_HTML = (
    f'<p class="start-here">Start with <a href="/{DB_NAME}/entries">the entries of each game\'s latest version</a>'
    f', or a <a href="/{DB_NAME}#queries">canned query</a> (each opens on an example).</p>'
)


def build_metadata(db: Path, site_url: str, manifest: Path = DEFAULT_MANIFEST) -> dict:
    """The Datasette metadata dict for the KB at ``db`` (read, never written); rows link to the site
    at ``site_url``."""
    data = _data()
    schema = parse_schema_comments(schema_sql())
    notes = license_notes(manifest)
    conn = connect_read_only(db)
    try:
        tables, foreign_keys = {}, {}
        for name, _kind in _visible_tables(conn):
            description = schema.get(name, {}).get("description") or data["sources"].get(name, "")
            meta = {
                "description": description,
                "summary": _summary(description),
                "source": data["sources"].get(name, data["default_source"]),
                "columns": describe_columns(conn, name, schema, data),
            }
            if name in data["facets"]:
                meta["facets"] = data["facets"][name]
            if name in data["label_columns"]:
                meta["label_column"] = data["label_columns"][name]
            if name in data["sort_desc"]:
                meta["sort_desc"] = data["sort_desc"][name]
            if name in data["default_views"]:  # table.html says what the table opened on
                meta["default_view"] = data["default_views"][name]
            if name in ("entries", "cards"):
                meta["fts_table"], meta["fts_pk"] = f"{name}_fts", "id"
            tables[name] = meta
            if fks := _foreign_keys(conn, name):
                foreign_keys[name] = fks
    finally:
        conn.close()
    queries = {
        qname: {"title": q["title"], "description": q["description"], "examples": q["examples"], "sql": q["sql"]}
        for qname, q in data["queries"].items()
    }
    return {
        "title": data["title"],
        "description_html": "<p>" + html.escape(data["description"]) + "</p>" + START_HTML,
        "license": "per source document, see the notes on the database page",
        "source": "sources/manifest.toml and data/cards",
        "databases": {
            DB_NAME: {
                # one note per source document (a hundred and more): folded, so that the canned queries
                # and the tables below are on the first screen
                "description_html": "<p>"
                + html.escape(data["description"])
                + "</p>"
                + START_HTML
                + f"<details><summary>Licence notes ({len(notes)})</summary>"
                + _notes_html(notes)
                + "</details>",
                "license_notes": notes,
                "tables": tables,
                "queries": queries,
            }
        },
        "plugins": {
            PLUGIN: {
                "site_url": site_url.rstrip("/"),
                "foreign_keys": foreign_keys,
                # where a table or a canned query opens (api/datasette_front.py)
                "default_views": data["default_views"],
                "examples": {qname: q["examples"] for qname, q in data["queries"].items()},
            }
        },
    }


#: characters of a text cell shown in a table view
TRUNCATE_CELLS = 160


#: milliseconds the site's own queries may take (table pages, row pages, canned queries): "What
#: changed between two versions" pairs every entry of two versions in Python, over a second for two
#: Magic releases on a busy machine. A client's own SQL has its own, lower limit (the guard's).
OWN_QUERIES_TIME_LIMIT_MS = 10_000


def make_datasette(db: Path, site_url: str, public: bool = False, sql_at_once: int = 1, sql_time_limit_ms: int = 1000):
    """A Datasette serving ``db`` read-only as database ``kb``, following the file at that path
    (:mod:`api.datasette_guard`), with metadata, templates and links to the site at ``site_url``.
    A client's own SQL: at most ``sql_at_once`` requests at once, each stopped after
    ``sql_time_limit_ms``; none at all when ``public``."""
    from datasette.app import Datasette  # heavy (~1 s): only a Datasette being made needs its app

    register_plugin()
    metadata = build_metadata(db, site_url)
    metadata["plugins"][PLUGIN].update(custom_sql_at_once=sql_at_once, custom_sql_time_limit_ms=sql_time_limit_ms)
    # a table view shows the start of long texts (a rule's whole body made 100 rows 65,000 px tall);
    # a row's own page and the JSON keep them whole. SQL threads: one more than arbitrary SQL may
    # take at once plus two, so table pages and canned queries always find a free one
    ds = Datasette(
        metadata=metadata,
        template_dir=str(TEMPLATES),
        settings={
            "facet_time_limit_ms": 1000,
            "truncate_cells_html": TRUNCATE_CELLS,
            "sql_time_limit_ms": max(OWN_QUERIES_TIME_LIMIT_MS, sql_time_limit_ms),
            "num_sql_threads": sql_at_once + 3,
            "default_allow_sql": not public,
        },
    )
    ds.add_database(FollowingDatabase(ds, str(db.resolve())), name=DB_NAME)
    if "_memory" in ds.databases:  # added for a Datasette given no files: an empty database to browse
        ds.remove_database("_memory")
    return ds


def datasette_row_url(base: str, table: str, pk, database: str = DB_NAME) -> str:
    """URL of one row in Datasette: ``base`` is the server's root ("http://127.0.0.1:8001")."""
    parts = pk if isinstance(pk, (tuple, list)) else (pk,)
    return f"{base.rstrip('/')}/{database}/{tilde_encode(table)}/" + ",".join(tilde_encode(str(p)) for p in parts)
