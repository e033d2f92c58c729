"""The JSON API under /api (documented in api/openapi.json, served at /api/openapi.json).

Why thin: every answer comes from one function of ``kb`` (search, entry, card and version views)
or of :mod:`api.verify`, which the HTML pages use too; this module only checks parameters and
turns bad ones into a 400 that names them (see :mod:`api.errors`). Filters are checked by the
search against what the KB holds (its games, versions and kinds), so a typo such as
``game=keyforg`` says what exists instead of returning nothing; an unknown parameter
(``versoin=1.3``) is refused for the same reason rather than silently ignored.
"""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from kb.card_detail import card_detail
from kb.entry_detail import entry_detail
from kb.rule_numbers import RuleNotFound, find_rule
from kb.search import QueryError, find_cards, search as kb_search
from kb.versions_overview import versions_overview

from . import verify
from .db import get_conn
from .errors import ApiError, init_blueprint
from .playable import playability
from .params import MAX_FILTER_LEN, flag as _flag, integer as _int, params as _params, text_filter as _filter
from .spec import openapi

bp = Blueprint("json_api", __name__)
init_blueprint(bp)

MAX_LIMIT = 100  #: results per page of /api/search
MAX_OFFSET = 10_000  #: how deep /api/search pages
MAX_CARD_LIMIT = 50  #: results of /api/cards?name=


@bp.get("/search")
def search():
    args = _params({"q", "game", "version", "kind", "category", "all", "limit", "offset"})
    filters = {name: _filter(args, name) for name in ("game", "version", "kind", "category")}
    limit = _int(args, "limit", 10, 1, MAX_LIMIT)
    offset = _int(args, "offset", 0, 0, MAX_OFFSET)
    try:
        result = kb_search(
            get_conn(), args.get("q", ""), all_versions=_flag(args, "all"), limit=limit, offset=offset, **filters
        )
    except QueryError as exc:
        raise ApiError(str(exc)) from None
    return jsonify(result.as_dict())


@bp.get("/entries/<entry_id>")
def entry(entry_id: str):
    _params(set())
    digits = entry_id.isascii() and entry_id.isdigit() and len(entry_id) <= 18
    found = entry_detail(get_conn(), int(entry_id)) if digits else None
    if found is None:
        raise ApiError(f"no entry with id {entry_id[:40]!r}", 404)
    return jsonify(found)


@bp.get("/rules/<game>/<number>")
def rule(game: str, number: str):
    """A numbered rule by its number in one version (``version=``; the game's latest by default):
    the same data as /api/entries/<id>. The number is a key only within a version: 702.15 of one
    release may be 702.16 of the next (its ``history`` follows it by content)."""
    args = _params({"version"})
    version = _filter(args, "version")
    if len(game) > MAX_FILTER_LEN or len(number) > MAX_FILTER_LEN:
        raise ApiError("game and rule number: at most 200 characters", 404)
    try:
        entry_id = find_rule(get_conn(), game, number, version)
    except RuleNotFound as exc:
        raise ApiError(str(exc), 404) from None
    return jsonify(entry_detail(get_conn(), entry_id))


@bp.get("/cards/<set_code>/<number>")
def card(set_code: str, number: str):
    _params(set())
    found = None
    if len(set_code) <= MAX_FILTER_LEN and len(number) <= MAX_FILTER_LEN:
        found = card_detail(get_conn(), set_code, number)
    if found is None:
        raise ApiError(
            f"no card {set_code[:40]!r} {number[:40]!r} (cards are /api/cards/<set>/<number>, "
            "e.g. /api/cards/CotA/001)",
            404,
        )
    return jsonify(found)


@bp.get("/cards")
def cards():
    args = _params({"name", "limit"})
    if "name" not in args:
        raise ApiError("give a card name: /api/cards?name=...")
    limit = _int(args, "limit", 10, 1, MAX_CARD_LIMIT)
    hits = find_cards(get_conn(), args["name"], limit=limit)
    kb_path = current_app.config["KB_PATH"]
    results = [{**h, **playability(kb_path, h["name"], h["text"], h["type"])} for h in (hit.as_dict() for hit in hits)]
    return jsonify({"query": args["name"], "results": results})


@bp.get("/versions")
def versions():
    _params(set())
    return jsonify(versions_overview(get_conn()))


@bp.post("/rulings/<ruling_id>/verify")
def verify_ruling(ruling_id: str):
    args = _params({"version"})
    version = _filter(args, "version")
    return jsonify(verify.verify_ruling(ruling_id, version))


@bp.post("/verify")
def verify_scenario():
    args = _params({"version"})
    return jsonify(verify.verify_posted(_filter(args, "version")))


@bp.get("/openapi.json")
def openapi_document():
    return jsonify(openapi())
