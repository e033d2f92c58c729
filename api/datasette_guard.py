"""``rulebase datasette`` over a KB that is replaced while it runs, and open to clients that may be
hostile: it follows the file, answers only reads, and bounds arbitrary SQL.

Why each part:

- **Following the file.** The KB at its path is never written in place: a build or an ingest renames
  a new file in (``rulebase/kb_files.py``). Datasette keeps one connection per thread for the life
  of the process, so it went on reading the file it first opened (and, served immutable, a KB
  written in place under it answered "database disk image is malformed" for good).
  :class:`FollowingDatabase` is Datasette's ``Database`` that notices (one ``stat`` a query) when
  another file is at the path and opens that one from the next query on, dropping what it cached of
  the old one (table counts); it reads the file with ``mode=ro``, so even a KB written in place by
  something else is read consistently. Metadata (descriptions, licence notes) comes from the schema
  and the sources, not from the KB's rows, and stays.
- **Reads only.** Every canned query of the KB is read-only, and Datasette 0.65 answered a POST to
  one with a 500 (it returns a tuple where a response is expected). Every method other than GET,
  HEAD and OPTIONS under the database's URLs is a 405 with ``Allow``.
- **Arbitrary SQL.** A client may send any SQL (``?sql=``, or ``?_where=`` on a table), each query
  stopped at its time limit (the guard sets Datasette's ``_timelimit`` on such a request to
  ``custom_sql_time_limit_ms``, below the limit of the site's own queries) but holding one of its
  few SQL threads meanwhile: six clients sending a one-second recursive query made ``/kb/games.json`` take 25 s.
  At most ``custom_sql_at_once`` such requests run at once (default 1, with Datasette's SQL threads
  one more than that, so table pages and canned queries always find a free thread); one more is
  answered with a 429 and ``Retry-After`` after that many seconds (held, not queued: see
  :class:`Guard`). ``rulebase datasette --public`` turns arbitrary
  SQL off altogether (Datasette's own ``default_allow_sql`` setting).
- **Errors cost what they are worth.** Datasette 0.65 prints every error it answers, a client's 400
  or 404 included, as a ``rich`` traceback with every frame's locals when ``rich`` is installed (it
  is, for the tests): 2.7 s of CPU for one "query took too long", during which the server answered
  nothing else. :func:`error_response` answers the same JSON or page without printing a client's
  error, and prints a plain traceback for a server error.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import traceback
from urllib.parse import parse_qsl, urlencode

from datasette import Response
from datasette.database import Database
from datasette.utils.asgi import Base400
from markupsafe import Markup

from kb.hot_journal import connect_read_only

#: query-string parameters that carry a client's own SQL (a query, or a table view's WHERE clause)
SQL_PARAMETERS = frozenset({"sql", "_where"})
#: methods a read-only Datasette answers
READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: seconds a client refused for arbitrary SQL is told to wait: about Datasette's default time limit
RETRY_AFTER = 1

_local = threading.local()


def _identity(path: str) -> tuple | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


class FollowingDatabase(Database):
    """Datasette's database, reading whichever file is at ``path`` now (see the module docstring)."""

    def __init__(self, ds, path: str):
        super().__init__(ds, path=path, is_mutable=True)
        self._seen = _identity(path)
        self._generation = 0
        self._lock = threading.Lock()

    def _follow(self) -> int:
        identity = _identity(self.path)
        if identity != self._seen:
            with self._lock:
                if identity != self._seen:
                    self._seen = identity
                    self._generation += 1
                    self._cached_table_counts = None
                    self.cached_size = None
        return self._generation

    def connect(self, write=False):
        if write:
            raise PermissionError("the KB is served read-only")
        return connect_read_only(self.path, check_same_thread=False)

    async def execute_fn(self, fn):
        generation = self._follow()
        if self.ds.executor is None:  # Datasette without threads: one connection, reopened on change
            if self._read_connection is None or getattr(self, "_read_generation", None) != generation:
                if self._read_connection is not None:
                    self._read_connection.close()
                self._read_connection = self.connect()
                self._read_generation = generation
                self.ds._prepare_connection(self._read_connection, self.name)
            return fn(self._read_connection)

        def in_thread():
            held = getattr(_local, "held", {})
            _local.held = held
            kept = held.get(self.name)
            if kept is None or kept[0] != generation:
                if kept is not None:
                    kept[1].close()
                conn = self.connect()
                self.ds._prepare_connection(conn, self.name)
                kept = held[self.name] = (generation, conn)
            return fn(kept[1])

        return await asyncio.get_running_loop().run_in_executor(self.ds.executor, in_thread)


