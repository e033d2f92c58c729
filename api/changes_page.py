"""The changelog page, ``/changes``: what changed between two versions of a game's rulebook.

Why a page of its own: a judge moving from one rulebook to the next wants the entries whose meaning
changed first, biggest change first (rules, glossary terms, errata and FAQ answers: each change with
the sentences before and after that carry it, the word diff, and the engine's replay under both
versions side by side), then the terminology the new edition renamed everywhere (once), then the
renamed, changed (meaning or rewording), added and removed entries, with entries still needing
review kept apart. The data is ``kb.changelog.changelog``, the very dict ``GET /api/diff`` returns; this
module only picks the versions (the form is a plain GET, so it works without JavaScript; by
default the game's latest two versions) and shapes a few values for display (the outcome table, the
word diff of the sentences that carry each meaning change; the whole text's diff is folded away, and
a changed entry whose meaning change is listed above links there instead of repeating its diff). Word diffs are
rendered by the templates' ``diff`` macros, inline or side by side (``view=side``).

A changelog across twenty years of a rulebook lists thousands of entries, so each section is paged
on its own (:data:`PAGE_SIZES`, ``<section>_page=N``; a section's pager keeps the others where they
are): every page stays small (well under 1 MB) whatever the two versions, and the counts at the top
are always the whole changelog's.
"""
from __future__ import annotations

import json

from flask import render_template, request, url_for

from kb.changelog import changelog
from kb.textdiff import word_diff

from .changes import comparison, default_game, games
from .db import get_conn
from .errors import ApiError

VIEWS = ("inline", "side")
#: the order the page lists the kinds of change in, with their headings
SECTIONS = (("ruling_changes", "Ruling changes"), ("terminology", "Terminology"), ("renamed", "Renamed"),
            ("renumbered", "Renumbered"), ("changed", "Changed"),
            ("added", "Added"), ("removed", "Removed"), ("needs_review", "Needs review"))
#: the columns of the per-kind counts table
COUNT_COLUMNS = ("renamed", "changed", "added", "removed", "unchanged", "needs_review")
#: items per page of each section: a ruling change or a changed entry carries its diffs, the other
#: sections are one line per entry
PAGE_SIZES = {"ruling_changes": 100, "terminology": 100, "renamed": 100, "renumbered": 500, "changed": 100,
              "added": 500, "removed": 500, "needs_review": 500}


def _field(name: str) -> str | None:
    value = (request.args.get(name) or "").strip()
    return value or None


def _shown(value) -> str:
    """A value the engine checked, as a reader would write it (lists joined, nothing as a dash)."""
    if value is None:
        return "–"
    if isinstance(value, list):
        return ", ".join(_shown(v) for v in value) if value else "none"
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def outcome_rows(scenario: dict | None) -> list[dict]:
    """The checked values of a scenario under both versions, one row per checked path."""
    if not scenario:
        return []
    sides = [(scenario.get(side) or {}).get("outcome") or {} for side in ("from", "to")]
    paths = list(dict.fromkeys([*sides[0], *sides[1]]))
    return [{"path": p, "from": _shown(sides[0].get(p)), "to": _shown(sides[1].get(p)),
             "differs": sides[0].get(p) != sides[1].get(p)} for p in paths]


def _page_number(name: str) -> int:
    """The page of a section asked for (``changed_page=3``); 1 for a missing or bad value."""
    raw = _field(f"{name}_page") or "1"
    return max(1, int(raw)) if raw.isascii() and raw.isdigit() and len(raw) < 7 else 1


def paginate(log: dict, args: dict) -> dict:
    """Cut each section of ``log`` to its page, in place; ``{section: {"page", "pages", "first",
    "last", "total", "prev", "next"}}`` where prev/next are the URL arguments of the pages around."""
    pages = {}
    for name, size in PAGE_SIZES.items():
        items = log.get(name) or []
        count = max(1, -(-len(items) // size))
        number = min(_page_number(name), count)
        start = (number - 1) * size
        log[name] = items[start:start + size]
        around = {k: v for k, v in args.items() if k != f"{name}_page"}
        pages[name] = {"page": number, "pages": count, "total": len(items), "first": start + 1,
                       "last": start + len(log[name]),
                       "prev": {**around, f"{name}_page": number - 1} if number > 1 else None,
                       "next": {**around, f"{name}_page": number + 1} if number < count else None}
    return pages


def _context() -> tuple[dict, int]:
    conn = get_conn()
    all_games = games(conn)
    view = _field("view") or "inline"
    ctx = {"games": all_games, "views": VIEWS, "sections": SECTIONS, "count_columns": COUNT_COLUMNS,
           "view": view if view in VIEWS else "inline", "error": None, "log": None, "c": None}
    try:
        if view not in VIEWS:
            raise ApiError(f"view: expected inline or side, got {view[:40]!r}")
        c = comparison(conn, _field("game"), _field("from"), _field("to"), _field("kind"), defaults=True)
    except ApiError as exc:
        ctx["error"] = exc.message
        game = next((g for g in all_games if g["id"] == _field("game")), default_game(all_games))
        ctx["game"] = game
        ctx["picked"] = {"from": _field("from"), "to": _field("to"), "kind": _field("kind")}
        return ctx, 400
    log = changelog(conn, c.game, c.from_version, c.to_version, c.kind)
    log.setdefault("renumbered", [])
    totals = {name: len(log[name]) for name, _ in SECTIONS}
    totals["unchanged"] = log["unchanged"]
    api_args = {"game": c.game, "from": c.from_version, "to": c.to_version, **({"kind": c.kind} if c.kind else {})}
    args = {**api_args, **({"view": ctx["view"]} if ctx["view"] != "inline" else {}),
            **{f"{n}_page": _page_number(n) for n in PAGE_SIZES if _page_number(n) > 1}}
    size = PAGE_SIZES["ruling_changes"]
    anchors = {(r["from_entry"], r["to_entry"]): (f"ruling-{n}", 1 + (n - 1) // size)
               for n, r in enumerate(log["ruling_changes"], 1)}
    pages = paginate(log, args)
    here = pages["ruling_changes"]["page"]
    for r in log["ruling_changes"]:
        r["anchor"] = anchors[r["from_entry"], r["to_entry"]][0]
        r["outcome_rows"] = outcome_rows(r["scenario"])
        for m in r["changes"]:  # the sentences that carry a change, as a word diff
            m["ops"] = word_diff(m["before"], m["after"]) if m["before"] and m["after"] else []
    for x in log["changed"]:  # a change of meaning is shown once, in full, under the ruling changes
        found = anchors.get((x["from_entry"], x["to_entry"])) if x["meaning"] else None
        x["ruling_anchor"] = None if found is None else "#" + found[0] if found[1] == here else (
            url_for("pages.changes", **{**args, "ruling_changes_page": found[1]}) + "#" + found[0])
    ctx.update(c=c, log=log, api_url=url_for("json_diff.diff", **api_args), totals=totals, pages=pages,
               game=next(g for g in all_games if g["id"] == c.game),
               picked={"from": c.from_version, "to": c.to_version, "kind": c.kind})
    return ctx, 200


def changes():
    ctx, status = _context()
    return render_template("changes.html", **ctx), status
