"""A whole release on one page, for reading: ``/read/<game>/<version>`` (``/read/<game>``: the latest).

Why: judges read the Magic Comprehensive Rules as one hyperlinked document per release (Yawgatog's
convention): Ctrl-F over the whole text, a URL that points at one rule (``#702.19b``), and every
"see rule 702.2" a link. The site otherwise shows one entry per page. So this page renders every
entry of one document in its order, as plain text in the DOM (no lazy loading, nothing fetched
after the page: the browser's find works on all of it), each numbered rule with an anchor named by
its number and its number a link to that anchor, each rule number the text cites linked to its
anchor when the release holds it (:func:`kb.rule_numbers.split_refs`, the site's one way of finding
them), and entries without numbers (KeyForge's rulebooks, glossaries, FAQ) anchored by their key.

One page, not one per section: the latest CR (4,268 entries, 0.9 MB of text) renders to 2.3 MB of
HTML, about 0.3 MB compressed; measured figures are in docs/api.md. The page depends only on the KB,
so it is kept per KB state and compressed once (:func:`api.expensive.expensive`): only the first
request for a release after a build pays for rendering it.
"""

from __future__ import annotations

import json

from flask import Blueprint, abort, redirect, render_template, request, url_for

from kb.changelog import unlabelled
from kb.rule_numbers import canonical, document_of, is_rule_number, number_of

from .db import get_conn
from .expensive import expensive

bp = Blueprint("release_page", __name__)

#: a numbered rule at or above this depth is a heading (the CR: 1 a section, 2 a rule like "702")
HEADING_LEVELS = 2


def release(conn, game: str, version: str | None) -> dict | None:
    """Everything the page shows for ``game`` at ``version`` (the latest when None), or None."""
    doc = document_of(conn, game, version)
    if doc is None:
        return None
    doc_id, version = doc
    title, date, game_name = conn.execute(
        "SELECT d.title, d.date, g.name FROM documents d JOIN games g ON g.id = d.game WHERE d.id = ?", (doc_id,)
    ).fetchone()
    versions = [
        v for (v,) in conn.execute("SELECT version FROM documents WHERE game = ? ORDER BY version_sort", (game,))
    ]
    entries = []
    for kind, key, heading, question, body, level, data in conn.execute(
        "SELECT kind, key, title, question, body, level, data FROM entries WHERE document = ? ORDER BY ordinal",
        (doc_id,),
    ):
        number = number_of(data) if kind == "rule" else None
        # the numbers the ingester found cited in the entry (data.refs), each linked below when the
        # release holds it: the text is searched for those few, not for the release's thousands
        refs = [canonical(r) for r in _refs(data) if is_rule_number(r)]
        entries.append(
            {
                "kind": kind,
                "anchor": number or key,
                "number": number,
                "heading": unlabelled(heading, number) if number else heading,
                "question": question,
                "body": body,
                # a section or a rule that heads subrules (the CR's "7." and "702."): a heading
                "depth": level if number and level and level <= HEADING_LEVELS else None,
                "refs": refs,
            }
        )
    numbers = {e["number"] for e in entries if e["number"]}
    for e in entries:
        e["links"] = {n: f"#{n}" for n in e.pop("refs") if n in numbers}
    at = versions.index(version)
    return {
        "game": game,
        "game_name": game_name,
        "version": version,
        "title": title,
        "date": date,
        "versions": versions,
        "previous": versions[at - 1] if at else None,
        "next": versions[at + 1] if at + 1 < len(versions) else None,
        "entries": entries,
        "contents": [e for e in entries if e["depth"]],
    }


def _refs(data: str) -> list[str]:
    try:
        refs = json.loads(data or "{}").get("refs")
    except (ValueError, AttributeError):
        return []
    return [r for r in refs if isinstance(r, str)] if isinstance(refs, list) else []


@bp.get("/read/<game:game>")
def latest(game: str):
    """The latest release of ``game``, or the one the version menu asks for (``?version=``)."""
    asked = request.args.get("version")
    doc = document_of(get_conn(), game, asked or None)
    if doc is None:
        abort(404, description=f"No {'version ' + asked[:40] + ' of ' if asked else ''}{game} in the knowledge base.")
    return redirect(url_for("release_page.read", game=game, version=doc[1]))


@bp.get("/read/<game:game>/<version>")
@expensive
def read(game: str, version: str):
    page = release(get_conn(), game, version)
    if page is None:
        abort(404, description=f"No version {version[:40]} of {game} in the knowledge base.")
    return render_template("release.html", r=page)
