"""Errors of the JSON API: always ``{"error": "<one readable line>"}`` with a 4xx status, never an
HTML page or a traceback; an unexpected failure is a JSON 500 that says nothing about the code.

Why a module of its own: every endpoint shares the same failure modes (a bad parameter, an unknown
id, a URL that is not valid UTF-8), and clients (the site's JavaScript, scripts, schemathesis) must
be able to rely on one error shape. :class:`ApiError` is what endpoints raise for bad input.

Paths outside ``/api`` belong to the HTML site: a 404 there is the site's 404 page, other errors
keep Werkzeug's own responses, and a crash is also answered without a traceback.
"""
from __future__ import annotations

import logging
import re
from urllib.parse import unquote_to_bytes

from flask import Blueprint, Flask, Response, jsonify, request
from werkzeug.exceptions import HTTPException

log = logging.getLogger(__name__)

#: C0 controls and DEL, except tab, newline and carriage return (which text queries may contain)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


class ApiError(Exception):
    """Bad input an endpoint found: answered with ``status`` and the message as ``error``."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message = message
        self.status = status


def error_response(message: str, status: int) -> Response:
    response = jsonify({"error": message})
    response.status_code = status
    return response


def _is_api() -> bool:
    return request.path == "/api" or request.path.startswith("/api/")


def _http_error(exc: HTTPException):
    if not _is_api():
        if exc.code == 404:  # an unmatched page URL gets the site's 404 page, with its search box
            from .pages import not_found
            return not_found(exc)
        return exc
    message = _MESSAGES.get(exc.code, exc.description or exc.name)
    response = error_response(message, exc.code or 500)
    if exc.code == 405 and exc.valid_methods:
        response.headers["Allow"] = ", ".join(exc.valid_methods)
    return response


def _api_error(exc: ApiError):
    return error_response(exc.message, exc.status)


def _crash(exc: Exception):
    if isinstance(exc, HTTPException):
        return _http_error(exc)
    log.exception("internal error on %s %s", request.method, request.path)
    if _is_api():
        return error_response("internal error: the request could not be answered", 500)
    return Response("<!doctype html><title>Internal error</title><p>Internal error.</p>", 500,
                    mimetype="text/html")


_MESSAGES = {
    404: "not found: no such endpoint or id (see /api/openapi.json)",
    405: "method not allowed for this endpoint (see /api/openapi.json)",
}


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
    if max_len is not None and len(value) > max_len:
        raise ApiError(f"{name}: at most {max_len} characters (got {len(value)})")
    return value


def init_blueprint(bp: Blueprint) -> None:
    """The API blueprint's own checks and handlers (once, when the blueprint is defined)."""
    bp.before_request(check_encoding)
    bp.register_error_handler(ApiError, _api_error)
    bp.register_error_handler(HTTPException, _http_error)


def init_app(app: Flask) -> None:
    """JSON errors for any URL under /api (unmatched ones included); a JSON 500 as the last resort."""
    app.register_error_handler(ApiError, _api_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _crash)
