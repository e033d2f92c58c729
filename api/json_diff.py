"""The changelog and ruling-thread endpoints of the JSON API: ``/api/diff`` and ``/api/threads/<thread>``.

Why a blueprint of its own: :mod:`api.json_api` holds the search, entry, card and verify endpoints
and is long enough; these two answer a different question (what changed between versions) and
share their checks with the changelog page through :mod:`api.changes`. Both are documented in
``api/openapi.json`` like the rest, with the same JSON errors (:mod:`api.errors`).
"""
from __future__ import annotations

from flask import Blueprint, jsonify

from kb.changelog import changelog

from .changes import comparison, thread_view
from .db import get_conn
from .errors import init_blueprint
from .expensive import expensive
from .params import params, text_filter

bp = Blueprint("json_diff", __name__)
init_blueprint(bp)


@bp.get("/diff")
@expensive
def diff():
    """The changelog between two versions of a game (any two, either order), as ``rulebase diff --json``."""
    args = params({"game", "from", "to", "kind"})
    conn = get_conn()
    c = comparison(conn, *(text_filter(args, name) for name in ("game", "from", "to", "kind")))
    return jsonify(changelog(conn, c.game, c.from_version, c.to_version, c.kind))


@bp.get("/threads/<path:thread>")
def thread(thread: str):
    """One ruling thread across every version of its game, each step with its word diff."""
    params(set())
    return jsonify(thread_view(get_conn(), thread))
