"""A whole release, for reading: ``/read/<game>/<version>`` (``/read/<game>``: the latest).

Why: judges read the Magic Comprehensive Rules as one hyperlinked document per release (Yawgatog's
convention): Ctrl-F over the text, a URL that points at one rule (``#702.19b``), and every "see rule
702.2" a link. The site otherwise shows one entry per page. So this page renders every entry of one
document in its order, as plain text in the DOM (no lazy loading, nothing fetched after the page:
the browser's find works on all of it), each numbered rule with an anchor named by its number and
its number a link to that anchor, each rule number the text cites (``data.refs``, as written in
the text: :func:`kb.rule_numbers.split_refs`) linked to that rule, and entries without numbers
(KeyForge's rulebooks, glossaries, FAQ) anchored by their key.

Paged by section where the document has numbered sections: the latest CR on one page was 1.58 MB
of HTML, over the site's limit of 1 MB a page (tests/test_cr_page_sizes.py); its largest section (7,
Additional Rules) is 0.6 MB. ``/read/mtg/<version>`` then holds the front matter and the contents,
``/read/mtg/<version>/7`` section 7, ``/read/mtg/<version>/glossary`` the glossary, and a citation
of a rule in another section links to that section's page. A document without numbered sections
(a KeyForge rulebook: 0.22 MB) is one page. A rule's page links to the page holding it, at it
(``release_url``: which part holds which anchor is kept for the last few documents asked about),
and ``?at=<anchor>`` on the release's address redirects there, for a link made without the KB.

The pages depend only on the KB, so each is kept per KB state and compressed once
(:func:`api.expensive.expensive`): only the first request for it after a build pays for rendering.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for

from kb.rule_numbers import canonical, document_of, is_rule_number

from .db import get_conn
from .expensive import expensive, kb_state

bp = Blueprint("release_page", __name__)

#: a numbered rule at or above this depth is a heading (the CR: 1 a section, 2 a rule like "702")
HEADING_LEVELS = 2
#: the part of a paged release after its numbered sections, and its name
GLOSSARY = "glossary"


def _data(data: str | None) -> tuple[str | None, list[str]]:
    """An entry's rule number and the rule numbers it cites, from its ``data`` JSON (parsed once)."""
    try:
        value = json.loads(data or "{}")
    except ValueError:
        return None, []
    if not isinstance(value, dict):
        return None, []
    number, refs = value.get("number"), value.get("refs")
    refs = [canonical(r) for r in refs if isinstance(r, str) and is_rule_number(r)] if isinstance(refs, list) else []
    return (number if isinstance(number, str) else None), refs


def _entries(conn, doc_id: int) -> list[dict]:
    """The document's entries in order, each with its anchor, its heading depth and its part: the
    numbered section it is in ("7"), the glossary after the sections, or "" before them (and for
    a document without numbered sections: all of it)."""
    entries, part = [], ""
    for kind, key, heading, question, body, level, data in conn.execute(
        "SELECT kind, key, title, question, body, level, data FROM entries WHERE document = ? ORDER BY ordinal",
        (doc_id,),
    ):
        number, refs = _data(data)
        number = number if kind == "rule" else None
        depth = level if number and level and level <= HEADING_LEVELS else None
        if depth == 1:
            part = number
        elif kind == "glossary" and part:
            part = GLOSSARY
        entries.append(
            {
                "kind": kind,
                "anchor": number or key,
                "number": number,
                "heading": _unlabelled(heading, number) if number else heading,
                "question": question,
                "body": body,
                # a section or a rule that heads subrules (the CR's "7." and "702."): a heading
                "depth": depth,
                "part": part,
                # the numbers the ingester found cited in the entry, linked when the release holds
                # them: the text is searched for those few, not for the release's thousands
                "refs": refs,
            }
        )
    return entries


