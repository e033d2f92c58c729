"""Keeper of the Cards battle engine: the six steps of a battle, simultaneity, damage, recovery,
named counters read from the KB, "a total of" spreading, decisions, seeded dice; and the bundled
rulings/kotc scenarios through ``verify_report`` and the build.
"""

from __future__ import annotations

import json

import pytest

from engine.core.choices import Chooser
from engine.core.errors import ChoiceError, IllegalAction, ScenarioError
from engine.kotc import GAME
from engine.kotc.battle import battle, recover
from engine.kotc.counters import counters_from_kb, parse, remove_counter
from engine.kotc.damage import destroy_by_effect, spread_total
from engine.kotc.scenario import build_board, run_kotc
from engine.replay.scenario_file import all_scenarios, scenario_from_dict
from engine.replay.scenario import versions_for
from engine.replay.verify import verify_report


@pytest.fixture
def rules(kb_conn):
    return counters_from_kb(kb_conn, GAME, "11")


def board(p1=(), p2=(), **setup):
    """A board from creature tuples (label, offense, defense[, extra mapping])."""

    def creatures(items):
        return [{"card": c[0], "offense": c[1], "defense": c[2], **(c[3] if len(c) > 3 else {})} for c in items]

    return build_board(
        {
            "player1": {"hitpoints": setup.pop("hp1", 20), "creatures": creatures(p1)},
            "player2": {"hitpoints": setup.pop("hp2", 20), "creatures": creatures(p2)},
            **setup,
        }
    )


def fight(b, rules, team, target, defenders=(), dice=None, answers=()):
    chooser = Chooser(answers)
    battle(b, chooser, rules, list(team), target, list(defenders), dice)
    chooser.finish()


# step 1: attacking team and target
def test_attacking_team_is_exhausted_and_exhausted_creatures_cannot_attack(rules):
    b = board([("A", 1, 5), ("B", 1, 5, {"exhausted": True})])
    fight(b, rules, ["A"], "player2", dice={"player1": [3]})
    assert b.creature("A").exhausted and b.players["player2"].hitpoints == 17
    with pytest.raises(IllegalAction, match="exhausted"):
        fight(b, rules, ["B"], "player2", dice={"player1": [3]})


def test_each_target_once_per_battle_phase_and_again_after_recovery(rules):
    b = board([("A", 1, 5), ("B", 1, 5), ("C", 1, 5)], [("X", 0, 9)])
    fight(b, rules, ["A"], "player2", dice={"player1": [2]})
    with pytest.raises(IllegalAction, match="already targeted"):
        fight(b, rules, ["B"], "player2", dice={"player1": [2]})
    fight(b, rules, ["B"], "X", dice={"player1": [2]})  # the player's creature is another target
    assert b.creature("X").defense == 7 and b.creature("B").exhausted
    recover(b)
    recover(b)  # player2's turn passes back to player1
    fight(b, rules, ["C"], "player2", dice={"player1": [1]})
    assert b.players["player2"].hitpoints == 17


def test_a_refused_battle_changes_nothing(rules):
    b = board([("A", 1, 5)], [("X", 1, 5, {"exhausted": True})])
    with pytest.raises(IllegalAction, match="X is exhausted"):
        fight(b, rules, ["A"], "player2", ["X"], dice={"player1": [3]})
    assert not b.creature("A").exhausted and "player2" not in b.targeted and not b.trace


def test_cannot_target_yourself_or_defend_with_another_players_creature(rules):
    b = board([("A", 1, 5), ("B", 1, 5)], [("X", 1, 5)])
    with pytest.raises(IllegalAction):
        fight(b, rules, ["A"], "player1")
    with pytest.raises(IllegalAction):
        fight(b, rules, ["A"], "B")
    with pytest.raises(IllegalAction, match="not player2's creature"):
        fight(b, rules, ["A"], "player2", ["B"])


# steps 3 and 4: dice, defending order, next surviving creature
def test_dice_count_is_the_teams_total_offense(rules):
    b = board([("A", 2, 5), ("B", 1, 5)])
    with pytest.raises(ScenarioError, match="rolls 3 dice"):
        fight(b, rules, ["A", "B"], "player2", dice={"player1": [6, 6]})


def test_each_die_goes_to_the_next_surviving_creature_in_the_defending_order(rules):
    b = board([("A", 3, 30)], [("D", 0, 4), ("E", 0, 10)])
    # 6 on D destroys it (the extra 2 is wasted), then 1 and 1 on E
    fight(b, rules, ["A"], "player2", ["D", "E"], dice={"player1": [1, 6, 1]}, answers=[6])
    assert not b.creature("D").in_play and b.creature("E").defense == 8
    assert b.players["player2"].hitpoints == 20


