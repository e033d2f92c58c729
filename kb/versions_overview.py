"""The version page (and ``GET /api/versions``): the documents ingested per game, with counts.

Why a separate view of ``kb.stats``: stats is one flat list for the command line; the page
groups the documents by game (oldest version first), adds what a reader compares versions by
(date, how many rulings were replayed under each version's rules and how many held), and leaves
out the build's internals (parser, warnings). Each version after a game's first also names the
version before it and the URL of the changelog between the two (``changes_url``): the
release-by-release changelog a reader of a rulebook with a hundred releases follows.
"""

from __future__ import annotations

import sqlite3
from urllib.parse import urlencode

from .stats import stats


def versions_overview(conn: sqlite3.Connection) -> dict:
    """``{"games": [{"game", "name", "versions": [{"version", "title", "date", "format", "file",
    "counts": {kind: n}, "entries", "needs_review", "recovered", "card_errata",
    "scenarios", "verifications": {"passed", "failed"}, "previous", "changes_url"}]}]}``, games by
    name, versions oldest first; ``previous`` and ``changes_url`` are None for a game's first version."""
    documents = {(d["game"], d["version"]): d for d in stats(conn)["documents"]}
    replays = _replays(conn)
    games: dict[str, dict] = {}
    for game, name, version, title, date, fmt, file in conn.execute(
        """SELECT d.game, g.name, d.version, d.title, d.date, d.format, d.file
               FROM documents d JOIN games g ON g.id = d.game ORDER BY g.name, d.version_sort"""
    ):
        doc = documents[(game, version)]
        scenarios, passed, failed = replays.get((game, version), (0, 0, 0))
        listed = games.setdefault(game, {"game": game, "name": name, "versions": []})["versions"]
        previous = listed[-1]["version"] if listed else None
        listed.append(
            {
                "version": version,
                "title": title,
                "date": date,
                "format": fmt,
                "file": file,  # the source the version was read from (a CR release as text, DOCX or PDF)
                "counts": doc["counts"],
                "entries": sum(doc["counts"].values()),
                "needs_review": doc["needs_review"],
                "recovered": doc["recovered"],
                "card_errata": doc["card_errata"],
                "scenarios": scenarios,
                "verifications": {"passed": passed, "failed": failed},
                "previous": previous,
                "changes_url": "/changes?" + urlencode({"game": game, "from": previous, "to": version})
                if previous
                else None,
            }
        )
    return {"games": list(games.values())}


def _replays(conn: sqlite3.Connection) -> dict[tuple[str, str], tuple[int, int, int]]:
    """(game, version) -> (scenarios replayed under it, replays passed, replays failed); empty
    for a KB built before rulings were stored."""
    try:
        rows = conn.execute(
            """SELECT s.game, v.version, count(DISTINCT v.scenario),
                      count(*) FILTER (WHERE v.passed = 1), count(*) FILTER (WHERE v.passed = 0)
               FROM verifications v JOIN scenarios s ON s.id = v.scenario
               GROUP BY s.game, v.version"""
        ).fetchall()
    except sqlite3.OperationalError:
        return {}
    return {(g, v): (n, p, f) for g, v, n, p, f in rows}
