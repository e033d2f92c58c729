"""The board builder's API (api/play.py) on the real sample KB, through the real app and its verify
worker processes: a judge's question played one decision at a time, under one or every version,
its result compared between versions with the causes, exported as a rulings file that
``rulebase verify --file`` passes, and every bundled KeyForge ruling opened in the builder and
played to the outcome verify finds."""

from __future__ import annotations

import sqlite3

import pytest
import yaml

from api import create_app
from engine.replay.scenario import versions_for
from engine.replay.scenario_file import scenario_from_dict
from engine.replay.verify import verify_report
from tests.conftest import run_cli

BAIT_SETUP = {
    "turn": {"active": "player1", "house": "shadows", "first_turn": False},
    "player1": {"amber": 0, "hand": ["Bait and Switch"]},
    "player2": {"amber": 14},
}
#: Punch ("Deal 3 damage to a creature") with three creatures in play: a decision of three options
PUNCH_SETUP = {
    "turn": {"active": "player1", "house": "brobnar"},
    "player1": {"hand": ["Punch"]},
    "player2": {"battleline": ["Troll", "Krump", "Dust Pixie"]},
}


def _error(response, status: int = 400) -> str:
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert set(body) == {"error"} and body["error"].strip() and "\n" not in body["error"]
    assert "Traceback" not in body["error"]
    return body["error"]


