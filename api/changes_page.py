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
            ("changed", "Changed"),
            ("added", "Added"), ("removed", "Removed"), ("needs_review", "Needs review"))
#: the columns of the per-kind counts table
COUNT_COLUMNS = ("renamed", "changed", "added", "removed", "unchanged", "needs_review")


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
    anchors = {}
    for n, r in enumerate(log["ruling_changes"], 1):
        r["anchor"] = anchors[r["from_entry"], r["to_entry"]] = f"ruling-{n}"
        r["outcome_rows"] = outcome_rows(r["scenario"])
        for m in r["changes"]:  # the sentences that carry a change, as a word diff
            m["ops"] = word_diff(m["before"], m["after"]) if m["before"] and m["after"] else []
    for x in log["changed"]:  # a change of meaning is shown once, in full, under the ruling changes
        x["ruling_anchor"] = anchors.get((x["from_entry"], x["to_entry"])) if x["meaning"] else None
    totals = {name: len(log[name]) for name, _ in SECTIONS}
    totals["unchanged"] = log["unchanged"]
    api_args = {"game": c.game, "from": c.from_version, "to": c.to_version, **({"kind": c.kind} if c.kind else {})}
    ctx.update(c=c, log=log, api_url=url_for("json_diff.diff", **api_args), totals=totals, game=next(g for g in all_games if g["id"] == c.game),
               picked={"from": c.from_version, "to": c.to_version, "kind": c.kind})
    return ctx, 200


def changes():
    ctx, status = _context()
    return render_template("changes.html", **ctx), status
