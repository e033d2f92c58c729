"""The build loads the replayable rulings into the KB: scenarios, the entries they replay, one
verification per (scenario, version), and the FAQ entries a scenario declares as contradicting
their own document. Checked on real builds; counts come from the engine, never typed in here. The
KBs that a test changes are built from the KeyForge documents alone or are copies of the small
manifest's KB (tests/manifest-small.toml: KeyForge 1.2, 1.3 and 16.0, Keeper of the Cards).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import textwrap
from pathlib import Path

import pytest

from conftest import SMALL_MANIFEST, SOURCES, manifest_copy, run_cli
from engine.replay.scenario_file import all_scenarios
from engine.replay.scenario import entries_for_ref, matching_entries, versions_for

MD13 = SOURCES / "keyforge" / "rulebook-1.3-2019-05.md"
CHAINS_5 = "I have 2 chains and 5 cards in hand when moving to my draw cards step"
PHASE_SHIFT = "Its the first turn of the game and I am going first"

# declares two conflicts: one limited to 1.2, one (no versions) wherever the question appears
CONFLICTING = f"""
    id: declares-conflicts
    title: A scenario declaring conflicts
    entries: ["{CHAINS_5}"]
    setup:
      turn: {{active: player1, house: sanctum}}
      player1:
        chains: 2
        hand: [Virtuous Works, Virtuous Works, Virtuous Works, Virtuous Works, Virtuous Works]
        deck: [Virtuous Works, Virtuous Works, Virtuous Works]
    actions:
      - end_turn: true
        to_step: 1
    expect:
      "1.1": {{player1.chains: 1}}
    conflicts:
      - entry: "{CHAINS_5}"
        versions: ["1.2"]
        reason: "test: contradicts the 1.2 chains rule"
      - entry: "{PHASE_SHIFT}"
        reason: "test: contradicts the first turn rule"
    """

# an expectation no rule set can meet: every replay fails on its check, none errors
FAILING = """
    id: deliberately-wrong
    entries: ["My opponent has 14 Æmber in their pool and I have 0 in mine"]
    setup:
      turn: {active: player1, house: shadows}
      player1: {hand: ["Bait and Switch"]}
      player2: {amber: 14}
    actions: [{play: Bait and Switch}]
    expect:
      "1.1": {player1.amber: 99}
    """

# playing a card that is not in hand: the replay stops with an error, recorded like a failure (an
# unknown card is a mistake in the file: it fails the build, tests/test_rulings_validation.py)
ERRORING = """
    id: unknown-card
    entries: ["My opponent has 14 Æmber in their pool and I have 0 in mine"]
    setup:
      turn: {active: player1, house: shadows}
      player1: {hand: ["Bait and Switch"]}
    actions: [{play: Troll}]
    expect:
      "1.1": {player1.amber: 0}
    """

UNKNOWN_CONFLICT = """
    id: names-nothing
    entries: ["My opponent has 14 Æmber in their pool and I have 0 in mine"]
    setup: {}
    actions: []
    expect:
      "1.1": {}
    conflicts:
      - entry: "Can a flying pig forge a key in the middle of my opponent's turn"
        reason: "there is no such question"
    """


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_rulings(folder: Path, **bodies: str) -> Path:
    (folder / "keyforge").mkdir(parents=True, exist_ok=True)
    for name, body in bodies.items():
        (folder / "keyforge" / f"{name}.yaml").write_text(textwrap.dedent(body), encoding="utf-8")
    return folder


def verifications(conn: sqlite3.Connection) -> dict[tuple[str, str], int]:
    return {(s, v): p for s, v, p in conn.execute("SELECT scenario, version, passed FROM verifications")}


def marked(conn: sqlite3.Connection) -> dict[int, str]:
    return dict(conn.execute("SELECT id, conflict_reason FROM entries WHERE conflict = 1"))


def keyforge_manifest(folder: Path) -> Path:
    """The test manifest with its KeyForge documents only (1.1, 1.2, 1.3, 16.0): the scenarios above
    are KeyForge's, and the other games' documents (the Comprehensive Rules most of all) would only
    make the build longer."""
    path = manifest_copy(folder)
    head, *documents = path.read_text(encoding="utf-8").split("[[document]]")
    kept = [d for d in documents if 'game = "keyforge"' in d]
    assert [line for d in kept for line in d.splitlines() if line.startswith("version")] == [
        f'version = "{v}"' for v in ("1.1", "1.2", "1.3", "16.0")
    ]
    path.write_text(head + "".join("[[document]]" + d for d in kept), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def custom_kb(tmp_path_factory) -> tuple[Path, Path, object]:
    """A KB built by ``rulebase build --rulings`` from a folder with the three scenarios above."""
    tmp = tmp_path_factory.mktemp("custom")
    rulings = write_rulings(tmp / "rulings", conflicting=CONFLICTING, failing=FAILING, erroring=ERRORING)
    db = tmp / "kb.sqlite"
    proc = run_cli("build", "--db", str(db), "--rulings", str(rulings), "--manifest", str(keyforge_manifest(tmp)))
    return db, rulings, proc


def test_bundled_scenarios_are_stored_with_their_entries(kb_conn):
    scenarios = [s for s in all_scenarios() if s.game == "keyforge"]
    assert scenarios
    rows = dict(kb_conn.execute("SELECT id, path FROM scenarios WHERE game = 'keyforge'"))
    assert set(rows) == {s.id for s in scenarios}
    for s in scenarios:
        assert rows[s.id] == f"rulings/keyforge/{s.path.name}"
        linked = set(kb_conn.execute("SELECT version, entry FROM scenario_entries WHERE scenario = ?", (s.id,)))
        assert linked == set(matching_entries(kb_conn, s)) and linked, s.id
        yaml_text = kb_conn.execute("SELECT yaml FROM scenarios WHERE id = ?", (s.id,)).fetchone()[0]
        assert f"id: {s.id}" in yaml_text


@pytest.mark.cli
def test_bundled_verifications_agree_with_rulebase_verify(kb_conn, built_kb):
    expected_pairs = {(s.id, v) for s in all_scenarios() for v in versions_for(kb_conn, s)}
    stored = verifications(kb_conn)
    assert set(stored) == expected_pairs
    proc = run_cli("verify", "--all", "--json", "--db", str(built_kb))
    report = json.loads(proc.stdout)
    replayed = {(r["id"], r["version"]): int(r["passed"]) for r in report["results"] if r["version"]}
    assert stored == replayed
    failed = [
        (pair, err)
        for pair, err in kb_conn.execute("SELECT scenario || ' ' || version, error FROM verifications WHERE passed = 0")
    ]
    assert not failed, failed  # the bundled rulings all hold
    checks = [json.loads(c) for (c,) in kb_conn.execute("SELECT checks FROM verifications")]
    assert all(isinstance(c, list) for c in checks) and any(checks)


def test_entry_verifications_view_lists_versions_where_the_answer_holds(kb_conn):
    s = all_scenarios()[0]
    versions = versions_for(kb_conn, s)
    entry = matching_entries(kb_conn, s)[0][1]
    rows = kb_conn.execute(
        """SELECT version FROM entry_verifications WHERE entry = ? AND scenario = ?
                              AND passed = 1 ORDER BY version_sort""",
        (entry, s.id),
    ).fetchall()
    assert [v for (v,) in rows] == versions
    own = kb_conn.execute(
        "SELECT version FROM entry_verifications WHERE entry = ? AND own_version = 1", (entry,)
    ).fetchall()
    assert own == [(matching_entries(kb_conn, s)[0][0],)]


def test_bundled_build_marks_no_conflict_unless_declared(kb_conn):
    declared = [c for s in all_scenarios() for c in s.conflicts]
    assert bool(marked(kb_conn)) == bool(declared)


@pytest.mark.cli  # its KB is built by the rulebase command
def test_declared_conflict_marks_the_listed_versions_and_later_repeats(custom_kb):
    """A conflict listed for 1.2 marks 1.2's answer, and the answers of later versions that repeat
    it (errata and rules are inherited forward: the answer is as stale there), never 1.1's."""
    db, _, proc = custom_kb
    assert proc.returncode == 0, proc.stderr
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    chains = entries_for_ref(conn, "keyforge", CHAINS_5)
    phase = entries_for_ref(conn, "keyforge", PHASE_SHIFT)
    assert "1.2" in {v for v, _ in chains} and len({v for v, _ in chains}) > 1
    expected = {e: "test: contradicts the 1.2 chains rule" for v, e in chains if v == "1.2"}
    expected |= {
        e: "test: contradicts the 1.2 chains rule (the answer repeats 1.2's)" for v, e in chains if v in ("1.3", "16.0")
    }
    expected |= {e: "test: contradicts the first turn rule" for _, e in phase}
    assert marked(conn) == expected
    kinds = {k for (k,) in conn.execute(f"SELECT kind FROM entries WHERE id IN ({','.join(map(str, expected))})")}
    assert kinds == {"faq"}
    conn.close()


