"""A rule's page answers "what does it say now and when did it last change?" at the top of its
history (issue 29, item 1): the history runs newest first, and a rule whose wording is in its
subrules says when each subrule changed and which changed last (702.19 Trample's text never
changes; 702.19b's does)."""

from __future__ import annotations

import re

from conftest import page

from kb.entry_detail import entry_detail
from kb.textdiff import same_text


def _a_rule_whose_subrules_changed(conn) -> tuple[int, str, dict]:
    """The first rule of the latest Magic version whose subrules changed in the KB's history."""
    latest = conn.execute("SELECT version FROM documents WHERE game = 'mtg' ORDER BY version_sort DESC").fetchone()[0]
    for eid, key in conn.execute(
        """SELECT e.id, e.key FROM entries e JOIN documents d ON d.id = e.document
           WHERE d.version = ? AND e.kind = 'rule' AND e.key GLOB 'rule/[0-9][0-9][0-9].[0-9]*'
           AND e.key NOT GLOB '*[a-z]' ORDER BY e.ordinal""",
        (latest,),
    ):
        detail = entry_detail(conn, eid)
        if detail["subrule_changes"] and detail["subrule_changes"]["last"]:
            return eid, key, detail
    raise AssertionError("no rule of the KB has a subrule that changed")


def test_a_rule_says_when_its_subrules_last_changed(kb_conn):
    eid, key, detail = _a_rule_whose_subrules_changed(kb_conn)
    changes = detail["subrule_changes"]
    # checked against the subrules' own texts, version by version
    for sub in changes["subrules"]:
        rows = kb_conn.execute(
            """SELECT d.version, e.body FROM entries e JOIN documents d ON d.id = e.document
               JOIN entry_threads et ON et.entry = e.id
               WHERE et.thread = (SELECT thread FROM entry_threads WHERE entry = (
                   SELECT e2.id FROM entries e2 JOIN documents d2 ON d2.id = e2.document
                   WHERE d2.version = ? AND e2.key = ?))
               ORDER BY d.version_sort""",
            (detail["version"], "rule/" + sub["number"]),
        ).fetchall()
        changed = [b[0] for a, b in zip(rows, rows[1:]) if not same_text(a[1], b[1])]
        assert sub["versions"] == changed[::-1], sub["number"]
    assert changes["last_numbers"] and all(
        next(s for s in changes["subrules"] if s["number"] == n)["last"] == changes["last"]
        for n in changes["last_numbers"]
    )


def test_the_rule_page_shows_the_history_newest_first_with_its_subrules(client, kb_conn):
    eid, key, detail = _a_rule_whose_subrules_changed(kb_conn)
    html = page(client, f"/entries/{eid}")
    history = html[html.index('id="history"') :]
    # what the rule says now and when each subrule last changed come first, above the history
    top = html[html.index('id="subrules"') : html.index('id="history"')]
    block = top[top.index('id="subrule-changes"') :]
    assert f"Last changed in v{detail['subrule_changes']['last']}" in block
    for sub in detail["subrule_changes"]["subrules"]:
        if sub["changes"]:
            times = "time" if sub["changes"] == 1 else "times"
            assert f"changed {sub['changes']} {times}, last v{sub['versions'][0]}" in block, sub["number"]
    shown = re.findall(r'class="badge badge-version[^"]*">v([^<]+)</span>', history)
    order = {v: n for n, (v,) in enumerate(kb_conn.execute("SELECT version FROM documents ORDER BY version_sort"))}
    ranks = [order[v] for v in shown if v in order]
    assert ranks == sorted(ranks, reverse=True), shown  # newest first