def _play(client, setup, actions, versions=None, answers=None) -> dict:
    body = {"scenario": {"setup": setup, "actions": actions}}
    if versions is not None:
        body["versions"] = versions
    if answers is not None:
        body["answers"] = answers
    response = client.post("/api/play", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def _latest(kb_conn) -> str:
    return kb_conn.execute(
        "SELECT version FROM documents WHERE game = 'keyforge' ORDER BY version_sort DESC LIMIT 1"
    ).fetchone()[0]


def test_a_decision_waits_for_the_judge_and_two_answers_give_two_outcomes(client, kb_conn):
    latest = _latest(kb_conn)
    first = _play(client, PUNCH_SETUP, [{"play": "Punch"}])
    (run,) = first["versions"]
    assert run["version"] == latest and run["status"] == "decision"
    decision = run["decision"]
    assert sorted(decision["options"]) == ["Dust Pixie", "Krump", "Troll"]
    assert decision["ref"] == "0.1" and decision["action"] == 0
    assert decision["text"].startswith("Punch: ") and decision["words"] == "Your " + decision["text"]
    assert run["steps"] == []  # the play waits inside action 0
    assert [c["name"] for c in run["start"]["player2"]["battleline"]] == ["Troll", "Krump", "Dust Pixie"]

    boards = {}
    for answer in ("Troll", "Dust Pixie"):
        (done,) = _play(client, PUNCH_SETUP, [{"play": "Punch"}], answers={latest: [answer]})["versions"]
        assert done["status"] == "done", done
        (step,) = done["steps"]
        assert step["words"] == "You play Punch" and step["refused"] is None
        boards[answer] = step["board"]
        assert not any("player1" in line or "player2" in line for line in done["trace"]), done["trace"]
    troll = next(c for c in boards["Troll"]["player2"]["battleline"] if c["name"] == "Troll")
    assert troll["damage"] == 3
    assert [c["name"] for c in boards["Dust Pixie"]["player2"]["battleline"]] == ["Troll", "Krump"]
    assert [c["name"] for c in boards["Dust Pixie"]["player2"]["discard"]] == ["Dust Pixie"]
    assert [c["name"] for c in boards["Troll"]["player1"]["discard"]] == ["Punch"]


def test_an_answer_that_is_no_option_or_one_too_many_is_that_versions_error(client, kb_conn):
    latest = _latest(kb_conn)
    (run,) = _play(client, PUNCH_SETUP, [{"play": "Punch"}], answers={latest: ["Pitlord"]})["versions"]
    assert run["status"] == "error" and "('Pitlord') is not an option" in run["error"] and "Troll" in run["error"]
    (run,) = _play(client, PUNCH_SETUP, [{"play": "Punch"}], answers={latest: ["Troll", "Krump"]})["versions"]
    assert run["status"] == "error" and "left over" in run["error"] and "Krump" in run["error"]


def test_bait_and_switch_under_two_versions_names_the_erratum_that_makes_the_difference(client):
    result = _play(client, BAIT_SETUP, [{"play": "Bait and Switch"}], versions=["16.0", "1.1"])
    assert [v["version"] for v in result["versions"]] == ["1.1", "16.0"]  # version order
    amber = {v["version"]: v["steps"][-1]["board"]["player1"]["amber"] for v in result["versions"]}
    assert amber == {"1.1": 7, "16.0": 2}
    by_version = {v["version"]: v for v in result["versions"]}
    assert by_version["16.0"]["errata"] == [
        {"card": "Bait and Switch", "version": "16.0", "entry": "errata/bait-and-switch"}
    ]
    assert by_version["1.1"]["errata"] == []  # the printed text: no erratum in force
    diff = {d["path"]: d for d in result["differences"]}
    assert diff["player1.amber"]["values"] == {"1.1": 7, "16.0": 2}
    assert diff["player1.amber"]["words"] == "Your Æmber"
    assert diff["player2.amber"]["values"] == {"1.1": 7, "16.0": 12}
    # the erratum, tried alone, makes the difference; the play switch, consulted and different, does not
    (erratum,) = diff["player1.amber"]["causes"]
    assert erratum["kind"] == "erratum" and erratum["confirmed"] is True
    assert erratum["name"] == "Bait and Switch" and erratum["entry"] == "errata/bait-and-switch"
    assert erratum["values"] == {"1.1": "printed text", "16.0": "erratum of 16.0"}
    assert [s["name"] for s in by_version["16.0"]["switches"]] == ["play_reactions_simultaneous"]
    assert any("steal 1 Æmber from your opponent" in line for line in by_version["1.1"]["trace"])


def test_a_difference_made_by_a_rule_switch_names_the_switch_and_the_entry_it_cites(client):
    loaded = client.get("/api/rulings/phase-shift-first-turn").get_json()
    body = {"scenario": loaded["scenario"], "versions": ["1.1", "1.2"], "answers": loaded["answers"]}
    result = client.post("/api/play", json=body).get_json()
    diff = {d["path"]: d for d in result["differences"]}
    assert diff["player1.amber"]["values"] == {"1.1": 0, "1.2": 3}
    (cause,) = diff["player1.amber"]["causes"]
    assert cause["kind"] == "switch" and cause["name"] == "first_turn_rule_modifiable" and cause["confirmed"]
    assert cause["values"] == {"1.1": False, "1.2": True}
    assert cause["entry"].startswith(("rule/", "faq/")) and "First Turn Rule" in cause["words"]


def test_every_version_runs_with_its_own_answers(client, kb_conn):
    versions = [v for (v,) in kb_conn.execute("SELECT version FROM documents WHERE game = 'keyforge'")]
    result = _play(client, PUNCH_SETUP, [{"play": "Punch"}], versions="all", answers={"1.1": ["Krump"]})
    status = {v["version"]: v["status"] for v in result["versions"]}
    assert set(status) == set(versions)
    assert status["1.1"] == "done" and all(s == "decision" for v, s in status.items() if v != "1.1")
    assert "differences" not in result  # some versions still wait for an answer


# ---------------------------------------------------------------- download, open


def _export(client, body: dict, tmp_path):
    response = client.post("/api/play/export", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "text/yaml"
    name = response.headers["Content-Disposition"].split('filename="')[1].rstrip('"')
    path = tmp_path / name
    path.write_bytes(response.get_data())
    return path, yaml.safe_load(response.get_data(as_text=True))


@pytest.mark.cli
def test_a_downloaded_ruling_passes_rulebase_verify_unchanged(client, built_kb, tmp_path):
    body = {
        "scenario": {"setup": BAIT_SETUP, "actions": [{"play": "Bait and Switch"}]},
        "versions": "all",
        "title": "Bait and Switch against 14 Æmber",
        "entry": "My opponent has 14 Æmber in their pool and I have 0 in mine",
    }
    path, ruling = _export(client, body, tmp_path)
    assert path.name == "bait-and-switch-against-14-mber.yaml"  # made from the title
    assert ruling["expect"]["1.1"]["player1.amber"] == 7 and ruling["expect"]["16.0"]["player1.amber"] == 2
    assert ruling["entries"] == [body["entry"]]
    proc = run_cli("verify", "--file", str(path), "--db", str(built_kb))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert " 0 failed" in proc.stdout and "PASS" in proc.stdout

    # answers that differ between versions go in a choose: action; verify passes that too
    loaded = client.get("/api/rulings/biomatrix-backup-attacker-accepts").get_json()
    assert loaded["answers"]["1.1"] == ["yes"] and loaded["answers"]["16.0"] == []
    path, ruling = _export(
        client, {"scenario": loaded["scenario"], "versions": "all", "answers": loaded["answers"], "id": "bb"}, tmp_path
    )
    assert path.name == "bb.yaml"
    assert ruling["entries"] == loaded["scenario"]["entries"] and ruling["title"] == loaded["scenario"]["title"]
    assert {"choose": {**{v: [] for v in loaded["answers"]}, "1.1": ["yes"]}} in ruling["actions"]
    proc = run_cli("verify", "--file", str(path), "--db", str(built_kb))
    assert proc.returncode == 0 and " 0 failed" in proc.stdout, proc.stdout + proc.stderr

    # and the file opens in the builder again with the same answers
    reopened = client.post("/api/play/scenario", data=path.read_bytes(), content_type="text/yaml").get_json()
    assert reopened["answers"] == loaded["answers"]
    assert reopened["scenario"]["actions"] == loaded["scenario"]["actions"]


def test_an_unfinished_question_cannot_be_downloaded(client):
    body = {"scenario": {"setup": PUNCH_SETUP, "actions": [{"play": "Punch"}]}, "versions": ["16.0"]}
    assert "decision 0.1" in _error(client.post("/api/play/export", json=body))
    body["answers"], body["entry"] = {"16.0": ["Troll"]}, "no such question anywhere at all"
    assert "no keyforge entry" in _error(client.post("/api/play/export", json=body))
    # verify would replay the file where the entry appears: each of those versions must have been played
    body["entry"] = "My opponent has 14 Æmber in their pool and I have 0 in mine"
    assert "appear in 1.1" in _error(client.post("/api/play/export", json=body))


@pytest.mark.slow
def test_every_bundled_keyforge_ruling_opened_in_the_builder_plays_to_verifys_outcome(built_kb):
    """Each ruling loaded with GET /api/rulings/<id> and played with POST /api/play and the answers
    returned: every version verify replays ends as verify found it (its checks' values, refusals,
    errors)."""
    client = create_app(built_kb, WORKER_PROCESSES=False).test_client()  # 200+ runs: no worker round trips
    conn = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    results: dict[str, list[dict]] = {}
    for r in verify_report(conn, run_all=True)["results"]:
        results.setdefault(r["id"], []).append(r)
    games = dict(conn.execute("SELECT id, yaml LIKE '%game: keeper-of-the-cards%' FROM scenarios"))
    keyforge = [sid for sid in results if not games[sid]]
    assert len(keyforge) > 100
    compared = 0
    for sid in keyforge:
        loaded = client.get(f"/api/rulings/{sid}")
        assert loaded.status_code == 200, (sid, loaded.get_json())
        loaded = loaded.get_json()
        assert all("choose" not in a and "targets" not in a for a in loaded["scenario"]["actions"])
        versions = [r["version"] for r in results[sid]]
        played = client.post(
            "/api/play", json={"scenario": loaded["scenario"], "versions": versions, "answers": loaded["answers"]}
        )
        assert played.status_code == 200, (sid, played.get_json())
        runs = {v["version"]: v for v in played.get_json()["versions"]}
        for r in results[sid]:
            run = runs[r["version"]]
            if r["error"]:
                assert run["status"] == "error" and run["error"] == r["error"].splitlines()[0], (sid, r, run)
                continue
            assert run["status"] == "done", (sid, r["version"], run.get("error"), run.get("decision"))
            words = run["trace"] + [step["words"] for step in run["steps"]]
            assert not [w for w in words if "player1" in w or "player2" in w], (sid, words)
            got = {c["path"]: c["actual"] for c in run["checks"]}
            for check in r["checks"]:
                want = check["actual"]
                if check["path"] == "illegal" and not isinstance(want, list):
                    want = [want]
                assert got[check["path"]] == want, (sid, r["version"], check, got)
                compared += 1
    assert compared > 500


@pytest.mark.slow
def test_every_bundled_keyforge_ruling_opened_and_downloaded_again_passes_verify(built_kb, tmp_path):
    """Open in builder, then Download as ruling, under the versions verify replays the ruling: the
    file (its answers placed back on the actions, its expect from the runs) passes verify."""
    client = create_app(built_kb, WORKER_PROCESSES=False).test_client()
    conn = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    ids = [sid for (sid,) in conn.execute("SELECT id FROM scenarios WHERE yaml NOT LIKE '%keeper-of-the-cards%'")]
    assert len(ids) > 100
    for sid in ids:
        loaded = client.get(f"/api/rulings/{sid}").get_json()
        versions = versions_for(conn, scenario_from_dict({"id": sid, "expect": {}, **loaded["scenario"]}))
        body = {"scenario": loaded["scenario"], "versions": versions, "answers": loaded["answers"]}
        response = client.post("/api/play/export", json=body)
        assert response.status_code == 200, (sid, response.get_json())
        path = tmp_path / f"{sid}.yaml"
        path.write_bytes(response.get_data())
        report = verify_report(conn, file=path)
        assert report["failed"] == 0 and report["passed"] >= 1, (sid, [r for r in report["results"] if not r["passed"]])


def test_a_keeper_of_the_cards_ruling_is_refused_by_name(client):
    assert "keeper-of-the-cards" in _error(client.get("/api/rulings/kotc-battle-both-players-reach-zero-draw"))
    assert "no ruling scenario" in _error(client.get("/api/rulings/no-such-ruling"), 404)


# ---------------------------------------------------------------- bad input, limits


@pytest.mark.parametrize(
    "body,words",
    [
        ("not json", "not valid JSON"),
        ([1, 2], "JSON object"),
        ({}, "scenario"),
        ({"scenario": {"setup": {}, "actions": []}, "versions": ["9.9"]}, "9.9"),
        ({"scenario": {"setup": {}, "actions": []}, "versions": "every"}, "versions"),
        ({"scenario": {"setup": {}, "actions": []}, "answers": {"7.7": []}}, "7.7"),
        ({"scenario": {"setup": {"player1": {"hand": ["No Such Card Anywhere"]}}}}, "No Such Card Anywhere"),
        ({"scenario": {"setup": {}, "actions": [{"play": "Punch", "targets": ["Troll"]}]}}, "actions[0].targets"),
        ({"scenario": {"setup": {}, "actions": [{"play": "Punch"}, {"choose": ["x"]}]}}, "actions[1]: choose"),
        ({"scenario": {"setup": {}, "actions": [{"dance": "Punch"}]}}, "actions[0]"),
        ({"scenario": {"setup": {}}, "answers": {"16.0": ["x"] * 201}}, "answers"),
        ({"scenario": {"setup": {}}, "answers": {"16.0": ["x" * 201]}}, "answers"),
        ({"scenario": {"game": "keeper-of-the-cards", "setup": {}}}, "keyforge"),
    ],
)
def test_malformed_requests_get_a_one_line_400_naming_the_problem(client, body, words):
    if isinstance(body, str):
        response = client.post("/api/play", data=body, content_type="application/json")
    else:
        response = client.post("/api/play", json=body)
    assert words in _error(response)


def test_a_body_over_the_limit_is_a_413(client):
    big = {"scenario": {"setup": {}, "title": "x" * 70_000}}
    assert "too large" in _error(client.post("/api/play", json=big), 413)
    assert "too large" in _error(client.post("/api/play/scenario", data="x" * 70_000, content_type="text/yaml"), 413)


def test_a_pasted_scenario_is_read_or_refused_in_one_line(client):
    text = "setup:\n  turn: {active: player1, house: brobnar}\n  player1: {hand: [Punch]}\n  player2: {battleline: [Troll, Krump]}\nactions:\n- play: Punch\n  targets: [Krump]\n"
    loaded = client.post("/api/play/scenario", data=text, content_type="text/yaml").get_json()
    assert loaded["scenario"]["actions"] == [{"play": "Punch"}]
    assert loaded["answers"] and all(a == ["Krump"] for a in loaded["answers"].values())
    as_json = '{\n\t"setup": {"turn": {"active": "player1", "house": "brobnar"}, "player1": {"hand": ["Punch"]}},\n\t"actions": [{"play": "Punch", "choices": ["Punch"]}]\n}'
    loaded = client.post("/api/play/scenario", data=as_json, content_type="application/json").get_json()
    assert loaded["scenario"]["actions"] == [{"play": "Punch"}]
    alias = "a: &x [1, 2]\nb: *x\n"
    assert "alias" in _error(client.post("/api/play/scenario", data=alias, content_type="text/yaml"))
    assert "line 2, column 1" in _error(client.post("/api/play/scenario", data="setup: [", content_type="text/yaml"))
    assert "mapping" in _error(client.post("/api/play/scenario", data="- 1\n", content_type="text/yaml"))
    bad_label = "setup: {}\nexpect: {'1.1': '9.9'}\n"  # a version stated as another's that states nothing
    assert "9.9" in _error(client.post("/api/play/scenario", data=bad_label, content_type="text/yaml"))


def test_a_question_over_the_step_or_cpu_budget_stops_with_a_400(built_kb):
    client = create_app(built_kb, VERIFY_MAX_STEPS=5, WORKER_PROCESSES=False).test_client()
    body = {"scenario": {"setup": BAIT_SETUP, "actions": [{"play": "Bait and Switch"}]}, "versions": ["1.1"]}
    assert "more than 5 engine steps" in _error(client.post("/api/play", json=body))
    client = create_app(built_kb, VERIFY_SECONDS=1e-9, WORKER_PROCESSES=False).test_client()
    assert "s of CPU time" in _error(client.post("/api/play", json=body))


def test_the_builder_takes_a_verify_slot_and_is_refused_when_none_is_free(built_kb):
    app = create_app(built_kb, VERIFY_CONCURRENCY=1, WORKER_PROCESSES=False)
    slots = app.extensions["verify_slots"]
    assert slots.take()
    try:
        client = app.test_client()
        body = {"scenario": {"setup": BAIT_SETUP, "actions": [{"play": "Bait and Switch"}]}}
        response = client.post("/api/play", json=body)
        assert response.status_code == 429 and response.headers["Retry-After"]
        assert client.get("/api/rulings/bait-and-switch-14-amber").status_code == 429
    finally:
        slots.give_back()


# ---------------------------------------------------------------- cards the engine can play


def test_card_look_up_says_whether_the_engine_can_play_each_card_in_the_compilers_words(client, kb_conn):
    from engine.compile.coverage import coverage

    # a card of a set the engine does not cover whole (one refused on purpose says why in its words)
    refused, reasons = next(iter(r for c in coverage(kb_conn) if c.refused for r in c.refused.items()))
    hit = next(
        h
        for h in client.get("/api/cards", query_string={"name": refused}).get_json()["results"]
        if h["name"] == refused
    )
    assert hit["playable"] is False and hit["why"] == "; ".join(reasons)
    troll = client.get("/api/cards?name=Troll").get_json()["results"][0]
    assert troll["name"] == "Troll" and troll["playable"] is True and troll["why"] is None


def test_an_order_of_effects_is_asked_with_the_engines_options_and_steps_name_the_cards(client):
    loaded = client.get("/api/rulings/siren-horn-assault-order").get_json()
    body = {"scenario": loaded["scenario"], "versions": ["16.0"], "answers": {"16.0": []}}
    (run,) = client.post("/api/play", json=body).get_json()["versions"]
    assert run["status"] == "decision" and run["decision"]["ref"] == "0.2"
    assert sorted(run["decision"]["options"]) == ["assault", "horn1"]
    assert "Before Fight" in run["decision"]["text"]
    body["answers"]["16.0"] = ["assault"]
    (run,) = client.post("/api/play", json=body).get_json()["versions"]
    assert run["decision"]["ref"] == "1.2" and sorted(run["decision"]["options"]) == ["assault", "horn2"]
    assert [s["words"] for s in run["steps"]] == ["You fight with Ancient Bear (b1) against Dust Pixie (p1)"]
