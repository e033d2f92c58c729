"""Random games with the engine's invariants checked after every step (issue 3, reliability): a short
seeded run finds nothing, games really progress, and the checker and the fuzzer do catch breakage."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import ChoiceError, IllegalAction
from engine.fuzz.random_games import RandomChooser, card_pool, fuzz, new_game
from engine.fuzz.invariants import invariant_breaks
from engine.rules.game import Engine
from engine.rules.rulesets import ruleset_from_kb

SHORT_RUN = 100


@pytest.fixture
def fresh_game(kb_conn):
    rules = ruleset_from_kb(kb_conn, "keyforge", "1.3")
    return new_game(card_pool(kb_conn, rules), rules, "test/0")


@pytest.mark.slow
def test_short_random_run_breaks_no_invariant_and_games_progress(kb_conn):
    report = fuzz(kb_conn, SHORT_RUN, seed=2024, version="1.3")
    assert not report.failures, "\n\n".join(map(str, report.failures[:3]))
    assert report.games == SHORT_RUN
    assert sum(report.wins.values()) >= SHORT_RUN * 0.8  # most games end with a third key
    assert report.wins["player1"] and report.wins["player2"]
    assert report.done["keys"] >= 3 * sum(report.wins.values())
    for kind in ("play", "reap", "fight", "discard", "end_turn", "activate_prophecy"):
        assert report.done[kind] > SHORT_RUN, kind
    assert report.steps > 20 * SHORT_RUN and report.decisions > 0


@pytest.mark.slow
@pytest.mark.parametrize("version", ["1.1", "1.2", "16.0"])
def test_random_games_under_other_rule_sets(kb_conn, version):
    report = fuzz(kb_conn, 15, seed=7, version=version)
    assert not report.failures, "\n\n".join(map(str, report.failures[:3]))
    assert sum(report.wins.values()) + report.draws == 15 and report.done["keys"]


@pytest.mark.slow
def test_same_seed_same_games(kb_conn):
    first, second = (fuzz(kb_conn, 5, seed=11) for _ in range(2))
    assert (first.steps, first.done, first.wins) == (second.steps, second.done, second.wins)
    assert fuzz(kb_conn, 5, seed=12).done != first.done


def test_decks_have_three_houses_and_the_first_player_starts_with_seven(fresh_game):
    eng, roster = fresh_game
    g = eng.game
    # 36 cards a deck, and beside each deck up to 4 prophecies, of no house (engine.fuzz.prophecies)
    prophecies = [c for c in roster if c.zone == "prophecies"]
    assert len(roster) - len(prophecies) == 72
    assert 0 < len(prophecies) <= 8 and {c.type for c in prophecies} == {"prophecy"}
    for pname, player in g.players.items():
        assert len(player.houses) == 3
        assert {c.house for c in roster if c.owner == pname and c not in prophecies} <= set(player.houses)
    assert len(g.players["player1"].zone("hand")) == 7 and len(g.players["player2"].zone("hand")) == 6
    assert g.first_turn and g.step == 2 and g.active == "player1"
    assert invariant_breaks(eng, roster) == []


def test_checker_finds_a_duplicated_card(fresh_game):
    eng, roster = fresh_game
    p1 = eng.game.players["player1"]
    p1.zones["discard"].append(p1.zone("hand")[0])
    assert any("two places" in p for p in invariant_breaks(eng, roster))


def test_checker_finds_a_lost_card_and_negative_amber(fresh_game):
    eng, roster = fresh_game
    p2 = eng.game.players["player2"]
    lost = p2.zones["deck"].pop()
    p2.amber = -1
    broken = " ".join(invariant_breaks(eng, roster))
    assert lost.label in broken and "cards lost" in broken
    assert "player2 has negative Æmber" in broken


def test_checker_finds_misplaced_cards_and_a_game_that_did_not_end(fresh_game):
    eng, roster = fresh_game
    g = eng.game
    p1 = g.players["player1"]
    non_creature = next(c for c in roster if c.type != "creature")
    g.take(non_creature)
    p1.zones["battleline"].append(non_creature)
    non_creature.zone = "battleline"
    p1.keys = 3
    broken = " ".join(invariant_breaks(eng, roster))
    assert "stands in player1's battleline" in broken
    assert "forged a third key but the winner is None" in broken
    p1.keys = 4
    assert "player1 has 4 keys" in " ".join(invariant_breaks(eng, roster))


def test_random_chooser_answers_every_decision_and_never_asks_a_single_option():
    chooser = RandomChooser(random.Random(1))
    assert chooser.choose("only one", ["left"]) == "left" and chooser.asked == 0
    answers = {chooser.choose("flank", ["left", "right"]) for _ in range(40)}
    assert answers == {"left", "right"} and chooser.asked == 40
    assert chooser.may("optional?") in (True, False)
    with pytest.raises(ChoiceError):
        chooser.choose("nothing to choose", [])


def test_fuzzer_reports_a_refusal_that_changed_the_state(kb_conn, monkeypatch):
    def sloppy_discard(self, card):
        self.game.played_from_hand += 1
        raise IllegalAction("refused too late")

    monkeypatch.setattr(Engine, "discard_from_hand", sloppy_discard)
    report = fuzz(kb_conn, 3, seed=1)
    assert report.failures and all(f.kind == "contradiction" for f in report.failures)
    assert "refused too late" in report.failures[0].message and report.failures[0].trace


def test_fuzzer_reports_an_engine_exception_with_seed_and_step(kb_conn, monkeypatch):
    def broken_gain(self, player, amount, why):
        raise KeyError("boom")

    monkeypatch.setattr(Engine, "gain", broken_gain)
    failure = fuzz(kb_conn, 1, seed=9).failures[0]
    assert failure.kind == "exception" and "KeyError" in failure.message
    assert (failure.seed, failure.game) == (9, 0) and "seed 9 game 0" in str(failure)