class Guard:
    """ASGI middleware in front of Datasette: reads only, and a cap on arbitrary SQL at once."""

    def __init__(self, app, database: str, sql_at_once: int, time_limit_ms: int = 1000):
        self.app, self.prefix = app, f"/{database}"
        self.sql_at_once, self.time_limit_ms = sql_at_once, time_limit_ms
        self.running = 0
        self._lock = threading.Lock()

    def _ours(self, path: str) -> bool:
        return path == self.prefix or path.startswith((self.prefix + "/", self.prefix + "."))

    async def __call__(self, scope, receive, send):
        if scope.get("type") != "http" or not self._ours(scope.get("path", "")):
            return await self.app(scope, receive, send)
        if scope.get("method", "GET") not in READ_METHODS:
            return await _answer(
                send, scope, 405, "the knowledge base is read-only: only GET and HEAD", {"allow": "GET, HEAD, OPTIONS"}
            )
        pairs = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        if not {k for k, _ in pairs} & SQL_PARAMETERS:
            return await self.app(scope, receive, send)
        scope = {**scope, "query_string": self._time_limited(pairs)}
        with self._lock:
            admitted = self.running < self.sql_at_once
            if admitted:
                self.running += 1
        if not admitted:
            # held for as long as the client is told to wait before it gets its 429: a client that
            # asks again at once (a loop ignoring Retry-After) is slowed to one refusal a second per
            # connection. Refusing at once, five such clients cost the server ~500 answers a second and
            # a table page 4-8 times its time; a sleeping coroutine costs nothing
            await asyncio.sleep(RETRY_AFTER)
            return await _answer(
                send,
                scope,
                429,
                f"as many queries of your own SQL are running as this server "
                f"takes at once ({self.sql_at_once}); try again in {RETRY_AFTER} s",
                {"retry-after": str(RETRY_AFTER)},
            )
        try:
            return await self.app(scope, receive, send)
        finally:
            with self._lock:
                self.running -= 1

    def _time_limited(self, pairs: list[tuple[str, str]]) -> bytes:
        """The query string with ``_timelimit`` at most the client's own SQL's limit."""
        asked = [v for k, v in pairs if k == "_timelimit"]
        limit = self.time_limit_ms
        if asked and asked[-1].isdigit() and 0 < int(asked[-1]) < limit:
            limit = int(asked[-1])
        kept = [(k, v) for k, v in pairs if k != "_timelimit"] + [("_timelimit", str(limit))]
        return urlencode(kept).encode("latin-1")


async def _answer(send, scope, status: int, message: str, headers: dict[str, str]) -> None:
    """A short answer: JSON when the URL asks for JSON, text otherwise."""
    as_json = scope.get("path", "").endswith(".json")
    body = (json.dumps({"ok": False, "error": message, "status": status}) if as_json else message + "\n").encode()
    kind = "application/json" if as_json else "text/plain; charset=utf-8"
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", kind.encode()),
                (b"content-length", str(len(body)).encode()),
                *((k.encode(), v.encode()) for k, v in headers.items()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def error_response(datasette, request, exception):
    """What Datasette answers for ``exception`` (its ``error.html`` page, or JSON for a ``.json`` URL),
    without printing anything for a client's error (see the module docstring)."""
    from datasette.views.base import DatasetteError  # heavy (~1 s): the site imports this module for its row links

    title = None
    if isinstance(exception, Base400):
        status, info, message = exception.status, {}, exception.args[0] if exception.args else ""
    elif isinstance(exception, DatasetteError):
        status, info, message, title = (
            exception.status,
            dict(exception.error_dict or {}),
            exception.message,
            exception.title,
        )
        if exception.message_is_html:
            message = Markup(message)
    else:
        status, info, message = 500, {}, str(exception)
        traceback.print_exception(exception)
    info.update({"ok": False, "error": message, "status": status, "title": title})
    if request.path.endswith(".json"):
        return Response.json(info, status=status)
    template = datasette.jinja_env.select_template([f"{status}.html", "error.html"])
    page = await template.render_async(
        dict(info, urls=datasette.urls, app_css_hash=datasette.app_css_hash(), menu_links=lambda: [])
    )
    return Response.html(page, status=status)
