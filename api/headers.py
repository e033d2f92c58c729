"""Security headers on every response the app makes, and a proper answer to ``OPTIONS``.

Why app-wide: set per blueprint, the headers missed every response no page view makes: the 404 for
an unknown URL, a 405 page, ``/static/*`` and the whole JSON API. Set here in the app's
``after_request``, they are on pages, errors, static files and JSON alike (a view may still set its
own; these are defaults):

- ``Content-Security-Policy``: the pages use nothing from elsewhere (no CDN, no inline script, no
  external fetch), so nothing else may run; ``frame-ancestors 'none'`` and ``X-Frame-Options: DENY``
  (for browsers without CSP) keep the site out of other sites' frames (clickjacking);
- ``X-Content-Type-Options: nosniff``: a JSON answer or a static file is never read as HTML or script;
- ``Referrer-Policy: same-origin``: searches (the query is in the URL) are not sent to other sites.

``OPTIONS`` on a URL the site serves is a 204 with the ``Allow`` header and no body (Flask's default
was an empty ``text/html`` 200); on an unknown URL it is the usual 404.
"""
from __future__ import annotations

from flask import Flask, Response
from flask.globals import request_ctx

#: pages render nothing from elsewhere: no CDN, no inline script, no external fetch
CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
       "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}


def security_headers(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def options_response() -> Response:
    """The answer to ``OPTIONS`` on a URL the app routes: 204, ``Allow``: what the URL takes."""
    response = Response(status=204)
    response.allow.update(request_ctx.url_adapter.allowed_methods())
    response.headers.pop("Content-Type", None)
    return response


def init_app(app: Flask) -> None:
    app.after_request(security_headers)
