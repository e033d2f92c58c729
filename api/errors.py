"""Errors of the JSON API: always ``{"error": "<one readable line>"}`` with a 4xx status, never an
HTML page or a traceback; an unexpected failure is a JSON 500 that says nothing about the code.

Why a module of its own: every endpoint shares the same failure modes (a bad parameter, an unknown
id, a URL that is not valid UTF-8), and clients (the site's JavaScript, scripts, schemathesis) must
be able to rely on one error shape. :class:`ApiError` is what endpoints raise for bad input.

Paths outside ``/api`` belong to the HTML site: a 404 there is the site's 404 page, other errors
keep Werkzeug's own responses, and a crash is also answered without a traceback.

Two failures are not the client's and not a bug either: a KB file deleted or damaged while the site
runs is a 503 saying the knowledge base is unavailable (JSON under ``/api``, a short page elsewhere),
and a string with a lone UTF-16 surrogate (``"\\ud800"`` in a JSON body: valid JSON, but no
character) is refused with a 400 where bodies and text parameters are read, before it can reach
SQLite, which cannot encode it.
"""

from __future__ import annotations

import logging
import re
import sqlite3
from urllib.parse import unquote_to_bytes

from flask import Blueprint, Flask, Response, jsonify, render_template, request
from markupsafe import escape
from werkzeug.exceptions import HTTPException

log = logging.getLogger(__name__)

#: C0 controls and DEL, except tab, newline and carriage return (which text queries may contain)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


class ApiError(Exception):
    """Bad input an endpoint found: answered with ``status`` and the message as ``error``."""

    def __init__(self, message: str, status: int = 400, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.message = message
        self.status = status
        self.headers = headers or {}

    def __reduce__(self):  # raised in a verify worker process, raised again in the request's thread
        return type(self), (self.message, self.status, self.headers)


def error_response(message: str, status: int, headers: dict[str, str] | None = None) -> Response:
    response = jsonify({"error": message})
    response.status_code = status
    response.headers.update(headers or {})
    return response


def _is_api() -> bool:
    return request.path == "/api" or request.path.startswith("/api/")


def not_found_page(exc: HTTPException):
    """The site's 404 page, with its search box and what ``abort(404, description=...)`` said."""
    return render_template("404.html", message=getattr(exc, "description", None)), 404


def http_error(exc: HTTPException):
    """An HTTP error (404, 405 ...): JSON under ``/api``; elsewhere the site's 404 page for a 404,
    Werkzeug's own response for the others."""
    if not _is_api():
        if exc.code == 404:  # an unmatched page URL gets the site's 404 page, with its search box
            return not_found_page(exc)
        return exc
    message = _MESSAGES.get(exc.code, exc.description or exc.name)
    response = error_response(message, exc.code or 500)
    if exc.code == 405 and exc.valid_methods:
        response.headers["Allow"] = ", ".join(exc.valid_methods)
    return response


def _api_error(exc: ApiError):
    return error_response(exc.message, exc.status, exc.headers)


#: SQLite's primary result codes that say the KB file itself cannot be read: missing or not
#: openable, damaged, not a database, an I/O error, locked or busy (a writer holding it)
_KB_FILE_ERRORS = frozenset({3, 5, 6, 10, 11, 14, 26})  # PERM BUSY LOCKED IOERR CORRUPT CANTOPEN NOTADB
#: SQLITE_READONLY_ROLLBACK: a writer killed in the middle of an in-place write left a journal that
#: a read-only connection cannot play back (the next request's connection settles it: kb.hot_journal)
_READONLY_ROLLBACK = 776


def _kb_unavailable(exc: sqlite3.DatabaseError):
    """The KB file went missing or is damaged while the site runs (deleted, truncated, overwritten):
    a 503 that says so, rather than a 500 that blames the code. Any other SQLite error (a query the
    code got wrong) is a crash, answered as one."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is None or code & 0xFF not in _KB_FILE_ERRORS and code != _READONLY_ROLLBACK:
        return _crash(exc)
    log.error("knowledge base unavailable on %s %s: %s", request.method, request.path, exc)
    message = f"the knowledge base is unavailable: {exc}"
    if _is_api():
        return error_response(message, 503)
    return Response(
        f"<!doctype html><title>Knowledge base unavailable</title><h1>Knowledge base unavailable</h1>"
        f"<p>{escape(message[:1].upper() + message[1:])}.</p><p>Try again later.</p>",
        503,
        mimetype="text/html",
    )


def _crash(exc: Exception):
    if isinstance(exc, HTTPException):
        return http_error(exc)
    log.exception("internal error on %s %s", request.method, request.path)
    if _is_api():
        return error_response("internal error: the request could not be answered", 500)
    return Response("<!doctype html><title>Internal error</title><p>Internal error.</p>", 500, mimetype="text/html")


_MESSAGES = {
    404: "not found: no such endpoint or id (see /api/openapi.json)",
    405: "method not allowed for this endpoint (see /api/openapi.json)",
}

#: UTF-16 surrogates: in a decoded JSON string only a lone one ("\\ud800") is left (a pair is
#: decoded to the character it encodes), and a lone one is no character: it cannot be encoded as
#: UTF-8, so SQLite and every other consumer would fail on it
_SURROGATE = re.compile("[\ud800-\udfff]")


def check_encoding() -> None:
    """Refuse a path or query string that is not valid UTF-8 once percent-decoded (Werkzeug would
    otherwise pass it on as replacement characters or raw escapes and search for those)."""
    raw_path = request.environ.get("PATH_INFO", "")
    try:
        raw_path.encode("latin-1").decode("utf-8")
    except UnicodeError:
        raise ApiError("the URL path is not valid UTF-8") from None
    try:
        unquote_to_bytes(request.query_string).decode("utf-8")
    except UnicodeError:
        raise ApiError("the query string is not valid UTF-8") from None


def check_text(name: str, value: str, max_len: int | None = None) -> str:
    """A text parameter without control characters (a query may still hold tabs and newlines)."""
    if _CONTROL.search(value):
        raise ApiError(f"{name}: control characters are not allowed")
    check_no_surrogates(value, name)
    if max_len is not None and len(value) > max_len:
        raise ApiError(f"{name}: at most {max_len} characters (got {len(value)})")
    return value


def check_no_surrogates(value: object, where: str = "request body") -> object:
    """``value`` (decoded JSON: dicts, lists, strings, numbers) when no string in it, key or value,
    holds a lone surrogate; else a 400. Walked with a list, not recursion: JSON nested as deep as
    the decoder allows must not overflow the stack here."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            found = _SURROGATE.search(item)
            if found:
                raise ApiError(
                    f"{where}: a string holds a lone UTF-16 surrogate "
                    f"(\\u{ord(found.group()):04x}), which is no character"
                )
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return value


def init_blueprint(bp: Blueprint) -> None:
    """The API blueprint's own checks and handlers (once, when the blueprint is defined)."""
    bp.before_request(check_encoding)
    bp.register_error_handler(ApiError, _api_error)
    bp.register_error_handler(HTTPException, http_error)


def init_app(app: Flask) -> None:
    """JSON errors for any URL under /api (unmatched ones included); a JSON 500 as the last resort."""
    app.register_error_handler(ApiError, _api_error)
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(sqlite3.DatabaseError, _kb_unavailable)
    app.register_error_handler(Exception, _crash)
