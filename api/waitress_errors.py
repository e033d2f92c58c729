"""The answers waitress gives itself, before the app sees a request, in the site's shape and headers.

Why: waitress refuses some requests on its own, as it must: a body whose ``Content-Length`` is
over the limit (413, refused from the headers, the body never read), a request line and headers over
theirs (431), a request it cannot parse (400), a transfer coding it does not know (501), and a
500 should the app itself fail to answer. Its answers were plain text without the security headers
every other response carries (:mod:`api.headers`: CSP, ``nosniff``, ``X-Frame-Options``,
``Referrer-Policy``), and under ``/api``, where every error is ``{"error": "..."}``, not JSON.

How: waitress builds those answers in the error task of the connection's channel
(``HTTPChannel.error_task_class``). :func:`install` gives the servers ``create_server`` made a
channel whose error task answers ``{"error": "..."}`` under ``/api`` and a short HTML page elsewhere,
with the security headers; everything else, the limits included, stays waitress's. Which of the two
is told from the request line as received (its first bytes are kept): for a 431 waitress never
parses the headers, and for a 400 it may not have got to the path.
"""

from __future__ import annotations

import html
import json
from urllib.parse import unquote, urlsplit

from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import BaseWSGIServer
from waitress.task import ErrorTask

from .headers import SECURITY_HEADERS

#: bytes of a request kept to tell its path: a request line's method and the start of its target
_HEAD = 1024
#: characters of waitress's reason for a 400 or 501 kept in the answer
_DETAIL = 200


def _message(task: ErrorTask) -> str:
    error, adj = task.request.error, task.channel.adj
    if error.code == 413:
        length = task.request.content_length
        got = f"{length} bytes, " if length else ""
        return f"request body too large: {got}the limit is {adj.max_request_body_size - 1} bytes"
    if error.code == 431:
        return (
            f"request line and headers too large: the limit is {adj.max_request_header_size - 1} bytes "
            "(send long text in a POST body)"
        )
    if error.code == 500:  # waitress's own text may be a traceback (expose_tracebacks)
        return "internal error: the request could not be answered"
    detail = str(error.body)  # waitress's words, some quoting the request ('Malformed header line "..."')
    if len(detail) > _DETAIL:
        detail = detail[:_DETAIL] + "..."
    return f"{error.reason.lower()}: {detail}"


def _is_api(head: bytes) -> bool:
    """Whether the request whose first bytes are ``head`` is for a URL under ``/api``."""
    line = head.lstrip(b"\r\n").split(b"\n", 1)[0]
    parts = line.split()
    if len(parts) < 2:
        return False
    path = unquote(urlsplit(parts[1].decode("latin-1")).path)
    return path == "/api" or path.startswith("/api/")


class SiteErrorTask(ErrorTask):
    """Waitress's error answer, as JSON under ``/api`` and a short page elsewhere, with our headers."""

    def execute(self) -> None:
        error = self.request.error
        message = _message(self)
        if _is_api(getattr(self.request, "head", b"")):
            body = json.dumps({"error": message}).encode()
            content_type = "application/json"
        else:
            title = html.escape(f"{error.code} {error.reason}")
            body = (
                f"<!doctype html><title>{title}</title><h1>{html.escape(error.reason)}</h1>"
                f"<p>{html.escape(message[:1].upper() + message[1:])}.</p>"
            ).encode()
            content_type = "text/html; charset=utf-8"
        self.status = f"{error.code} {error.reason}"
        self.response_headers.append(("Content-Type", content_type))
        self.response_headers.extend(SECURITY_HEADERS.items())
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


class SiteRequestParser(HTTPRequestParser):
    """Waitress's parser, keeping the first bytes of the request (see :func:`_is_api`)."""

    head = b""

    def received(self, data: bytes) -> int:
        if len(self.head) < _HEAD and not self.completed:
            self.head += data[: _HEAD - len(self.head)]
        return super().received(data)


class SiteChannel(HTTPChannel):
    error_task_class = SiteErrorTask
    parser_class = SiteRequestParser


def install(socket_map: dict) -> None:
    """Have the servers in ``socket_map`` (the ``map`` given to ``waitress.create_server``) answer
    with :class:`SiteChannel`; before they serve, so every connection does."""
    for dispatcher in socket_map.values():
        if isinstance(dispatcher, BaseWSGIServer):
            dispatcher.channel_class = SiteChannel
