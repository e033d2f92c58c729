"""The rules engine replays rulings per rulebook version, from general rules, card definitions and
the rule set of each version (switches from data, errata from the KB)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from conftest import run_cli
from engine.core.choices import Chooser
from engine.core.errors import ChoiceError
from engine.rules.rulesets import load_switches, ruleset_from_kb
from engine.replay.scenario_file import all_scenarios, load_scenario
from engine.replay.scenario import run, versions_for
from engine.replay.verify import verify_report


def test_every_bundled_scenario_passes_under_each_version(kb_conn):
    report = verify_report(kb_conn, run_all=True)
    failures = [
        (r["id"], r["version"], r["error"], [c for c in r["checks"] if not c["ok"]])
        for r in report["results"]
        if not r["passed"]
    ]
    assert not failures
    assert report["passed"] >= 8


def test_scenarios_replay_where_their_question_appears(kb_conn):
    by_id = {s.id: s for s in all_scenarios()}
    assert versions_for(kb_conn, by_id["bait-and-switch-14-amber"]) == ["1.1", "1.2", "1.3", "16.0"]


def test_bait_and_switch_answer_changes_with_the_erratum(kb_conn):
    scenario = {s.id: s for s in all_scenarios()}["bait-and-switch-14-amber"]
    amber = {}
    for version in ("1.2", "1.3"):
        result = run(kb_conn, scenario, version)
        amber[version] = next(c.actual for c in result.checks if c.path == "player1.amber")
        assert sum("steals 1 Æmber" in line for line in result.trace) == amber[version]
    assert amber == {"1.2": 7, "1.3": 2}


def test_errata_come_from_the_kb(kb_conn):
    assert "Bait and Switch" not in ruleset_from_kb(kb_conn, "keyforge", "1.2").errata
    text, version = ruleset_from_kb(kb_conn, "keyforge", "1.3").errata["Bait and Switch"]
    assert version == "1.3" and "preceding effect" in text
    assert ruleset_from_kb(kb_conn, "keyforge", "16.0").errata["Bait and Switch"][1] == "16.0"


def test_every_switch_cites_an_entry_of_its_version(kb_conn):
    """Each value's sources exist in its version, and each quote is a sentence of one of them."""
    from engine.rules.rulesets import _contains, switch_values

    for name, values in switch_values().items():
        for value in values:
            bodies = []
            for source in value.sources:
                row = kb_conn.execute(
                    "SELECT body FROM entries e JOIN documents d ON d.id = e.document WHERE d.version = ? AND e.key = ?",
                    (value.version, source),
                ).fetchone()
                assert row, (name, value.version, source)
                bodies.append(row[0])
            for quote in value.quotes:
                assert any(_contains(b, quote) for b in bodies), (name, value.version, quote)


def test_switches_without_a_kb_take_the_nearest_earlier_declared_value():
    assert load_switches("1.1")["first_turn_rule_modifiable"].value is False
    assert load_switches("14")["first_turn_rule_modifiable"].value is True
    assert load_switches("14")["first_turn_rule_modifiable"].source_version == "1.2"


def test_bundled_versions_tell_every_switch_from_their_text(kb_conn):
    """1.3 and 16.0 declare few values: the others are told by what their own text states."""
    from engine.rules.rulesets import resolve_switches, switch_values

    declared = {(n, v.version) for n, vs in switch_values().items() for v in vs}
    for version in ("1.1", "1.2", "1.3", "16.0"):
        for name, s in resolve_switches(kb_conn, "keyforge", version).items():
            assert s.how == ("declared" if (name, version) in declared else "text"), (version, name, s)
    told = resolve_switches(kb_conn, "keyforge", "1.3")
    assert told["reactions_to_simultaneous_destruction"].value is False  # 1.3 keeps 1.2's DESTROYED text
    assert told["destruction_waits_for_destroyed_abilities"].value is False
    assert resolve_switches(kb_conn, "keyforge", "16.0")["first_turn_rule_modifiable"].value is True


