"""The changelog and ruling-thread endpoints of the JSON API: ``/api/diff`` and ``/api/threads/<thread>``.

Why a blueprint of its own: :mod:`api.json_api` holds the search, entry, card and verify endpoints
and is long enough; these two answer a different question (what changed between versions) and
share their checks with the changelog page through :mod:`api.changes`. Both are documented in
``api/openapi.json`` like the rest, with the same JSON errors (:mod:`api.errors`).

The widest changelog (Magic 2003-03-15 -> 2025-11-14) is 2.7 MB of JSON, so ``/api/diff`` can be
paged: with ``limit`` (and ``offset``) every list of the changelog is cut to the same window, the
rest of it (counts, versions) is the whole's, and ``page`` says the totals and the next offset; the
pages together hold exactly the lists of the whole. Without them the answer is the whole changelog,
as it always was. Both are computed once per state of the KB (:mod:`kb.changes_cache`) and kept
compressed (:mod:`api.expensive`).
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, jsonify


from .changes import comparison, kept_changelog, thread_view
from .db import get_conn
from .errors import init_blueprint
from .expensive import expensive
from .workers import run_in_worker
from .params import integer, params, text_filter

bp = Blueprint("json_diff", __name__)
init_blueprint(bp)


@bp.get("/diff")
@expensive
def diff():
    """The changelog between two versions of a game (any two, either order), as ``rulebase diff --json``."""
    args = params({"game", "from", "to", "kind", "limit", "offset"})
    conn = get_conn()
    c = comparison(conn, *(text_filter(args, name) for name in ("game", "from", "to", "kind")))
    if "limit" in args or "offset" in args:
        window = (integer(args, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT), integer(args, "offset", 0, 0, MAX_OFFSET))
        body = run_in_worker("changelog_page_json", c.game, c.from_version, c.to_version, c.kind, *window)
    else:
        body = run_in_worker("changelog_json", c.game, c.from_version, c.to_version, c.kind)
    return Response(body, mimetype="application/json")


#: the lists of a changelog a page cuts (the rest of it is the same on every page)
PAGED = ("ruling_changes", "terminology", "renamed", "renumbered", "changed", "added", "removed", "needs_review")
DEFAULT_LIMIT, MAX_LIMIT, MAX_OFFSET = 100, 1000, 1_000_000


def _encoded(value: dict) -> bytes:
    """JSON as Flask's ``jsonify`` writes it (sorted keys, compact), byte for byte."""
    return (json.dumps(value, ensure_ascii=True, sort_keys=True, separators=(",", ":")) + "\n").encode()


def page_of(log: dict, limit: int, offset: int) -> dict:
    """``log`` with each of its lists (:data:`PAGED`) cut to ``[offset, offset + limit)``, and
    ``page``: the window, each list's whole length and the offset of the next page (None after the
    last: no list has more)."""
    totals = {name: len(log.get(name) or []) for name in PAGED}
    out = {k: v for k, v in log.items() if k not in PAGED}
    out.update({name: (log.get(name) or [])[offset : offset + limit] for name in PAGED if name in log})
    more = any(n > offset + limit for n in totals.values())
    out["page"] = {"offset": offset, "limit": limit, "totals": totals, "next_offset": offset + limit if more else None}
    return out


def changelog_json(conn, game: str, from_version: str, to_version: str, kind: str | None) -> bytes:
    """The changelog as the JSON ``/api/diff`` answers (Flask's ``jsonify`` of it, byte for byte),
    made in a worker process (:mod:`api.workers`): 2.7 MB for the widest Magic one, whose encoding
    alone held the interpreter lock for 90 ms."""
    return _encoded(kept_changelog(conn, game, from_version, to_version, kind))


def changelog_page_json(
    conn, game: str, from_version: str, to_version: str, kind: str | None, limit: int, offset: int
) -> bytes:
    """One page of the changelog (:func:`page_of`) as JSON, made in a worker process."""
    return _encoded(page_of(kept_changelog(conn, game, from_version, to_version, kind), limit, offset))


@bp.get("/threads/<path:thread>")
def thread(thread: str):
    """One ruling thread across every version of its game, each step with its word diff."""
    params(set())
    return jsonify(thread_view(get_conn(), thread))
