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

A redirect's ``Location`` is a path on this site, never an absolute URL: Werkzeug builds the URLs of
its own redirects (``/static//x`` to ``/static/x``, ``/api//search`` to ``/api/search``) from the
request's ``Host`` header, which the client chooses, so an attacker's host ended up in the redirect
(cache poisoning behind a proxy that does not check ``Host``). The site redirects only within itself,
so :func:`relative_location` keeps the path, query and fragment (a relative ``Location`` is valid
HTTP, RFC 9110) and drops the scheme and host.

These headers are on the answers the app makes; waitress's own refusals (413, 431, 400) get them from
:mod:`api.waitress_errors`.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from flask import Flask, Response
from flask.globals import request_ctx
from werkzeug.utils import redirect

#: pages render nothing from elsewhere: no CDN, no inline script, no external fetch
CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
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


def relative_location(response: Response) -> Response:
    """``Location`` without scheme and host: ``http://evil.example/static/x`` is ``/static/x``. A path
    that would then start with ``//`` (a scheme-relative URL, another host again) keeps one slash.
    A redirect's page (Werkzeug's "You should be redirected automatically to ...") links to the
    same relative URL."""
    location = response.headers.get("Location")
    if not location:
        return response
    parts = urlsplit(location)
    if parts.scheme or parts.netloc or location.startswith(("//", "/\\")):
        path = "/" + parts.path.lstrip("/\\")
        relative = urlunsplit(("", "", path, parts.query, parts.fragment))
        response.headers["Location"] = relative
        if 300 <= response.status_code < 400:
            response.set_data(redirect(relative, response.status_code).get_data())
    return response


def options_response() -> Response:
    """The answer to ``OPTIONS`` on a URL the app routes: 204, ``Allow``: what the URL takes."""
    response = Response(status=204)
    response.allow.update(request_ctx.url_adapter.allowed_methods())
    response.headers.pop("Content-Type", None)
    return response


def init_app(app: Flask) -> None:
    app.after_request(security_headers)
    app.after_request(relative_location)
