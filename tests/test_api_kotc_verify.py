"""POST /api/verify with a Keeper of the Cards battle scenario (``game: keeper-of-the-cards``).

Why: the endpoint began KeyForge-only (its body schema had no creatures, no battles), so a KotC
scenario got a 400. The body is now either game's scenario, told apart by ``game``; these tests
post a hand-written battle and check that it runs in engine/kotc and passes, that a bad KotC
scenario gets a 400 naming the problem, and that the run limits stop KotC runs too.
"""

from __future__ import annotations

import copy

import pytest

from api import create_app
from api.schema_check import SchemaViolation, check
from api.spec import component_schemas

KOTC = "keeper-of-the-cards"


def _error(response, status: int) -> str:
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert set(body) == {"error"} and body["error"].strip()
    return body["error"]


def raid(**extra) -> dict:
    """A hand-written battle: player1's Raider (2 offense) attacks player2, whose Guard (defense 4)
    defends. player1 rolls 4 and 2: the 4 destroys the Guard (the player's choice, given in
    ``choices``), the 2 left over reaches player2 (10 -> 8). player2's 5 destroys the Raider."""
    return {
        "id": "posted-kotc-raid",
        "game": KOTC,
        "title": "A raid by hand",
        "setup": {
            "turn": {"active": "player1"},
            "player1": {"creatures": [{"card": "Raider", "offense": 2, "defense": 3}]},
            "player2": {"hitpoints": 10, "creatures": [{"card": "Guard", "offense": 1, "defense": 4}]},
        },
        "actions": [
            {
                "battle": {
                    "team": ["Raider"],
                    "target": "player2",
                    "defenders": ["Guard"],
                    "dice": {"player1": [4, 2], "player2": [5]},
                },
                "choices": [4],
            }
        ],
        "expect": {
            "11": {
                "Guard.zone": "graveyard",
                "Raider.zone": "graveyard",
                "player2.graveyard": ["Guard"],
                "player2.hitpoints": 8,
                "player1.hitpoints": 20,
                "winner": None,
            }
        },
        **extra,
    }


def test_a_posted_kotc_battle_runs_and_passes(client):
    report = client.post("/api/verify", json=raid()).get_json()
    (result,) = report["results"]
    assert (result["version"], result["passed"], result["error"]) == ("11", True, None), result
    assert report["passed"] == 1 and report["failed"] == 0
    assert {c["path"] for c in result["checks"]} == set(raid()["expect"]["11"])
    assert any("step 3: player1 rolls 2 dice: [4, 2]" in line for line in result["trace"])
    only = client.post("/api/verify?version=11", json=raid()).get_json()
    assert [(r["version"], r["passed"]) for r in only["results"]] == [("11", True)]


def test_a_posted_kotc_scenario_with_entries_and_the_other_actions(client):
    """Entries pick the versions; modify, damage, total, recover and a counter all run."""
    scenario = {
        "id": "posted-kotc-recovery",
        "game": KOTC,
        "entries": ["example/rule/resources-exhaustion-and-recovery/example-1"],
        "setup": {
            "seed": 7,
            "player1": {
                "creatures": [
                    {"card": "Stalwart", "offense": 3, "defense": 10, "exhausted": True},
                    {"card": "Imp", "id": "Imp 1", "offense": 1, "defense": 6, "counters": [None]},
                ]
            },
        },
        "actions": [
            {"modify": {"card": "Stalwart", "offense": 4}},
            {"damage": {"card": "Stalwart", "amount": 8}},
            {"total": {"effect": "damage", "amount": 3, "among": ["Imp 1"]}},
            {"damage": {"player": "player2", "amount": 5}},
            {"recover": True},
        ],
        "expect": {
            "11": {
                "Stalwart.offense": 3,
                "Stalwart.defense": 10,
                "Stalwart.exhausted": False,
                "Imp 1.defense": 6,
                "Imp 1.counters": [None],
                "player2.hitpoints": 15,
                "active": "player2",
            }
        },
    }
    report = client.post("/api/verify", json=scenario).get_json()
    assert [(r["version"], r["passed"], r["error"]) for r in report["results"]] == [("11", True, None)], report