def test_chooser_asks_only_real_decisions():
    chooser = Chooser()
    assert chooser.choose("flank", ["right"]) == "right"  # one legal option: no question
    with pytest.raises(ChoiceError, match="flank.*options: left, right"):
        chooser.choose("flank", ["left", "right"])
    chooser = Chooser(["middle"])
    with pytest.raises(ChoiceError, match="'middle' is not an option"):
        chooser.choose("flank", ["left", "right"])
    chooser = Chooser(["left", "extra"])
    assert chooser.choose("flank", ["left", "right"]) == "left"
    with pytest.raises(ChoiceError, match="left over"):
        chooser.finish()


WRONG_BAIT_AND_SWITCH = """
        id: wrong
        entries: ["My opponent has 14 Æmber in their pool and I have 0 in mine"]
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: ["Bait and Switch"]}
          player2: {amber: 14}
        actions: [{play: Bait and Switch}]
        expect:
          "1.1": {player1.amber: 3}
        """


def _write(tmp_path, body: str):
    path = tmp_path / "s.yaml"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


def test_a_wrong_expectation_fails(kb_conn, tmp_path):
    path = _write(tmp_path, WRONG_BAIT_AND_SWITCH)
    result = run(kb_conn, load_scenario(path), "1.1")
    assert not result.passed and result.checks[0].actual == 7


def test_off_house_play_is_refused(kb_conn, tmp_path):
    path = _write(
        tmp_path,
        """
        id: off-house
        entries: []
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: ["Virtuous Works"]}
        actions: [{play: Virtuous Works}]
        expect:
          "1.1": {illegal: 0, refusal_contains: "not of the active house", player1.amber: 0}
        """,
    )
    assert run(kb_conn, load_scenario(path), "1.3").passed


def _unplayable_action(kb_conn) -> tuple[str, str]:
    """An action card (and its house) whose text the engine can neither compile nor finds a hand
    definition for."""
    from engine.cards.definitions import how_defined

    for name, text, house in kb_conn.execute(
        "SELECT name, text, house FROM cards WHERE type = 'action' AND house IS NOT NULL ORDER BY set_code, number"
    ):
        if how_defined(name, text or "", "action")[0] == "refused":
            return name, house
    raise AssertionError("every action card of the card data is playable: pick another kind of card")


def test_unimplemented_and_unknown_cards_are_errors_not_silent(kb_conn, tmp_path):
    missing, house = _unplayable_action(kb_conn)
    for card, message in [(missing, "not implemented"), ("No Such Card", "unknown card")]:
        path = _write(
            tmp_path,
            f"""
            id: x
            setup:
              turn: {{active: player1, house: {house}}}
              player1: {{hand: ["{card}"]}}
            actions: [{{play: "{card}"}}]
            expect:
              "16.0": {{player1.amber: 0}}
            """,
        )
        result = run(kb_conn, load_scenario(path), "16.0")
        assert not result.passed and message in result.error, result.error


def test_verify_cli(kb_copy, tmp_path):
    proc = run_cli("verify", "--all", "--db", str(kb_copy))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert lines[-1].endswith("0 failed") and any(line.startswith("coverage 1.3:") for line in lines)
    bad = _write(tmp_path, WRONG_BAIT_AND_SWITCH)
    proc = run_cli("verify", "--file", str(bad), "--version", "1.1", "--db", str(kb_copy), "--json")
    assert proc.returncode == 1
    import json

    data = json.loads(proc.stdout)
    assert data["failed"] == 1 and data["results"][0]["checks"][0]["actual"] == 7


@pytest.mark.cli
def test_verify_a_file_linked_to_no_entry(kb_copy, tmp_path):
    """A scenario written from card texts names no rulebook entry: ``verify --file`` replays it
    from the version its ``expect`` states on, as ``POST /api/verify`` does (not "no KB entry")."""
    path = tmp_path / "troll.yaml"
    path.write_text(
        """
id: troll-heals
entries: []
setup:
  turn: {active: player1, house: brobnar}
  player1: {battleline: [{card: Troll, damage: 4}]}
actions: [{reap: Troll}]
expect:
  "1.2": {Troll.damage: 1, player1.amber: 1}
""",
        encoding="utf-8",
    )
    import json

    proc = run_cli("verify", "--file", str(path), "--db", str(kb_copy), "--json")
    data = json.loads(proc.stdout)
    assert proc.returncode == 0 and [r["version"] for r in data["results"]] == ["1.2", "1.3", "16.0"], data
    proc = run_cli("verify", "--file", str(path), "--version", "1.1", "--db", str(kb_copy))
    assert proc.returncode == 1  # before the version its expectations start at: nothing replays


