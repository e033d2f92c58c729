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
are always the whole changelog's. The page sizes keep the first page of KeyForge 1.3 -> 16.0 (53
ruling changes, 79 changed, 155 added entries) well under 15,000 px tall on a desktop and 30,000 px
on a phone (tests/test_browser_changes.py measures it).

What a judge does not need to read is folded, never dropped: a changed entry whose meaning did not
change (formatting, punctuation, page references, the renamed terms) sits in one closed
``<details>`` per page that names a few of them; an entry with many changes of meaning shows its
first :data:`SHOWN_MEANING_CHANGES`, the others one click away. Diffs are drawn as paragraphs and
lists (``kb.textdiff.diff_blocks``), so numbered steps stay steps; a renamed entry's heading is a
word diff of its old and new titles; each outcome table comes with the setup the engine replayed
(``api.changes_setup``).
"""

from __future__ import annotations

import json

from flask import render_template, request, url_for

from kb.textdiff import diff_blocks, punctuation_only, word_diff, word_diff_lines

from .changes import comparison, default_game, games, kept_changelog
from .changes_setup import checked_label, setups
from .db import get_conn
from .errors import ApiError
from .expensive import expensive
from .workers import run_in_worker

VIEWS = ("inline", "side")
#: the order the page lists the kinds of change in, with their headings
SECTIONS = (
    ("ruling_changes", "Ruling changes"),
    ("terminology", "Terminology"),
    ("renamed", "Renamed"),
    ("renumbered", "Renumbered"),
    ("changed", "Changed"),
    ("added", "Added"),
    ("removed", "Removed"),
    ("needs_review", "Needs review"),
)
#: the columns of the per-kind counts table
COUNT_COLUMNS = ("renamed", "changed", "added", "removed", "unchanged", "needs_review")
#: items per page of each section: a ruling change carries its diffs and outcome (a few hundred pixels
#: each), a changed entry whose meaning changed is one line linking to its ruling change (the others
#: are folded), the other sections are one line per entry (two or three for a long FAQ question)
PAGE_SIZES = {
    "ruling_changes": 10,
    "terminology": 50,
    "renamed": 20,
    "renumbered": 100,
    "changed": 100,
    "added": 60,
    "removed": 60,
    "needs_review": 60,
}
#: changes of meaning shown per ruling change; the others are folded under them
SHOWN_MEANING_CHANGES = 4
#: titles a folded group names in its summary line
FOLDED_EXAMPLES = 3


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
    return [
        {
            "path": p,
            "label": checked_label(p),
            "from": _shown(sides[0].get(p)),
            "to": _shown(sides[1].get(p)),
            "differs": sides[0].get(p) != sides[1].get(p),
        }
        for p in paths
    ]


def _page_number(name: str) -> int:
    """The page of a section asked for (``changed_page=3``); 1 for a missing or bad value."""
    raw = _field(f"{name}_page") or "1"
    return max(1, int(raw)) if raw.isascii() and raw.isdigit() and len(raw) < 7 else 1


def paginate(log: dict, args: dict, asked: dict[str, int]) -> dict:
    """Cut each section of ``log`` to its page (``asked``: section -> page number), in place;
    ``{section: {"page", "pages", "first", "last", "total", "prev", "next"}}`` where prev/next are
    the URL arguments of the pages around."""
    pages = {}
    for name, size in PAGE_SIZES.items():
        items = log.get(name) or []
        count = max(1, -(-len(items) // size))
        number = min(asked.get(name, 1), count)
        start = (number - 1) * size
        log[name] = items[start : start + size]
        around = {k: v for k, v in args.items() if k != f"{name}_page"}
        pages[name] = {
            "page": number,
            "pages": count,
            "total": len(items),
            "first": start + 1,
            "last": start + len(log[name]),
            "prev": {**around, f"{name}_page": number - 1} if number > 1 else None,
            "next": {**around, f"{name}_page": number + 1} if number < count else None,
        }
    return pages


def _context() -> tuple[dict, int]:
    conn = get_conn()
    all_games = games(conn)
    view = _field("view") or "inline"
    ctx = {
        "games": all_games,
        "views": VIEWS,
        "sections": SECTIONS,
        "count_columns": COUNT_COLUMNS,
        "view": view if view in VIEWS else "inline",
        "error": None,
        "log": None,
        "c": None,
    }
    if view in VIEWS and not any(_field(n) for n in ("game", "from", "to", "kind")):
        # nothing asked: the games to pick from, each with its latest change, and no changelog
        # computed for a game the judge may not play (Magic's took seconds to open on)
        ctx.update(game=None, picked=None, choose=True)
        return ctx, 200
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
    api_args = {"game": c.game, "from": c.from_version, "to": c.to_version, **({"kind": c.kind} if c.kind else {})}
    asked = {n: _page_number(n) for n in PAGE_SIZES}
    args = {
        **api_args,
        **({"view": ctx["view"]} if ctx["view"] != "inline" else {}),
        **{f"{n}_page": number for n, number in asked.items() if number > 1},
    }
    log, totals, anchors, pages = run_in_worker(
        "changelog_page", c.game, c.from_version, c.to_version, c.kind, args, asked
    )
    here = pages["ruling_changes"]["page"]

    def ruling_link(x: dict) -> str | None:
        """Where the ruling change of a changed or renamed entry is shown in full, if it is one."""
        found = anchors.get((x["from_entry"], x["to_entry"])) if x["meaning"] else None
        return (
            None
            if found is None
            else "#" + found[0]
            if found[1] == here
            else (url_for("pages.changes", **{**args, "ruling_changes_page": found[1]}) + "#" + found[0])
        )

    _shape_rulings(conn, log["ruling_changes"], anchors)
    texts = _bodies(conn, [i for x in log["changed"] + log["renamed"] for i in (x["from_entry"], x["to_entry"])])
    for x in log["changed"] + log["renamed"]:  # a change of meaning is shown once, in full, under the ruling changes
        x["ruling_anchor"] = ruling_link(x)
        x["blocks"] = (
            None
            if x["ruling_anchor"] or not x["diff"]
            else _blocks(texts.get(x["from_entry"]), texts.get(x["to_entry"]), ctx["view"])
        )
        x["punctuation_only"] = punctuation_only(x["diff"]) and not x.get("question_diff")
    for x in log["renamed"]:
        x["title_ops"] = word_diff(x["from_title"], x["to_title"])
    ctx.update(
        c=c,
        log=log,
        api_url=url_for("json_diff.diff", **api_args),
        totals=totals,
        pages=pages,
        changed_groups=_changed_groups(log["changed"], totals),
        game=next(g for g in all_games if g["id"] == c.game),
        picked={"from": c.from_version, "to": c.to_version, "kind": c.kind},
    )
    return ctx, 200


def changelog_page(
    conn, game: str, from_version: str, to_version: str, kind: str | None, args: dict, asked: dict[str, int]
) -> tuple[dict, dict, dict, dict]:
    """The changelog between two versions with each section cut to the page ``asked``: (the cut
    changelog, the whole one's counts, where each ruling change is shown (its anchor and page), the
    pages). Run in a worker process (:mod:`api.workers`): the changelog costs seconds of CPU on a
    long history, and only this page's part of it comes back."""
    log = dict(kept_changelog(conn, game, from_version, to_version, kind))  # paginate cuts the copy's lists
    log.setdefault("renumbered", [])
    totals = {name: len(log[name]) for name, _ in SECTIONS}
    totals["unchanged"] = log["unchanged"]
    totals["same_meaning"] = sum(not x["meaning"] for x in log["changed"])
    size = PAGE_SIZES["ruling_changes"]
    anchors = {
        (r["from_entry"], r["to_entry"]): (f"ruling-{n}", 1 + (n - 1) // size)
        for n, r in enumerate(log["ruling_changes"], 1)
    }
    pages = paginate(log, args, asked)
    return log, totals, anchors, pages


def _bodies(conn, ids: list[int]) -> dict[int, str | None]:
    """The texts of the entries shown on this page, for diffs that keep their lines."""
    out: dict[int, str | None] = {}
    ids = list(dict.fromkeys(i for i in ids if i is not None))
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        out.update(conn.execute(f"SELECT id, body FROM entries WHERE id IN ({','.join('?' * len(chunk))})", chunk))
    return out


def _blocks(old: str | None, new: str | None, view: str) -> dict:
    """The word diff of two texts as paragraphs and lists (``kb.textdiff.diff_blocks``): one inline
    diff, or each side's own for the side-by-side view."""
    if view == "side":
        return {side: diff_blocks(word_diff_lines(old, new, side=side), side) for side in ("old", "new")}
    return {"inline": diff_blocks(word_diff_lines(old, new))}


def _shape_rulings(conn, rulings: list[dict], anchors: dict) -> None:
    """The ruling changes of this page as the template draws them: the sentences carrying each change
    as a word diff (the first few shown, the rest folded), the whole texts side by side, and the
    outcome under both versions with the setup it was replayed from."""
    found = setups(conn, [r["scenario"]["id"] for r in rulings if r["scenario"]])
    for r in rulings:
        r["anchor"] = anchors[r["from_entry"], r["to_entry"]][0]
        r["outcome_rows"] = outcome_rows(r["scenario"])
        r["setup"] = found.get(r["scenario"]["id"], []) if r["scenario"] else []
        for m in r["changes"]:  # the sentences that carry a change, as a word diff
            m["ops"] = word_diff(m["before"], m["after"]) if m["before"] and m["after"] else []
            m["blocks"] = diff_blocks(word_diff_lines(m["before"], m["after"])) if m["ops"] else []
        r["shown_changes"] = r["changes"][:SHOWN_MEANING_CHANGES]
        r["folded_changes"] = r["changes"][SHOWN_MEANING_CHANGES:]
        r["whole"] = _blocks(r["from_answer"], r["to_answer"], "side")


def _changed_groups(changed: list[dict], totals: dict) -> dict:
    """The changed entries of this page: those whose meaning changed, shown, then the others (the
    same meaning in other words, formatting or punctuation), folded into one group whose summary
    counts them and names a few."""
    folded = [x for x in changed if not x["meaning"]]
    return {
        "meaning": [x for x in changed if x["meaning"]],
        "folded": folded,
        "folded_total": totals["same_meaning"],
        "punctuation": sum(x["punctuation_only"] for x in folded),
        "examples": [x["title"] for x in folded[:FOLDED_EXAMPLES]],
    }


@expensive
def changes():
    ctx, status = _context()
    return render_template("changes.html", **ctx), status
