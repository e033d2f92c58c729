"""When the subrules of a rule changed: what a rule's own history cannot say.

Why: the Comprehensive Rules put a keyword's wording in its subrules ("702.19. Trample" is a
heading; 702.19b says how trample assigns damage). The history of 702.19 alone reads "text changed
0 times" while 702.19b changed nine times, last when battles were added (2023-04-14), so "what does
702.19 say now and when did it last change?" took a judge sixteen clicks. For a rule with
subrules, each subrule's thread is read (its versions and texts) and the versions where its text
changed are listed, newest first, with the latest change of any of them for the rule's own summary.
"""

from __future__ import annotations

import sqlite3

from .textdiff import same_text
from .threads import thread_entries, thread_of_entry


def subrule_changes(conn: sqlite3.Connection, subrules: list[dict]) -> dict | None:
    """``{"last": version, "last_numbers": [...], "subrules": [{"number", "url", "changes", "last",
    "versions"}]}`` for ``subrules`` (:func:`kb.entry_detail`'s, of one version), None without any.
    ``versions``: where the subrule's text changed, newest first."""
    if not subrules:
        return None
    order = {v: n for n, (v,) in enumerate(conn.execute("SELECT version FROM documents ORDER BY version_sort"))}
    texts = _thread_texts(conn, [sub["id"] for sub in subrules])
    out = []
    for sub in subrules:
        rows = texts.get(sub["id"])
        if rows is None:  # not in a stored thread: its thread as kb.threads reads it
            thread = thread_of_entry(conn, sub["id"])
            ids = [i for i, _ in thread_entries(conn, thread)] if thread else [sub["id"]]
            marks = ",".join("?" * len(ids))
            rows = conn.execute(
                f"""SELECT d.version, e.body FROM entries e JOIN documents d ON d.id = e.document
                    WHERE e.id IN ({marks}) ORDER BY d.version_sort, e.ordinal""",
                ids,
            ).fetchall()
        changed = [b[0] for a, b in zip(rows, rows[1:]) if not same_text(a[1], b[1])]
        out.append(
            {
                "number": sub["number"],
                "url": sub.get("rule_url") or sub.get("url"),
                "changes": len(changed),
                "last": changed[-1] if changed else None,
                "versions": changed[::-1],
            }
        )
    changed_at = [s["last"] for s in out if s["last"]]
    last = max(changed_at, key=lambda v: order.get(v, -1)) if changed_at else None
    return {"last": last, "last_numbers": [s["number"] for s in out if s["last"] == last], "subrules": out}


def _thread_texts(conn: sqlite3.Connection, ids: list[int]) -> dict[int, list[tuple[str, str]]]:
    """entry -> the (version, text) of every entry of its stored thread, oldest first, for the
    entries of ``ids`` whose thread the KB stores: three queries for all of them (a rule such as
    702 has 190 subrules, and one query per subrule and thread made its page take 80 ms)."""
    try:
        thread_of = dict(
            conn.execute(f"SELECT entry, thread FROM entry_threads WHERE entry IN ({','.join('?' * len(ids))})", ids)
        )
        stored = set(thread_of.values())
        stored &= {
            t
            for (t,) in conn.execute(
                f"SELECT id FROM threads WHERE id IN ({','.join('?' * len(stored))})", sorted(stored)
            )
        }
        by_thread: dict[str, list[tuple[str, str]]] = {t: [] for t in stored}
        for thread, version, body in conn.execute(
            f"""SELECT et.thread, d.version, e.body FROM entry_threads et JOIN entries e ON e.id = et.entry
                JOIN documents d ON d.id = e.document WHERE et.thread IN ({",".join("?" * len(stored))})
                ORDER BY d.version_sort, e.ordinal""",
            sorted(stored),
        ):
            by_thread[thread].append((version, body))
    except sqlite3.OperationalError:  # no stored alignment
        return {}
    return {e: by_thread[t] for e, t in thread_of.items() if t in by_thread}