@pytest.mark.cli
def test_verify_lists_what_no_scenario_replays(kb_copy):
    """``--uncovered`` names the entries still missing a scenario, counted against the replayed set:
    with one scenario file, its own FAQ entry is covered and every other one is listed."""
    bait = Path(__file__).parents[1] / "rulings" / "keyforge" / "bait-and-switch-14-amber.yaml"
    proc = run_cli("verify", "--file", str(bait), "--uncovered", "--version", "1.2", "--db", str(kb_copy))
    assert proc.returncode == 0, proc.stderr
    listed = [line for line in proc.stdout.splitlines() if line.startswith("uncovered ")]
    assert listed and all(line.startswith("uncovered 1.2 ") for line in listed)
    assert not any("bait-and-switch" in line for line in listed)
    assert any(line.startswith("uncovered 1.2 faq faq/i-have-the-card-pitlord") for line in listed)
    assert len(listed) == 25 + 5 - 1  # 1.2: 25 FAQ entries and 5 worked examples, one replayed


def test_chain_penalty_follows_the_chart():
    from engine.rules.turn import chain_penalty

    assert [chain_penalty(n) for n in (0, 1, 6, 7, 12, 13, 18, 19, 24)] == [0, 1, 1, 2, 2, 3, 3, 4, 4]


def test_end_turn_runs_next_players_forge_and_house_choice(kb_conn, tmp_path):
    body = """
        id: next-turn
        setup:
          turn: {active: player1, house: logos}
          player2: {amber: 7, hand: ["Virtuous Works", "Phase Shift"]}
        actions:
          - end_turn: true
          %s
        expect:
          "1.1": {active_house: logos, player2.keys: 1, player2.amber: 1}
        """
    answered = run(kb_conn, load_scenario(_write(tmp_path, body % "- choose: [logos]")), "1.1")
    assert answered.passed, answered
    unanswered = run(kb_conn, load_scenario(_write(tmp_path, body % "")), "1.1")
    assert not unanswered.passed and "chooses a house" in unanswered.error and "logos, sanctum" in unanswered.error


def test_keywords_are_read_from_the_text_in_force():
    from engine.rules.keywords import keywords, only_keywords

    assert keywords(
        "Elusive. (The first time this creature is attacked each turn, no damage is dealt.)"
        "\x0bAction: Choose an enemy creature."
    ) == {"elusive": 1}
    assert keywords("Assault 2.(Before this creature attacks, deal 2<D> to the attacked creature.)") == {"assault": 2}
    assert keywords("Elusive. Hazardous 6. Poison. Skirmish.") == {
        "elusive": 1,
        "hazardous": 6,
        "poison": 1,
        "skirmish": 1,
    }
    assert keywords("Play: Destroy each elusive creature.") == {}
    assert only_keywords("(Vanilla)") and only_keywords("Taunt.\u202f(This creature’s neighbors cannot be attacked.)")
    assert not only_keywords("Taunt. While Pitlord is in play you must choose Dis as your active house.")