def test_a_wrong_expectation_is_a_failed_check_not_a_400(client):
    scenario = raid()
    scenario["expect"]["11"]["player2.hitpoints"] = 6
    (result,) = client.post("/api/verify", json=scenario).get_json()["results"]
    assert not result["passed"]
    assert {"path": "player2.hitpoints", "expected": 6, "actual": 8, "ok": False} in result["checks"]


def test_what_the_engine_refuses_is_the_runs_result(client):
    """An illegal battle (attacking with an exhausted creature) is a refusal the scenario can expect."""
    scenario = raid()
    scenario["setup"]["player1"]["creatures"][0]["exhausted"] = True
    scenario["actions"][0].pop("choices")
    scenario["expect"] = {"11": {"illegal": 0, "refusal_contains": "exhausted", "player2.hitpoints": 10}}
    (result,) = client.post("/api/verify", json=scenario).get_json()["results"]
    assert result["passed"], result


def _creature(s: dict, player: str = "player1", n: int = 0) -> dict:
    return s["setup"][player]["creatures"][n]


@pytest.mark.parametrize(
    "change, names",
    [
        (lambda s: _creature(s).pop("defense"), ["setup.player1.creatures[0]", "'defense'"]),
        (lambda s: _creature(s, "player2").pop("offense"), ["setup.player2.creatures[0]", "'offense'"]),
        (lambda s: _creature(s).update(offense="two"), ["setup.player1.creatures[0].offense"]),
        (lambda s: _creature(s).update(offense=1000), ["offense", "at most 99"]),
        (lambda s: _creature(s).update(power=3), ["power"]),
        (
            lambda s: s["setup"]["player1"]["creatures"].append({"card": "Raider", "offense": 1, "defense": 1}),
            ["Raider", "id"],
        ),
        (lambda s: s["setup"].update(player1={"amber": 3}), ["setup.player1", "amber"]),
        (lambda s: s.update(actions=[{"dance": "Raider"}]), ["actions[0]", "dance"]),
        (lambda s: s.update(actions=[{"play": "Raider"}]), ["actions[0]", "play"]),
        (lambda s: s.update(actions=[{"recover": True, "destroy": "Guard"}]), ["actions[0]", "exactly one of"]),
        (lambda s: s.update(actions=[{"choose": [1]}]), ["actions[0]", "choose"]),
        (lambda s: s.update(actions=[{"battle": {"team": ["Ghost"], "target": "player2"}}]), ["team[0]", "Ghost"]),
        (lambda s: s.update(actions=[{"battle": {"team": ["Raider"], "target": "Ghost"}}]), ["target", "Ghost"]),
        (lambda s: s.update(actions=[{"battle": {"target": "player2"}}]), ["actions[0].battle", "'team'"]),
        (lambda s: s.update(actions=[{"destroy": "Ghost"}]), ["actions[0].destroy", "Ghost"]),
        (lambda s: s.update(actions=[{"damage": {"amount": 2}}]), ["actions[0].damage", "card"]),
        (
            lambda s: s.update(actions=[{"total": {"effect": "heal", "amount": 2, "among": ["Guard"]}}]),
            ["effect", "heal"],
        ),
        (lambda s: s.update(actions=[{"recover": True}] * 201), ["actions", "at most 200"]),
        (lambda s: s["expect"]["11"].update({"Raider.colour": "red"}), ["Raider.colour"]),
        (lambda s: s["expect"]["11"].update({"Ghost.zone": "graveyard"}), ["Ghost"]),
        (lambda s: s["expect"].update({"x" * 40: {}}), ["expect"]),
        (lambda s: s.update(game="chess"), ["game", "chess", "keyforge", KOTC]),
        (lambda s: s.update(game=7), ["game", "keyforge", KOTC]),
        (lambda s: s.pop("game"), ["unknown key", "no game given: read as a keyforge scenario"]),
    ],
)
def test_bad_kotc_scenarios_get_a_400_naming_the_problem(client, change, names):
    scenario = raid()
    change(scenario)
    message = _error(client.post("/api/verify", json=scenario), 400)
    for name in names:
        assert name in message, message


