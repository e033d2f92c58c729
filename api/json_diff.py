"""The changelog and ruling-thread endpoints of the JSON API: ``/api/diff`` and ``/api/threads/<thread>``.

Why a blueprint of its own: :mod:`api.json_api` holds the search, entry, card and verify endpoints
and is long enough; these two answer a different question (what changed between versions) and
share their checks with the changelog page through :mod:`api.changes`. Both are documented in
``api/openapi.json`` like the rest, with the same JSON errors (:mod:`api.errors`).
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, jsonify


from .changes import comparison, kept_changelog, thread_view
from .db import get_conn
from .errors import init_blueprint
from .expensive import expensive
from .workers import run_in_worker
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
    return Response(
        run_in_worker("changelog_json", c.game, c.from_version, c.to_version, c.kind), mimetype="application/json"
    )


def changelog_json(conn, game: str, from_version: str, to_version: str, kind: str | None) -> bytes:
    """The changelog as the JSON ``/api/diff`` answers (Flask's ``jsonify`` of it, byte for byte),
    made in a worker process (:mod:`api.workers`): 2.7 MB for the widest Magic one, whose encoding
    alone held the interpreter lock for 90 ms."""
    return (
        json.dumps(
            kept_changelog(conn, game, from_version, to_version, kind),
            ensure_ascii=True,
            sort_keys=True,
            separators=(",", ":"),
        )
        + "\n"
    ).encode()


@bp.get("/threads/<path:thread>")
def thread(thread: str):
    """One ruling thread across every version of its game, each step with its word diff."""
    params(set())
    return jsonify(thread_view(get_conn(), thread))
