"""``POST /api/kotc/check``: the Keeper of the Cards card legality checker over HTTP.

Why a blueprint of its own: the checker takes a JSON body (a card text can be several paragraphs,
too long and too structured for a query string), so its input checks differ from the GET
endpoints of :mod:`api.json_api`: a bounded body, the ``KotcCheckRequest`` schema of
``api/openapi.json`` (the same document schemathesis fuzzes), then the text's own checks. Every
refusal is a 400 naming the field (:mod:`api.errors`); the answer is :func:`kb.kotc_check.check`'s.
"""

from __future__ import annotations

from flask import Blueprint, jsonify

from kb.kotc_check import check

from .db import get_conn
from .errors import ApiError, check_text, init_blueprint
from .params import json_body, params as _params
from .schema_check import SchemaViolation, check as check_schema
from .spec import component_schemas

bp = Blueprint("kotc_api", __name__)
init_blueprint(bp)

MAX_BODY = 64 * 1024  #: bytes of a request body
MAX_TEXT = 10_000  #: characters of a card text (the schema's maxLength)


def _body() -> object:
    return json_body(MAX_BODY, 'send {"text": "...", "edition": N or null} as JSON in the request body')


def checked_input(text: object, edition: object) -> tuple[str, int | None]:
    """The card text and edition once they pass the checks the page shares with the API."""
    if not isinstance(text, str) or not text.strip():
        raise ApiError("text: give the card's ability text")
    check_text("text", text, MAX_TEXT)
    return text, edition


@bp.post("/kotc/check")
def kotc_check():
    _params(set())
    body = _body()
    try:
        check_schema(body, {"$ref": "#/components/schemas/KotcCheckRequest"}, component_schemas())
    except SchemaViolation as exc:
        raise ApiError(f"invalid request: {exc}") from None
    text, edition = checked_input(body["text"], body.get("edition"))
    try:
        return jsonify(check(get_conn(), text, edition))
    except ValueError as exc:
        raise ApiError(str(exc)) from None