def test_duplicate_scenario_ids_are_refused(tmp_path):
    from engine.core.errors import ScenarioError

    for name in ("a", "b"):
        (tmp_path / f"{name}.yaml").write_text("id: same\nexpect: {'1.1': {}}\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match="already used"):
        all_scenarios(tmp_path)


def test_unknown_action_keys_are_named(kb_conn, tmp_path):
    path = _write(
        tmp_path,
        """
        id: typo
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: ["Bait and Switch"]}
        actions: [{play: Bait and Switch, target: [x]}]
        expect:
          "1.1": {player1.amber: 0}
        """,
    )
    result = run(kb_conn, load_scenario(path), "1.1")
    assert not result.passed and "unknown keys ['target']" in result.error


def test_a_refusal_the_scenario_did_not_declare_fails_it(kb_conn, tmp_path):
    body = """
        id: two-refusals
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: ["Virtuous Works", "Bait and Switch"]}
        actions: [{play: Virtuous Works}, {play: Bait and Switch}]
        expect:
          "1.1": {illegal: %s, player1.amber: 0}
        """
    only_first = run(kb_conn, load_scenario(_write(tmp_path, body % "0")), "1.1")
    assert not only_first.passed and only_first.checks[0].actual == [0, 1]
    both = run(kb_conn, load_scenario(_write(tmp_path, body % "[0, 1]")), "1.1")
    assert both.passed, both


@pytest.mark.parametrize("kind", ["faq", "example"])
def test_every_faq_entry_and_worked_example_has_a_passing_scenario(kb_conn, kind):
    """The issues' coverage bar: every FAQ answer and worked example of 1.1, 1.2, 1.3 and 16.0
    replays (that they pass is test_every_bundled_scenario_passes_under_each_version)."""
    from engine.replay.verify import coverage

    cover = coverage(kb_conn, all_scenarios(), kind)
    for version in ("1.1", "1.2", "1.3", "16.0"):
        covered, total = cover[version]
        assert total > 0 and covered == total, (version, kind, covered, total)


def test_every_card_a_ruling_names_is_implemented(kb_conn):
    """A card named by a FAQ entry, erratum or worked example of 1.x or 16.0 has a definition for
    every text it has had (every printing and erratum), so no ruling about it can fail with 'not
    implemented'."""
    from engine.cards.definitions import definition

    rows = kb_conn.execute(
        """SELECT DISTINCT c.name, c.text, c.type FROM entry_cards ec
           JOIN entries e ON e.id = ec.entry JOIN documents d ON d.id = e.document
           JOIN cards c ON c.id = ec.card
           WHERE d.game = 'keyforge' AND d.version IN ('1.1', '1.2', '1.3', '16.0')
             AND e.kind IN ('faq', 'example', 'errata')"""
    ).fetchall()
    errata = {
        name: [
            t
            for (t,) in kb_conn.execute(
                """SELECT ce.text FROM card_errata ce JOIN cards c ON c.id = ce.card
           JOIN documents d ON d.id = ce.document
           WHERE c.name = ? AND d.version IN ('1.1', '1.2', '1.3', '16.0')""",
                (name,),
            )
        ]
        for name, _, _ in rows
    }
    assert len(rows) >= 150
    for name, text, typ in rows:
        # compiled as the engine compiles it in play: with its type ("this creature" of an upgrade)
        for t in [text or "", *errata[name]]:
            definition(name, t, typ or "").variant_for(t)


def test_a_keyword_an_upgrade_grants_is_read_whatever_space_the_card_data_writes():
    """AoA's Way of the Porcupine writes "Hazardous\u202f3" (a narrow no-break space)."""
    from engine.rules.keywords import granted

    for space in (" ", "\u00a0", "\u202f"):
        assert granted(
            f"This creature gains Hazardous{space}3. (Before this creature is attacked, deal 3 to the attacking enemy.)"
        ) == {"hazardous": 3}


def test_a_swap_that_fails_leaves_that_creature_naming_nothing(kb_conn, tmp_path):
    """Found by the fuzzer (1.1, game 8432): Timetraveller wearing Transposition Sandals used for
    its "Action:" abilities shuffled itself away, then the gained "Swap ... You may use that
    creature" failed and its second sentence stopped the game. Only the one chosen of the two
    resolves now (16.0 "Action"), so that sequence cannot recur; a swap that fails because there is
    no other friendly creature must leave its second sentence doing nothing all the same."""
    path = _write(
        tmp_path,
        """
        id: sandals
        setup:
          turn: {active: player1, house: logos}
          player1: {battleline: [{card: Timetraveller, upgrades: [Transposition Sandals]}], deck: [Troll]}
        actions: [{action: Timetraveller, choices: [Transposition Sandals]}]
        expect:
          "1.1": {Timetraveller.zone: battleline, Transposition Sandals.zone: upgrade, player1.deck: [Troll]}
        """,
    )
    result = run(kb_conn, load_scenario(path), "1.1")
    assert result.passed, (result.error, result.trace[-6:])
