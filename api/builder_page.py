"""The board builder page, ``/builder``: a judge builds a KeyForge board, lists actions, runs them in
the engine, answers each decision as the engine asks it, and reads the result under one version or
every one (issue 26).

Why the server renders only the frame: what the page offers before any script runs comes from the
KB (the game's rulebook versions, latest last and preselected; the houses its cards belong to), so a
new version or set needs no change here. Everything a judge edits lives in the browser
(``site/static/builder*.js``, an Alpine.js component) and in the page's URL, so the question can be
pasted in a chat and reopened anywhere; the engine is reached through the JSON API
(``POST /api/play`` and its siblings, ``api.play``), never from this view.

``?card=NAME`` prefills the card search (the card page's "Ask the engine about this card"),
``?ruling=ID`` loads a bundled scenario (the verify panel's "Open in builder"), ``?q=`` is the
state the page itself writes.
"""

from __future__ import annotations

from flask import Blueprint, render_template, request

from .db import get_conn

bp = Blueprint("builder_page", __name__)

#: the game the builder plays (the engine's only executable game with a board)
GAME = "keyforge"


def _versions(conn) -> list[str]:
    """The game's rulebook versions in the KB, oldest first."""
    return [
        v for (v,) in conn.execute("SELECT version FROM documents WHERE game = ? ORDER BY version_sort, id", (GAME,))
    ]


def _houses(conn) -> list[str]:
    """The houses the KB's cards belong to, for the active house picker."""
    return [h for (h,) in conn.execute("SELECT DISTINCT house FROM cards WHERE house IS NOT NULL ORDER BY house")]


@bp.get("/builder")
def builder():
    conn = get_conn()
    versions = list(dict.fromkeys(_versions(conn)))
    return render_template(
        "builder.html",
        versions=versions,
        latest=versions[-1] if versions else "",
        houses=_houses(conn),
        card=request.args.get("card", "")[:100],
    )
