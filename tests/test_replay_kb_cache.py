"""What replays read once per KB state (engine.replay.kb_cache): kept while the KB is unchanged,
read again when it changes, and the same results as a replay that reads everything afresh."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from engine.replay.kb_cache import cache_for, warm
from engine.replay.scenario import run
from engine.replay.scenario_file import load_scenario

RULINGS = Path(__file__).resolve().parent.parent / "rulings"
BAIT = RULINGS / "keyforge" / "bait-and-switch-14-amber.yaml"


def _results(conn: sqlite3.Connection, scenario, versions) -> list[dict]:
    return [run(conn, scenario, v).as_dict() for v in versions]


def test_a_kept_replay_gives_what_a_fresh_one_gives(built_kb):
    """The second replay of a scenario (its rule sets, entry index and carries kept) reports what
    a replay on a new connection, reading everything again, reports: checks, carried expectation,
    trace."""
    scenario = load_scenario(BAIT)
    kept = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    versions = [v for (v,) in kept.execute("SELECT version FROM documents WHERE game = 'keyforge'")]
    first = _results(kept, scenario, versions)
    again = _results(kept, scenario, versions)
    fresh_conn = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    fresh = _results(fresh_conn, load_scenario(BAIT), versions)
    kept.close()
    fresh_conn.close()
    assert again == first == fresh
    assert {r["expect_version"] for r in first} >= {"1.1", "1.3"}  # some versions carry another's expectation
    assert all(r["passed"] for r in first), first


def test_a_kept_rule_set_is_read_again_once_the_kb_changes(kb_copy):
    """A version removed from the KB after its rule set was kept is no longer replayed with the
    kept one: the replay says the version is not in the KB."""
    scenario = load_scenario(BAIT)
    conn = sqlite3.connect(kb_copy)
    assert run(conn, scenario, "16.0").passed
    assert ("keyforge", "16.0") in cache_for(conn)["rulesets"]
    writer = sqlite3.connect(kb_copy)  # another connection: seen through PRAGMA data_version
    writer.execute("PRAGMA foreign_keys = OFF")
    writer.execute("DELETE FROM documents WHERE game = 'keyforge' AND version = '16.0'")
    writer.commit()
    writer.close()
    result = run(conn, scenario, "16.0")
    conn.close()
    assert not result.passed
    assert "16.0: no such document version in the knowledge base" in result.error


def test_a_worker_warms_only_the_games_it_replays(built_kb):
    """A verify worker reads ahead the games the KB holds rulings of, not the others (the test KB
    holds Magic rules, which no ruling replays: the full KB's Magic index was 250 MB per worker)."""
    conn = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    games = {g for (g,) in conn.execute("SELECT DISTINCT game FROM documents")}
    replayed = {g for (g,) in conn.execute("SELECT DISTINCT game FROM scenarios")}
    assert "mtg" in games - replayed  # else this test shows nothing
    keyforge = {v for (v,) in conn.execute("SELECT version FROM documents WHERE game = 'keyforge'")}
    warm(conn)
    cache = cache_for(conn)
    conn.close()
    assert {key[1] for key in cache if key[0] == "entries"} == replayed
    assert {key[1] for key in cache["rulesets"] if key[0] == "keyforge"} == keyforge  # read ahead
    assert not any(key[0] == "mtg" for key in cache["rulesets"])


def _commit_from_another_connection(kb: Path) -> None:
    writer = sqlite3.connect(kb)
    writer.execute("UPDATE documents SET title = title || ' (renamed)' WHERE id = (SELECT min(id) FROM documents)")
    writer.commit()
    writer.close()


def test_a_change_to_a_kb_in_wal_mode_is_seen_too(kb_copy):
    """The change counter read from the file's header moves with every commit in the KB's own
    journal mode; a KB someone switched to WAL mode is asked PRAGMA data_version instead, and a
    commit by another connection still drops what was kept."""
    with sqlite3.connect(kb_copy) as setup:
        assert setup.execute("PRAGMA journal_mode = WAL").fetchone()[0] == "wal"
    conn = sqlite3.connect(kb_copy)
    cache_for(conn)["marker"] = True
    assert cache_for(conn).get("marker")  # kept while nothing changes
    _commit_from_another_connection(kb_copy)
    assert "marker" not in cache_for(conn)
    conn.close()


def test_a_commit_by_another_connection_drops_what_was_kept(kb_copy):
    """In the KB's own mode (rollback journal), a commit by another process's connection moves the
    header's change counter: what was kept is read again."""
    conn = sqlite3.connect(f"file:{kb_copy}?mode=ro", uri=True)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    cache_for(conn)["marker"] = True
    assert cache_for(conn).get("marker")
    _commit_from_another_connection(kb_copy)
    assert "marker" not in cache_for(conn)
    conn.close()
