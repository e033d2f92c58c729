"""The whole CR history (slow: builds all 109 versions, then diffs every pair of neighbours): between
consecutive versions no rule whose text is unchanged is reported as changed, removed or added, and
every rule printed unchanged under another number is reported as renumbered."""

from __future__ import annotations

import re
import sqlite3
from collections import Counter

import pytest


from kb.changelog import changelog
from kb.textdiff import word_keys

pytestmark = pytest.mark.slow

_LABEL = re.compile(r"^\s*\d+(?:\.\d+)*[a-z]?\.?\s*")


@pytest.fixture(scope="module")
def history_kb(full_kb):
    """Every bundled CR version, in the KB of everything bundled (its Magic part is what a KB of the
    CR alone holds: threads are aligned per game, and no ruling replays a CR entry)."""
    conn = sqlite3.connect(f"file:{full_kb}?mode=ro", uri=True)
    assert conn.execute("SELECT count(*) FROM documents WHERE game = 'mtg'").fetchone()[0] == 109
    yield conn
    conn.close()


def texts(conn, version: str) -> dict[int, tuple]:
    """entry id -> what it prints: kind, heading without its number, words of its text; and its number.
    Entries flagged needs_review (a number printed twice) are listed apart by the changelog: left out."""
    out = {}
    for eid, kind, title, body, number in conn.execute(
        """SELECT e.id, e.kind, e.title, e.body, json_extract(e.data, '$.number') FROM entries e
               JOIN documents d ON d.id = e.document
               WHERE d.game = 'mtg' AND d.version = ? AND e.needs_review = 0""",
        (version,),
    ):
        out[eid] = ((kind, _LABEL.sub("", title or ""), tuple(word_keys(body))), number)
    return out


def test_neighbours_never_report_an_unchanged_rule_as_changed_added_or_removed(history_kb):
    versions = [
        v for (v,) in history_kb.execute("SELECT version FROM documents WHERE game = 'mtg' ORDER BY version_sort")
    ]
    renumbered_seen = 0
    for a, b in zip(versions, versions[1:]):
        log = changelog(history_kb, "mtg", a, b)
        old, new = texts(history_kb, a), texts(history_kb, b)
        # a text printed once in each version is the same rule: never added, removed or changed
        once_old = {t for t, n in Counter(t for t, _ in old.values()).items() if n == 1}
        once_new = {t for t, n in Counter(t for t, _ in new.values()).items() if n == 1}
        unchanged = once_old & once_new
        added = {new[e["entry_id"]][0] for e in log["added"] if e["entry_id"] in new}
        removed = {old[e["entry_id"]][0] for e in log["removed"] if e["entry_id"] in old}
        changed = {new[e["to_entry"]][0] for e in log["changed"] if e["to_entry"] in new}
        assert not (added | removed | changed) & unchanged, (a, b, sorted((added | removed | changed) & unchanged)[:3])
        # an unchanged text under another number is listed as renumbered
        by_text_old = {t: num for t, num in old.values() if t in unchanged}
        moved = {
            (by_text_old[t], num)
            for t, num in new.values()
            if t in unchanged and num and by_text_old[t] and by_text_old[t] != num
        }
        listed = {(r["from"], r["to"]) for r in log["renumbered"] if not r["text_changed"]}
        assert moved <= listed, (a, b, sorted(moved - listed)[:5])
        renumbered_seen += len(moved)
    assert renumbered_seen > 100  # twenty years of insertions shift rules all the time