def test_dice_order_is_the_players_choice_and_an_unanswered_one_is_an_error(rules):
    b = board([("A", 2, 30)], [("D", 0, 3)])
    with pytest.raises(
        ChoiceError, match=r"player1: die to inflict on D \(defense 3\): no answer given; options: 5, 3"
    ):
        fight(b, rules, ["A"], "player2", ["D"], dice={"player1": [5, 3]})
    b = board([("A", 2, 30)], [("D", 0, 3)])
    fight(b, rules, ["A"], "player2", ["D"], dice={"player1": [5, 3]}, answers=[3])
    assert not b.creature("D").in_play and b.players["player2"].hitpoints == 15  # the 5 is left over


# steps 5 and 6: what is left over
def test_leftover_attacking_dice_hit_a_target_creature_outside_the_defending_team(rules):
    b = board([("A", 2, 30)], [("T", 0, 12), ("D", 0, 3)])
    fight(b, rules, ["A"], "T", ["D"], dice={"player1": [3, 4]}, answers=[3])
    assert not b.creature("D").in_play and b.creature("T").defense == 8


def test_a_destroyed_target_takes_no_leftover_dice(rules):
    b = board([("A", 2, 30)], [("T", 0, 3)])
    fight(b, rules, ["A"], "T", ["T"], dice={"player1": [6, 6]})  # equal dice: no decision
    assert not b.creature("T").in_play and b.players["player2"].hitpoints == 20


def test_leftover_defending_dice_hit_the_attacker_only_when_a_player_was_targeted(rules):
    b = board([("A", 1, 2)], [("D", 2, 20), ("T", 0, 20)])
    fight(b, rules, ["A"], "T", ["D"], dice={"player1": [1], "player2": [6, 4]}, answers=[6])
    assert not b.creature("A").in_play and b.players["player1"].hitpoints == 20  # the 4 is lost
    b = board([("A", 1, 2)], [("D", 2, 20)])
    fight(b, rules, ["A"], "player2", ["D"], dice={"player1": [1], "player2": [6, 4]}, answers=[6])
    assert b.players["player1"].hitpoints == 16


def test_steps_4_to_6_are_simultaneous_both_at_zero_is_a_draw(rules):
    b = board([("A", 2, 1)], [("D", 2, 1)], hp1=3, hp2=3)
    fight(b, rules, ["A"], "player2", ["D"], dice={"player1": [4, 4], "player2": [4, 4]})
    assert b.winner == "draw" and "the game ends in a draw" in b.trace
    with pytest.raises(IllegalAction, match="game is over"):
        fight(b, rules, ["A"], "player2")


def test_one_player_at_zero_loses(rules):
    b = board([("A", 1, 5)], hp2=2)
    fight(b, rules, ["A"], "player2", dice={"player1": [2]})
    assert b.winner == "player1"


def test_damage_to_exactly_zero_destroys_and_recovery_resets(rules):
    b = board([("A", 1, 8)], [("X", 2, 8)])
    b.active = "player2"
    fight(b, rules, ["X"], "A", dice={"player2": [4, 4]})
    assert not b.creature("A").in_play and b.creature("A").counters == []
    recover(b)
    assert b.active == "player1" and not b.creature("X").exhausted and not b.creature("A").in_play


# counters, read from the KB
def test_counter_effects_come_from_the_kb_entries(rules):
    assert {n: (r.shape, r.stat, r.amount) for n, r in rules.items()} == {
        "offense": ("stat", "offense", 1),
        "defense": ("stat", "defense", 5),
        "weakness": ("stat", "offense", -1),
        "damage": ("damage_die", None, 0),
        "exhaustion": ("exhaust", None, 0),
        "dice": ("reroll", None, 0),
        "immortality": ("immortal", None, 0),
    }
    assert parse("odd", "Turn the card upside down.").shape == "unknown"
    assert parse("big", "Increase the card's defense by 12.").amount == 12


def test_stat_counters_and_their_owner(rules):
    b = board(
        [("A", 1, 5, {"counters": ["offense", "defense", "weakness", {"counter": "offense", "owner": "player2"}]})]
    )
    for name in ("offense", "defense", "weakness"):
        remove_counter(b, rules, b.creature("A"), name, "player1", Chooser())
    a = b.creature("A")
    assert (a.offense, a.defense) == (1, 10) and [c.owner for c in a.counters] == ["player2"]
    with pytest.raises(IllegalAction, match="player1 owns no offense counter"):
        remove_counter(b, rules, a, "offense", "player1", Chooser())
    remove_counter(b, rules, a, "offense", "player2", Chooser())
    assert a.offense == 2 and a.counters == []


