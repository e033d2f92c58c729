"""How large a request the site takes (query string, headers, body), for the app and for waitress.

Why one place for both: waitress reads a whole request (the request line, the headers, the body)
before the app sees any of it, and its defaults are far beyond anything the site takes (256 KiB of
headers, a 1 GiB body, spooled to a temporary file). A 300 MB body was received in full to be
refused with a 413 afterwards. ``rulebase serve`` therefore sets waitress's limits from the ones
here, which are derived from what the endpoints accept:

- body: the largest any endpoint takes (:func:`max_body_size`): a verify scenario
  (``VERIFY_MAX_BODY``), a card text for the Keeper of the Cards checker, as JSON or as the check
  page's form; a larger one is refused by waitress as soon as its ``Content-Length`` is read.
- query string: at most :data:`MAX_QUERY_STRING` bytes, checked by the app itself (a JSON 414 under
  ``/api``, Werkzeug's 414 page elsewhere); waitress's header limit (:func:`max_header_size`) leaves
  room above it, so an over-long query string gets the app's answer, not waitress's. A request whose
  headers exceed even that is refused by waitress with a 431 (no traceback; JSON under ``/api``, with
  the security headers: :mod:`api.waitress_errors`): the app cannot answer a request waitress would
  have to hold in memory first, and a larger header limit would only let every open connection hold
  that much.
"""

from __future__ import annotations

from flask import Flask, current_app, request
from werkzeug.exceptions import RequestURITooLarge

from .kotc import MAX_BODY as KOTC_BODY, MAX_TEXT
from .verify import MAX_BODY as VERIFY_BODY

#: bytes of a query string: a search, a filter, a card text linked to the check page (GET
#: ``/kotc/check?text=``) of a few thousand characters; a longer text is sent as a POST
MAX_QUERY_STRING = 32 * 1024
#: bytes of headers beyond the query string: browsers send 1-2 KiB, and the site sets no cookies
HEADER_ROOM = 32 * 1024
#: the most bytes one character takes in a form body: 4 bytes of UTF-8, each percent-encoded
_FORM_BYTES_PER_CHAR = 12
#: a form's field names, separators and small fields (the checker's edition) besides its text
_FORM_ROOM = 4096


def max_header_size() -> int:
    """Bytes of the request line and headers waitress takes (its ``max_request_header_size``)."""
    return MAX_QUERY_STRING + HEADER_ROOM


def max_body_size(app: Flask) -> int:
    """Bytes of the largest body any endpoint accepts (waitress's ``max_request_body_size``)."""
    return max(app.config.get("VERIFY_MAX_BODY", VERIFY_BODY), KOTC_BODY, MAX_TEXT * _FORM_BYTES_PER_CHAR + _FORM_ROOM)


def check_query_length() -> None:
    limit = current_app.config.get("MAX_QUERY_STRING", MAX_QUERY_STRING)
    if len(request.query_string) > limit:
        raise RequestURITooLarge(
            description=f"the query string is too long: {len(request.query_string)} bytes, "
            f"the limit is {limit} (send long text in a POST body)"
        )


def init_app(app: Flask) -> None:
    app.before_request(check_query_length)