@pytest.mark.cli
def test_failing_scenario_is_recorded_and_the_build_succeeds(custom_kb):
    db, _, proc = custom_kb
    assert proc.returncode == 0, proc.stderr
    assert "3 scenarios verified" in proc.stdout.splitlines()[-1]
    assert "deliberately-wrong [1.1]" in proc.stderr and "Traceback" not in proc.stderr
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    rows = conn.execute(
        "SELECT version, passed, status, reason, error, checks FROM verifications WHERE scenario = ?",
        ("deliberately-wrong",),
    ).fetchall()
    assert rows and {v for v, *_ in rows} >= {"1.1", "1.3"}
    statuses = {}
    for version, passed, status, reason, error, checks in rows:
        assert passed == 0 and error is None, version
        statuses[version] = status
        check = next(c for c in json.loads(checks) if c["path"] == "player1.amber")
        if status == "failed":  # the 1.1 expectation, checked where the answer states the 1.1 ruling
            assert check["expected"] == 99 and check["ok"] is False and check["actual"] != 99
        else:  # 1.3 changed the ruling (2 times, not 7) and the scenario states nothing for it
            assert status == "unverified" and reason == f"ruling changed in {version}, no expectation"
            assert check["expected"] is None and check["ok"] is None and check["actual"] == 2
    assert statuses["1.1"] == statuses["1.2"] == "failed" and statuses["1.3"] == "unverified"
    errors = conn.execute("SELECT passed, error FROM verifications WHERE scenario = 'unknown-card'").fetchall()
    assert errors and all(p == 0 and "no card 'Troll' in hand" in e for p, e in errors)
    assert {i for (i,) in conn.execute("SELECT id FROM scenarios")} == {
        "deliberately-wrong",
        "declares-conflicts",
        "unknown-card",
    }
    stats = run_cli("stats", "--db", str(db))
    n_passed, n_failed, n_unverified = (
        conn.execute("SELECT count(*) FROM verifications WHERE status = ?", (want,)).fetchone()[0]
        for want in ("passed", "failed", "unverified")
    )
    assert n_failed >= len(rows) and n_unverified >= 2
    assert (
        stats.stdout.strip()
        .splitlines()[-1]
        .startswith(f"scenarios: 3, verifications: {n_passed} passed, {n_failed} failed, {n_unverified} unverified")
    )
    conn.close()