def test_damage_exhaustion_and_unknown_counters(rules):
    b = board([("A", 1, 5, {"counters": ["damage", "exhaustion", "glitter"]})], dice=[5])
    remove_counter(b, rules, b.creature("A"), "exhaustion", "player1", Chooser())
    assert b.creature("A").exhausted
    with pytest.raises(ScenarioError, match="no named counter 'glitter'"):
        remove_counter(b, rules, b.creature("A"), "glitter", "player1", Chooser())
    remove_counter(b, rules, b.creature("A"), "damage", "player1", Chooser())
    assert not b.creature("A").in_play  # the die showed 5


def test_dice_counter_rerolls_any_die_during_a_battle(rules):
    b = board([("A", 1, 5, {"counters": ["dice"]})], dice=[6])
    with pytest.raises(IllegalAction, match="no die"):
        remove_counter(b, rules, b.creature("A"), "dice", "player1", Chooser())
    fight(b, rules, ["A"], "player2", dice={"player1": [1]}, answers=["yes"])
    assert b.players["player2"].hitpoints == 14 and b.creature("A").counters == []


def test_immortality_stops_a_destroy_effect_but_not_damage(rules):
    b = board([("A", 1, 5, {"counters": ["immortality", "immortality"]})])
    destroy_by_effect(b, b.creature("A"), Chooser(["yes"]))
    assert b.creature("A").in_play and len(b.creature("A").counters) == 1
    with pytest.raises(ChoiceError, match="immortality counter from A"):
        destroy_by_effect(b, b.creature("A"), Chooser())
    recover(b)  # player2's turn: damage destroys A whatever counters it holds
    b.creatures.append(
        build_board({"player2": {"creatures": [{"card": "X", "offense": 1, "defense": 9}]}}).creature("X")
    )
    fight(b, rules, ["X"], "A", dice={"player2": [5]})
    assert not b.creature("A").in_play


# "a total of"
def test_a_total_is_capped_by_each_targets_defense(rules):
    b = board(p2=[("T", 0, 6), ("U", 0, 10)])
    with pytest.raises(ChoiceError, match=r"10 is not an option; options: 0, 1, 2, 3, 4, 5, 6"):
        spread_total(b, Chooser([10]), "damage", 10, [b.creature("T"), b.creature("U")])
    b = board(p2=[("T", 0, 6), ("U", 0, 10)])
    spread_total(b, Chooser([6]), "damage", 10, [b.creature("T"), b.creature("U")])
    assert not b.creature("T").in_play and b.creature("U").defense == 6


def test_a_total_uses_as_much_as_possible_and_forced_shares_resolve_themselves(rules):
    b = board(p2=[("T", 0, 6)])
    spread_total(b, Chooser(), "damage", 10, [b.creature("T")])
    assert not b.creature("T").in_play and "only 6 can be used" in b.trace[0]
    b = board(p2=[("T", 3, 6), ("U", 2, 6)])
    spread_total(b, Chooser(), "decrease_offense", 9, [b.creature("T"), b.creature("U")])
    assert (b.creature("T").offense, b.creature("U").offense) == (0, 0)


def test_a_total_missing_and_leftover_answers_are_errors(rules):
    b = board(p2=[("T", 0, 6), ("U", 0, 10)])
    with pytest.raises(ChoiceError, match="a total of 10 damage: amount for T: no answer"):
        spread_total(b, Chooser(), "damage", 10, [b.creature("T"), b.creature("U")])
    chooser = Chooser([2, 7])
    spread_total(b, chooser, "increase_defense", 5, [b.creature("T"), b.creature("U")])
    assert (b.creature("T").defense, b.creature("U").defense) == (8, 13)
    with pytest.raises(ChoiceError, match="left over"):
        chooser.finish()


# seeded dice
def test_seeded_dice_are_reproducible_and_scripted_dice_come_first(rules):
    def rolled(seed, dice=()):
        b = board([("A", 6, 5)], seed=seed, dice=list(dice))
        fight(b, rules, ["A"], "player2")
        return b.trace[1]

    assert rolled(7) == rolled(7)
    assert len({rolled(s) for s in range(5)}) > 1
    assert rolled(7, [6, 6]).startswith("step 3: player1 rolls 6 dice: [6, 6, ")