def release(conn, game: str, version: str | None, part: str = "") -> dict | None:
    """Everything the page of ``part`` shows for ``game`` at ``version`` (the latest when None), or
    None when there is no such version or part."""
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
    entries = _entries(conn, doc_id)
    parts = list(dict.fromkeys(e["part"] for e in entries)) or [""]
    if part not in parts:
        return None
    home = url_for("release_page.read", game=game, version=version)

    def address(p: str) -> str:
        return f"{home}/{p}" if p else home

    part_of = {e["number"]: e["part"] for e in entries if e["number"]}
    shown = [e for e in entries if e["part"] == part]
    for e in shown:
        e["links"] = {
            n: (f"#{n}" if part_of[n] == part else f"{address(part_of[n])}#{n}") for n in e["refs"] if n in part_of
        }
    titles = {e["part"]: f"{e['number']}. {e['heading'] or ''}".strip() for e in entries if e["depth"] == 1}
    titles[GLOSSARY], titles[""] = "Glossary", "Introduction and contents" if len(parts) > 1 else ""
    at, here = versions.index(version), parts.index(part)
    return {
        "game": game,
        "game_name": game_name,
        "version": version,
        "title": title,
        "date": date,
        "versions": versions,
        "previous": versions[at - 1] if at else None,
        "next": versions[at + 1] if at + 1 < len(versions) else None,
        "entries": shown,
        "count": len(entries),
        "part": part,
        "part_title": titles.get(part, part),
        "parts": [{"part": p, "title": titles.get(p, p), "url": address(p)} for p in parts] if len(parts) > 1 else [],
        "previous_part": {"title": titles.get(parts[here - 1]), "url": address(parts[here - 1])} if here else None,
        "next_part": {"title": titles.get(parts[here + 1]), "url": address(parts[here + 1])}
        if here + 1 < len(parts)
        else None,
        "contents": [dict(e, url=f"{address(e['part'])}#{e['anchor']}") for e in entries if e["depth"]],
        "home": home,
    }


#: documents whose {anchor: part} is kept (for the links of rule pages: a CR's takes 0.2 s to make)
KEPT_PARTS = 8
_parts: OrderedDict = OrderedDict()
_parts_lock = threading.Lock()


def part_of(conn, doc_id: int, anchor: str) -> str | None:
    """The part of a release (its page) holding ``anchor``, or None; kept per KB state."""
    key = (kb_state(current_app.config["KB_PATH"]), doc_id)
    with _parts_lock:
        parts = _parts.get(key)
        if parts is not None:
            _parts.move_to_end(key)
    if parts is None:
        parts = {e["anchor"]: e["part"] for e in _entries(conn, doc_id)}
        with _parts_lock:
            _parts[key] = parts
            while len(_parts) > KEPT_PARTS:
                _parts.popitem(last=False)
    return parts.get(anchor)


@bp.app_template_global("release_url")
def release_url(game: str, version: str, anchor: str) -> str:
    """The address of ``anchor`` (a rule's number or an entry's key) in the whole release: its
    page, at it (what a rule's page links to)."""
    doc = document_of(get_conn(), game, version)
    part = part_of(get_conn(), doc[0], anchor) if doc else None
    if part is None:
        return url_for("release_page.read", game=game, version=version)
    return url_for("release_page.read", game=game, version=version, part=part or None) + f"#{anchor}"


def _at(game: str, version: str, anchor: str):
    """The redirect to the page holding ``anchor`` (a rule's number or an entry's key), at it."""
    doc = document_of(get_conn(), game, version)
    if doc is None:
        abort(404, description=f"No version {version[:40]} of {game} in the knowledge base.")
    part = part_of(get_conn(), doc[0], anchor)
    if part is None:
        abort(404, description=f"No {anchor[:60]} in {game} {version[:40]} in the knowledge base.")
    page = url_for("release_page.read", game=game, version=doc[1], part=part or None)
    return redirect(f"{page}#{anchor}")


@bp.get("/read/<game:game>")
def latest(game: str):
    """The latest release of ``game``, or the one the version menu asks for (``?version=``)."""
    asked = request.args.get("version")
    doc = document_of(get_conn(), game, asked or None)
    if doc is None:
        abort(404, description=f"No {'version ' + asked[:40] + ' of ' if asked else ''}{game} in the knowledge base.")
    return redirect(url_for("release_page.read", game=game, version=doc[1]))


@bp.get("/read/<game:game>/<version>")
@bp.get("/read/<game:game>/<version>/<part>")
@expensive
def read(game: str, version: str, part: str = ""):
    if request.args.get("at"):
        return _at(game, version, request.args["at"])
    page = release(get_conn(), game, version, part)
    if page is None:
        abort(
            404,
            description=f"No {part[:40] + ' in ' if part else ''}version {version[:40]} of {game} in the knowledge base.",
        )
    return render_template("release.html", r=page)


def _unlabelled(heading: str, number: str) -> str:
    """:func:`kb.changelog.unlabelled`, imported once a release page is shown: the server starts
    without the changelog's comparison machinery."""
    from kb.changelog import unlabelled  # heavy: the changelog module, once a release page is shown

    return unlabelled(heading, number)