def test_the_step_limit_stops_a_kotc_run(built_kb):
    tight = create_app(built_kb, VERIFY_MAX_STEPS=3).test_client()
    assert "engine steps" in _error(tight.post("/api/verify", json=raid()), 400)


def test_the_time_limit_stops_a_kotc_run(built_kb):
    slow = create_app(built_kb, VERIFY_SECONDS=0.0).test_client()
    assert "longer than" in _error(slow.post("/api/verify", json=raid()), 400)


def test_a_long_kotc_scenario_hits_the_default_step_limit(client):
    """Within the schema's caps, yet over the budget: each "a total of" spread over 20 creatures
    and each Recovery Phase resetting them records 20 changes or more, 100 times over."""
    names = [f"C{i}" for i in range(20)]
    spread = {"total": {"effect": "increase_offense", "amount": 100, "among": names}, "choices": [5] * 19}
    scenario = raid(
        setup={"player1": {"creatures": [{"card": n, "offense": 1, "defense": 1} for n in names]}},
        actions=[spread, {"recover": True}] * 100,
        expect={"11": {"winner": None}},
    )
    assert "engine steps" in _error(client.post("/api/verify", json=scenario), 400)
    scenario["actions"] = scenario["actions"][:2]  # one round is well within it
    (result,) = client.post("/api/verify", json=scenario).get_json()["results"]
    assert result["passed"] and len(result["trace"]) > 40, result


def test_an_oversized_kotc_body_is_refused(client):
    assert "too large" in _error(client.post("/api/verify", json=raid(note="x" * 70_000)), 413)


def test_the_request_schema_tells_the_games_apart_by_game():
    components = component_schemas()
    schema = {"$ref": "#/components/schemas/VerifyScenario"}
    check(raid(), schema, components)
    keyforge = {"id": "k", "expect": {"1.1": {}}, "setup": {"player1": {"amber": 2}}}
    check(keyforge, schema, components)  # no game: KeyForge
    check(dict(keyforge, game="keyforge"), schema, components)
    with pytest.raises(SchemaViolation, match=r"setup\.player1: unknown key 'amber'"):
        check(dict(keyforge, game=KOTC), schema, components)  # checked as KotC only: one clear message
    with pytest.raises(SchemaViolation, match="game: expected one of keyforge, keeper-of-the-cards, got 'go'"):
        check(dict(keyforge, game="go"), schema, components)
    with pytest.raises(SchemaViolation, match="^body: expected an object, got"):
        check([1], schema, components)
    bad = copy.deepcopy(raid())
    bad["setup"]["player1"]["creatures"][0]["counters"] = [{"owner": "player2"}]
    with pytest.raises(SchemaViolation, match="counter"):
        check(bad, schema, components)


def test_what_a_kotc_decision_offered_is_checkable(client):
    """The first die of the raid may go to the Guard or to player2's hitpoints: checked with
    ``decisions.A.N.offered`` / ``not_offered`` / ``chosen``, as for KeyForge."""
    expect = {"Guard.zone": "graveyard", "decisions.0.1.chosen": 4}
    report = client.post("/api/verify", json=raid(expect={"11": expect})).get_json()
    (result,) = report["results"]
    assert result["passed"], result
    offered = next(
        c
        for c in client.post("/api/verify", json=raid(expect={"11": {"decisions.0.1.not_offered": [99]}})).get_json()[
            "results"
        ][0]["checks"]
    )
    assert offered["ok"] and offered["actual"], offered
    wrong = client.post(
        "/api/verify", json=raid(expect={"11": {"decisions.0.1.not_offered": offered["actual"][:1]}})
    ).get_json()["results"][0]
    assert not wrong["passed"]