def test_bad_setups_are_scenario_errors():
    with pytest.raises(ScenarioError, match="unknown keys"):
        build_board({"player1": {"amber": 3}})
    with pytest.raises(ScenarioError, match="1 to 6"):
        build_board({"dice": [7]})
    with pytest.raises(ScenarioError, match="give one an id"):
        build_board(
            {
                "player1": {"creatures": [{"card": "A", "offense": 1, "defense": 1}]},
                "player2": {"creatures": [{"card": "A", "offense": 1, "defense": 1}]},
            }
        )


# the scenario format
def test_scenario_actions_answers_refusals_and_errors(kb_conn):
    raw = {
        "id": "t",
        "game": GAME,
        "entries": ["rule/battles"],
        "setup": {"player1": {"creatures": [{"card": "A", "offense": 1, "defense": 5}]}},
        "actions": [
            {"battle": {"team": ["A"], "target": "player2", "dice": {"player1": [4]}}},
            {"battle": {"team": ["A"], "target": "player2"}},
        ],
        "expect": {"11": {"player2.hitpoints": 16, "illegal": 1, "refusal_contains": "exhausted"}},
    }
    result = run_kotc(kb_conn, scenario_from_dict(raw), "11")
    assert result.passed and result.error is None, result
    raw["actions"] = [{"total": {"effect": "damage", "amount": 3, "among": ["A", "A2"]}}]
    raw["setup"]["player1"]["creatures"].append({"card": "A", "id": "A2", "offense": 1, "defense": 5})
    raw["expect"] = {"11": {"A.defense": 5}}
    assert "amount for A: no answer" in run_kotc(kb_conn, scenario_from_dict(raw), "11").error
    raw["actions"].append({"choose": [1, 9]})
    assert "left over" in run_kotc(kb_conn, scenario_from_dict(raw), "11").error
    raw["actions"] = []
    raw["expect"] = {"11": {"A.color": 1}}
    assert "unknown check path" in run_kotc(kb_conn, scenario_from_dict(raw), "11").error


@pytest.mark.slow
def test_bundled_kotc_scenarios_pass_through_verify_report(kb_conn):
    kotc = [s for s in all_scenarios() if s.game == GAME]
    assert len(kotc) >= 4 and all(s.path.parent.name == "kotc" for s in kotc)
    report = verify_report(kb_conn, run_all=True)
    results = {r["id"]: r for r in report["results"] if r["id"].startswith("kotc-")}
    assert set(results) == {s.id for s in kotc}
    assert all(r["passed"] and r["version"] == "11" and r["checks"] for r in results.values()), results
    assert all(versions_for(kb_conn, s) == ["11"] for s in kotc)
    assert "11" not in report["coverage"]  # FAQ coverage lines are KeyForge's


def test_bundled_kotc_scenarios_are_stored_by_the_build(kb_conn):
    kotc = {s.id: s for s in all_scenarios() if s.game == GAME}
    rows = kb_conn.execute(
        "SELECT s.id, s.game, s.path, v.version, v.passed, v.trace FROM scenarios s "
        "JOIN verifications v ON v.scenario = s.id WHERE s.game = ?",
        (GAME,),
    ).fetchall()
    assert {r[0] for r in rows} == set(kotc)
    for sid, game, path, version, passed, trace in rows:
        assert path == f"rulings/kotc/{kotc[sid].path.name}" and version == "11" and passed == 1
        assert json.loads(trace)
    linked = kb_conn.execute("""SELECT e.key FROM scenario_entries se JOIN entries e ON e.id = se.entry
                                WHERE se.scenario = 'kotc-battle-example-a-b-c-against-d-e'""").fetchall()
    assert linked == [("example/rule/battles/example-1",)]


def test_a_kotc_run_spends_the_budget_of_its_limits(kb_conn):
    from engine.core.errors import LimitExceeded
    from engine.core.limits import Limits
    from engine.replay.scenario import run

    scenario = {s.id: s for s in all_scenarios()}["kotc-battle-example-a-b-c-against-d-e"]
    with pytest.raises(LimitExceeded):
        run(kb_conn, scenario, "11", Limits(max_steps=3, seconds=60))
    assert run(kb_conn, scenario, "11", Limits(max_steps=1000, seconds=60)).passed


def test_a_stored_kotc_ruling_replays_through_the_api(client):
    report = client.post("/api/rulings/kotc-battle-example-a-b-c-against-d-e/verify").get_json()
    assert [(r["version"], r["passed"]) for r in report["results"]] == [("11", True)]
