"""A thread's history told compactly: only the versions where its text or its number changed.

Why: a rule of the Magic Comprehensive Rules is printed in up to 109 versions, nearly always
unchanged; a page or a terminal listing 109 copies of the same text hides the three versions that
matter. The full history (one item per entry of the thread, oldest first, each with the word diff
from the item before; see :func:`diffs`) is folded into steps:

- ``first``: where the thread starts, with its text;
- ``changed``: a version whose text differs from the one before (with the word diff), and its
  renumbering if the number changed at the same time;
- ``renumbered``: a version with the same text under another number ("renumbered 702.15 → 702.16");
- ``unchanged``: a run of consecutive versions printing the text before them again, collapsed to
  "unchanged from X to Y" (every version still listed, as a link);
- ``removed``: the thread ends before the game's latest version.

The word diffs are computed once per pair of distinct texts (an unchanged text is never diffed
again), so a history of a hundred versions costs a handful of diffs.
"""

from __future__ import annotations

from .textdiff import has_changes, word_diff


def diffs(items: list[dict], body: str = "body", question: str = "question") -> None:
    """Give each item (oldest first) ``diff`` and ``question_diff`` from the item before (None for
    the first; the question's only when either has one) and ``changed``; in place. Identical
    texts are diffed once."""
    cache: dict[tuple, list[dict]] = {}

    def diff(a, b):
        key = (a, b)
        if key not in cache:
            cache[key] = word_diff(a, b)
        return cache[key]

    prev = None
    for item in items:
        item["diff"] = item["question_diff"] = None
        item["changed"] = False
        if prev is not None:
            item["diff"] = diff(prev[body], item[body])
            if prev[question] is not None or item[question] is not None:
                item["question_diff"] = diff(prev[question], item[question])
            item["changed"] = has_changes(item["diff"]) or has_changes(item["question_diff"])
        prev = item


def _link(item: dict) -> dict:
    return {
        "version": item["version"],
        "entry_id": item["entry_id"],
        "url": item.get("url") or f"/entries/{item['entry_id']}",
        "current": bool(item.get("current")),
        "number": item.get("number"),
        "superseded_by": item.get("superseded_by"),
    }


def compact(items: list[dict], versions: list[str] | None = None) -> list[dict]:
    """The steps of a history whose ``items`` carry ``version``, ``entry_id``, ``number`` (None when
    the game numbers no rules), ``changed``, ``diff``, ``question_diff`` and the texts; ``versions``:
    every version of the game, oldest first (to tell where the thread ends)."""
    steps: list[dict] = []
    prev = None
    for item in items:
        renumbered = prev is not None and item.get("number") and prev.get("number") and item["number"] != prev["number"]
        if prev is None or item["changed"] or renumbered:
            kind = "first" if prev is None else "changed" if item["changed"] else "renumbered"
            step = {
                "step": kind,
                **_link(item),
                "title": item.get("title"),
                "question": item.get("question"),
                "body": item.get("body"),
                "diff": item["diff"] if kind == "changed" else None,
                "question_diff": item["question_diff"] if kind == "changed" else None,
                "renumbered": {"from": prev["number"], "to": item["number"]} if renumbered else None,
                "ruling_change": item.get("ruling_change") or [],
                "needs_review": bool(item.get("needs_review")),
                "conflict": bool(item.get("conflict")),
            }
            steps.append(step)
        elif steps[-1]["step"] == "unchanged":
            run = steps[-1]
            run["to"] = item["version"]
            run["versions"].append(_link(item))
            run["count"] += 1
        else:
            steps.append(
                {
                    "step": "unchanged",
                    "from": item["version"],
                    "to": item["version"],
                    "count": 1,
                    "number": item.get("number"),
                    "versions": [_link(item)],
                }
            )
        prev = item
    for step in steps:
        if step["step"] == "unchanged":
            marks = {}
            for v in step["versions"]:
                s = v["superseded_by"]
                if s:
                    marks.setdefault(s["entry_id"], s)
            step["superseded"] = list(marks.values())
            step["current"] = any(v["current"] for v in step["versions"])
    if items and versions and items[-1]["version"] in versions:
        after = versions.index(items[-1]["version"]) + 1
        if after < len(versions):
            steps.append({"step": "removed", "after": items[-1]["version"], "version": versions[after]})
    return steps


def summary(items: list[dict], steps: list[dict]) -> dict:
    """Counts for a one-line account: versions held, first and last, text changes, renumberings."""
    versions = list(dict.fromkeys(i["version"] for i in items))
    return {
        "versions": len(versions),
        "first": versions[0] if versions else None,
        "last": versions[-1] if versions else None,
        "changes": sum(s["step"] == "changed" for s in steps),
        "renumberings": sum(bool(s.get("renumbered")) for s in steps),
    }
