"""A changelog reads the entries of its two versions once (kb.threads.version_entries) and hands them
to the pairing, the scoring and the rename detection, which otherwise each read them on their own.
Handed over or read apart, the pairs, their scores and the renames must be the same: checked on the
KeyForge versions of the built KB, every ordered pair of them (neighbours, far apart, either order).
"""

from __future__ import annotations

import itertools

from kb import terminology
from kb.align import item_scores
from kb.threads import aligned_pairs, version_entries


def versions(conn, game="keyforge"):
    return [v for (v,) in conn.execute("SELECT version FROM documents WHERE game = ? ORDER BY version_sort", (game,))]


def test_pairs_and_scores_from_entries_read_once_are_those_read_apart(kb_conn):
    for a, b in itertools.permutations(versions(kb_conn), 2):
        entries = version_entries(kb_conn, "keyforge", a, b)
        assert {e["version"] for e in entries.values()} == {a, b}
        for scored in (True, False):
            assert aligned_pairs(kb_conn, "keyforge", a, b, scored, entries) == aligned_pairs(
                kb_conn, "keyforge", a, b, scored
            )
        both = [
            (p.from_entry, p.to_entry) for p in aligned_pairs(kb_conn, "keyforge", a, b) if p.from_entry and p.to_entry
        ]
        assert item_scores(kb_conn, both, entries) == item_scores(kb_conn, both)


def test_renames_from_entries_read_once_are_those_read_apart(kb_conn):
    for a, b in itertools.permutations(versions(kb_conn), 2):
        entries = version_entries(kb_conn, "keyforge", a, b)
        pairs = aligned_pairs(kb_conn, "keyforge", a, b, entries=entries)
        terminology.clear_caches()
        handed = terminology.version_terminology(kb_conn, "keyforge", a, b, pairs, entries)
        terminology.clear_caches()
        assert handed == terminology.version_terminology(kb_conn, "keyforge", a, b)