@pytest.mark.cli
def test_conflict_naming_no_entry_fails_the_build_and_keeps_the_kb(small_kb_copy, tmp_path):
    rulings = write_rulings(tmp_path / "rulings", bad=UNKNOWN_CONFLICT)
    before = sha(small_kb_copy)
    proc = run_cli("build", "--db", str(small_kb_copy), "--rulings", str(rulings), "--manifest", str(SMALL_MANIFEST))
    assert proc.returncode != 0
    err = proc.stderr.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert "bad.yaml" in err and "flying pig" in err
    assert sha(small_kb_copy) == before
    assert not list(small_kb_copy.parent.glob(".*.tmp"))


@pytest.mark.cli
def test_unreadable_scenario_fails_the_build_at_once(small_kb_copy, tmp_path):
    rulings = write_rulings(tmp_path / "rulings", broken="id: broken\nexpect: {1.1: [unclosed\n")
    before = sha(small_kb_copy)
    proc = run_cli("build", "--db", str(small_kb_copy), "--rulings", str(rulings), "--manifest", str(SMALL_MANIFEST))
    assert proc.returncode != 0 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert "broken.yaml" in proc.stderr
    assert sha(small_kb_copy) == before


@pytest.mark.cli
def test_ingesting_a_version_replays_the_rulings_under_it(small_kb_copy):
    before = verifications(sqlite3.connect(f"file:{small_kb_copy}?mode=ro", uri=True))
    proc = run_cli("ingest", str(MD13), "--game", "keyforge", "--version", "1.4", "--db", str(small_kb_copy))
    assert proc.returncode == 0, proc.stderr
    assert "scenarios verified" in proc.stdout
    conn = sqlite3.connect(f"file:{small_kb_copy}?mode=ro", uri=True)
    after = verifications(conn)
    new = {pair for pair in after if pair[1] == "1.4"}
    assert new and {s for s, _ in new} == {s.id for s in all_scenarios() if "1.4" in versions_for(conn, s)}
    assert set(after) - new == set(before)
    linked = conn.execute("""SELECT count(*) FROM scenario_entries se JOIN entries e ON e.id = se.entry
                             JOIN documents d ON d.id = e.document WHERE d.version = '1.4'""").fetchone()[0]
    assert linked >= len(new)
    conn.close()
    report = json.loads(run_cli("verify", "--all", "--json", "--db", str(small_kb_copy)).stdout)
    assert after == {(r["id"], r["version"]): int(r["passed"]) for r in report["results"] if r["version"]}


