"""Where ``rulebase datasette`` opens: a table's default view, and a canned query's example.

Datasette 0.65 opens a table on all its rows in id order (the entries table: 322,000 rows of every
version, Keeper of the Cards' fiction first, 4.3 s on the full KB) and a canned query on empty
parameters ("0 results"). It has no setting for a table's default filter or a query's default
values, so this ASGI wrapper answers the bare address of such a page (no query string) with a
redirect to the view ``api/datasette_metadata.yaml`` names for it:

- a table's ``default_views`` entry: its filters, its columns, and ``latest: true`` for the rows of
  the latest document of each game (looked up on each request: a rebuilt KB numbers its documents
  anew);
- a canned query's ``examples``: a value for each of its parameters that returns rows.

Any query string (a filter, ``_sort``, a query's own parameters, ``?_sort=id`` for every row) is
served as asked; the JSON and CSV addresses are never redirected, so scripts get Datasette's own
answers.
"""

from __future__ import annotations

from urllib.parse import quote, urlencode

from datasette.utils import tilde_encode

#: the documents of each game's latest version (version_sort orders a game's versions)
LATEST_DOCUMENTS = """SELECT id FROM documents d
WHERE version_sort = (SELECT max(version_sort) FROM documents WHERE game = d.game) ORDER BY game"""


async def default_view(datasette, database: str, view: dict) -> list[tuple[str, str]]:
    """The query-string pairs of a table's default view (see the module docstring)."""
    pairs: list[tuple[str, str]] = []
    if view.get("latest"):
        rows = await datasette.get_database(database).execute(LATEST_DOCUMENTS)
        pairs.append(("document__in", ",".join(str(r[0]) for r in rows)))
    pairs += [(str(k), str(v)) for k, v in (view.get("filters") or {}).items()]
    pairs += [("_col", c) for c in view.get("columns") or ()]
    if view.get("sort"):
        pairs.append(("_sort", view["sort"]))
    return pairs


class FrontDoor:
    """The wrapper: ``views`` {table: default view}, ``examples`` {query: {parameter: value}}."""

    def __init__(self, app, datasette, database: str, views: dict, examples: dict):
        self.app, self.datasette, self.database = app, datasette, database
        self.views, self.examples = views or {}, examples or {}

    async def __call__(self, scope, receive, send):
        target = await self._target(scope) if scope["type"] == "http" else None
        if target is None:
            return await self.app(scope, receive, send)
        await send({"type": "http.response.start", "status": 302, "headers": [(b"location", target.encode())]})
        await send({"type": "http.response.body", "body": b""})

    async def _target(self, scope) -> str | None:
        if scope.get("method") not in ("GET", "HEAD") or scope.get("query_string"):
            return None
        prefix = f"/{self.database}/"
        path = scope.get("path", "")
        if not path.startswith(prefix):
            return None
        name = path[len(prefix) :]
        if name in self.views:
            pairs = await default_view(self.datasette, self.database, self.views[name])
        elif name in self.examples:
            pairs = list(self.examples[name].items())
        else:
            return None
        query = urlencode(pairs, safe=",", quote_via=quote)  # "document__in=1,5,118" as typed
        return f"{prefix}{tilde_encode(name)}?{query}"
