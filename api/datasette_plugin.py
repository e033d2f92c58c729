"""The Datasette plugin of ``rulebase datasette``: links to the site, labels, and the site's comparison in SQL.

- ``render_cell``: a cell naming an entry or a card links to the site's page for it; a foreign key on
  a row's own page shows the label of the row it references ("KeyForge Rulebook v1.3", not 3), as
  Datasette shows it on table pages but not on row pages.
- ``asgi_wrapper``, ``handle_exception``: the guard of :mod:`api.datasette_guard` (reads only,
  arbitrary SQL capped, errors answered without a traceback per client error).
- ``prepare_connection``: SQL functions that let the canned query "What changed between two
  versions" (api/datasette_metadata.yaml) classify entries exactly as the site's Changes page
  (kb/changelog.py) does, which plain SQL cannot: the site pairs the entries of a thread one to one
  by key and similarity (``kb.threads.aligned_pairs``), ignores formatting when it compares texts
  (``kb.textdiff.same_text``) and follows a worked example by its rule's number.

Both read the KB only; the functions are registered on the KB's connections, not Datasette's own.
"""

from __future__ import annotations

import json
import sqlite3
from urllib.parse import quote

from datasette import hookimpl
from datasette.utils import tilde_encode
from markupsafe import Markup, escape

# the site's own rules (private names of kb.changelog: one definition, not a copy): a worked example
# goes with its rule's number, and a rule's heading is compared without its number
from kb.changelog import EXAMPLE_OF_NUMBER, unlabelled
from kb.textdiff import same_text
from kb.threads import aligned_pairs

from .datasette_a11y import label_controls
from .datasette_front import FrontDoor
from .datasette_guard import Guard, error_response

PLUGIN = "rulebase-links"
DB_NAME = "kb"


def site_url_for(site: str, table: str | None, column: str, row) -> str | None:
    """The site page a cell points to, or None: entries -> /entries/<id>, cards -> /cards/<set>/<n>."""

    def get(name):
        try:
            return row[name]
        except (IndexError, KeyError):
            return None

    if table == "entries" and column == "key" or table is None and column.endswith("entry_id"):
        entry = get("id") if table == "entries" else get(column)
        return f"{site}/entries/{entry}" if entry is not None else None
    if column == "card" and table is None or table == "cards" and column == "name":
        set_code, number = get("set_code"), get("number")
        if set_code is not None and number is not None:
            return f"{site}/cards/{quote(str(set_code))}/{quote(str(number))}"
    return None


async def _labelled(datasette, database: str, table: str, column: str, other: str, value):
    """``value`` of a foreign key as Datasette's table pages show it: the label linking to the row,
    then the id; None (Datasette's own rendering) when the referenced row has no label."""
    labels = await datasette.expand_foreign_keys(database, table, column, [value])
    label = labels.get((column, value))
    if label is None or str(label) == str(value):
        return None
    href = datasette.urls.row(database, other, tilde_encode(str(value)))
    return Markup(f'<a href="{escape(href)}">{escape(label)}</a>&nbsp;<em>{escape(value)}</em>')


class LinksPlugin:
    """The hooks; configuration (site URL, foreign keys) comes from the metadata's plugin section."""

    @staticmethod
    @hookimpl
    def render_cell(row, value, column, table, database, datasette):
        if database != DB_NAME or value is None:
            return None
        config = datasette.plugin_config(PLUGIN) or {}
        site = config.get("site_url")
        url = site_url_for(site, table, column, row) if site else None
        if url:
            return Markup(f'<a class="site-link" href="{escape(url)}">{escape(value)}</a>')
        other = ((config.get("foreign_keys") or {}).get(table) or {}).get(column)
        if other and not isinstance(value, dict):  # a dict: a table page has labelled it already
            return _labelled(datasette, database, table, column, other, value)
        return None

    @staticmethod
    @hookimpl
    def asgi_wrapper(datasette):
        """Reads only, and a cap on arbitrary SQL at once (:mod:`api.datasette_guard`); a table's or a
        canned query's bare address opens its default view or example (:mod:`api.datasette_front`)."""
        config = datasette.plugin_config(PLUGIN) or {}
        at_once, limit = int(config.get("custom_sql_at_once", 1)), int(config.get("custom_sql_time_limit_ms", 1000))
        views, examples = config.get("default_views") or {}, config.get("examples") or {}
        return lambda app: Guard(FrontDoor(app, datasette, DB_NAME, views, examples), DB_NAME, at_once, limit)

    @staticmethod
    @hookimpl
    def handle_exception(datasette, request, exception):
        """Errors answered without a ``rich`` traceback per client error (:mod:`api.datasette_guard`)."""

        async def inner():
            return await error_response(datasette, request, exception)

        return inner

    @staticmethod
    @hookimpl
    def prepare_jinja2_environment(env, datasette):
        """Names for the controls Datasette leaves unnamed (:mod:`api.datasette_a11y`), used by base.html."""
        env.filters["label_controls"] = label_controls

    @staticmethod
    @hookimpl
    def prepare_connection(conn, database, datasette):
        if database == DB_NAME:
            register_functions(conn)


def register_functions(conn: sqlite3.Connection) -> None:
    """The site's pairing and comparison as SQL functions on ``conn`` (see the module docstring)."""

    def pairs(game, from_version, to_version):
        """JSON ``[[from entry, to entry, thread], ...]``: every entry of both versions, paired as the
        site pairs them, for ``game`` or (empty) every game holding both versions."""
        if game:
            games = [game]
        else:
            games = [
                g
                for (g,) in conn.execute(
                    "SELECT DISTINCT game FROM documents WHERE version IN (?, ?) ORDER BY game",
                    (from_version, to_version),
                )
            ]
        return json.dumps(
            [
                [p.from_entry, p.to_entry, p.thread]
                for g in games
                for p in aligned_pairs(conn, g, str(from_version), str(to_version), scored=False)
            ]
        )

    def entry_number(kind, key, number):
        """An entry's rule number: its own, or for a worked example its rule's (from the key)."""
        if number is None and kind == "example" and key:
            m = EXAMPLE_OF_NUMBER.match(key)
            return m.group(1) if m else None
        return number

    conn.create_function("rulebase_pairs", 3, pairs)
    # equal texts are the same without tokenizing them (most of two versions' thousands of rules)
    conn.create_function("rulebase_same_text", 2, lambda a, b: int(a == b or same_text(a, b)), deterministic=True)
    conn.create_function("rulebase_entry_number", 3, entry_number, deterministic=True)
    conn.create_function("rulebase_unlabelled", 2, unlabelled, deterministic=True)


#: Datasette's own error handler, which ours replaces (it prints a ``rich`` traceback per error)
DEFAULT_ERROR_HANDLER = "datasette.handle_exception"


def register_plugin() -> None:
    from datasette.plugins import pm  # heavy (~1 s, loads every installed plugin): only a Datasette being made needs it

    if pm.get_plugin(PLUGIN) is None:
        pm.register(LinksPlugin, name=PLUGIN)
    if pm.get_plugin(DEFAULT_ERROR_HANDLER) is not None:  # every hook runs: the default would still print
        pm.unregister(name=DEFAULT_ERROR_HANDLER)