@pytest.mark.cli
def test_ingest_extends_unversioned_conflicts_to_the_new_version(custom_kb, tmp_path):
    db, rulings, _ = custom_kb
    copy = tmp_path / "kb.sqlite"
    shutil.copyfile(db, copy)
    text = MD13.read_text(encoding="utf-8")
    assert text.count("Yes, you will shed a chain during this step.") == 1
    source = tmp_path / "rulebook-1.4.md"  # an edition whose chains answer says something else
    source.write_text(
        text.replace("Yes, you will shed a chain during this step.", "No, you keep both chains during this step."),
        encoding="utf-8",
    )
    proc = run_cli(
        "ingest", str(source), "--game", "keyforge", "--version", "1.4", "--db", str(copy), "--rulings", str(rulings)
    )
    assert proc.returncode == 0, proc.stderr
    conn = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
    versions = {
        v
        for (v,) in conn.execute(
            """SELECT DISTINCT d.version FROM entries e JOIN documents d ON d.id = e.document
           WHERE e.conflict = 1 AND e.conflict_reason LIKE '%first turn%'"""
        )
    }
    assert "1.4" in versions
    chains_14 = {e for v, e in entries_for_ref(conn, "keyforge", CHAINS_5) if v == "1.4"}
    assert chains_14 and not chains_14 & set(marked(conn))  # listed for 1.2, and 1.4 says otherwise
    assert ("declares-conflicts", "1.4") in verifications(conn)
    conn.close()


@pytest.mark.cli
def test_ingest_into_a_kb_without_scenario_tables_asks_for_a_rebuild(small_kb_copy):
    conn = sqlite3.connect(small_kb_copy)
    conn.execute("DROP VIEW entry_verifications")
    conn.execute("DROP TABLE verifications")
    conn.commit()
    conn.close()
    before = sha(small_kb_copy)
    proc = run_cli("ingest", str(MD13), "--game", "keyforge", "--version", "1.4", "--db", str(small_kb_copy))
    assert proc.returncode != 0 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert "rulebase build" in proc.stderr
    assert sha(small_kb_copy) == before
    assert "scenarios: 0" in run_cli("stats", "--db", str(small_kb_copy)).stdout


def _replay_rows(conn: sqlite3.Connection) -> dict[tuple[str, str], tuple]:
    return {
        (s, v): rest
        for s, v, *rest in conn.execute(
            "SELECT scenario, version, status, expect_version, reason, error, checks, inputs FROM verifications"
        )
    }


@pytest.mark.slow
def test_ingest_replays_only_its_version_and_later_ones_with_the_results_of_replaying_all(small_kb_copy, tmp_path):
    from rulebase.build import ingest
    from rulebase.rulings import default_rulings_dir, load_rulings

    conn = sqlite3.connect(f"file:{small_kb_copy}?mode=ro", uri=True)
    before = _replay_rows(conn)
    conn.close()
    report = ingest(small_kb_copy, MD13, "keyforge", "1.4")  # between 1.3 and 16.0: errata accumulate
    conn = sqlite3.connect(f"file:{small_kb_copy}?mode=ro", uri=True)
    after = _replay_rows(conn)
    conn.close()
    redone = {pair for pair in after if pair[1] in ("1.4", "16.0")}
    assert redone and report.rulings.replayed == len(redone)
    assert report.rulings.kept == len(after) - len(redone) > 0
    assert {p: after[p] for p in set(after) - redone} == {p: before[p] for p in set(after) - redone}
    # replaying every scenario under every version again gives exactly what the ingest stored
    full = tmp_path / "full.sqlite"
    shutil.copyfile(small_kb_copy, full)
    conn = sqlite3.connect(full)
    everything = load_rulings(conn, default_rulings_dir())
    assert everything.kept == 0 and everything.replayed == len(after)
    assert _replay_rows(conn) == after
    conn.close()


@pytest.mark.slow
def test_ingest_replays_everything_when_the_kb_was_built_by_other_code(small_kb_copy):
    from rulebase.build import ingest

    conn = sqlite3.connect(small_kb_copy)
    conn.execute("UPDATE build_state SET value = 'older code' WHERE name = 'code'")
    conn.commit()
    total = conn.execute("SELECT count(*) FROM verifications").fetchone()[0]
    conn.close()
    report = ingest(small_kb_copy, MD13, "keyforge", "1.4")
    assert report.rulings.kept == 0 and report.rulings.replayed > total
