"""The constant abilities in force and the listening reactions are kept while the game state does
not change (engine.core.changes): a kept list that missed a change would play a card's constant
ability after it left play, or miss one that entered. The safety net is the check mode
(``RULEBASE_CHECK_CACHES=1``), which works each list out afresh and fails on a stale one; these
tests show it catches a change that was not counted, and replay a spread of scenarios with it on."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core import changes
from engine.core.errors import EngineError
from engine.replay.scenario import prepare, run
from engine.replay.scenario_file import load_scenario
from engine.core.choices import Chooser
from engine.core.state import LastingEffect
from engine.rules.common_statics import PowerModifier
from engine.rules.statics import answers, Static

HERE = Path(__file__).parent / "scenarios"
#: every 8th scenario of the later sets and every 4th rewritten keyteki test: cards of all kinds
WAITING = {line.strip() for line in (HERE / "waiting.txt").read_text(encoding="utf-8").splitlines()}
SPREAD = [
    p
    for p in sorted(HERE.glob("[a-z]*/*.yaml"))[::8] + sorted((HERE / "keyteki").glob("*.yaml"))[::4]
    if f"{p.parent.name}/{p.stem}" not in WAITING  # those stop for a card not playable yet
]


@pytest.fixture
def checking(monkeypatch):
    monkeypatch.setattr(changes, "CHECK", True)


def _board(kb_conn):
    setup = {
        "player1": {"battleline": ["Troll", "Grey Monk"], "hand": ["Krump"]},
        "player2": {"battleline": ["Urchin"]},
    }
    return prepare(kb_conn, "keyforge", setup, "16.0", Chooser(), None, None)


def test_a_constant_ability_ends_when_its_card_leaves_play(kb_conn):
    # Grey Monk: "Each friendly creature gets +1 armor."
    engine = _board(kb_conn)
    troll, monk = engine.game.players["player1"].zones["battleline"]
    assert engine.armor(troll) == 1
    engine.game.move(monk, "discard")
    assert engine.armor(troll) == 0
    engine.game.move(monk, "battleline")
    assert engine.armor(troll) == 1


def test_the_check_mode_catches_a_change_that_was_not_counted(kb_conn, checking):
    engine = _board(kb_conn)
    engine.listeners("reap")
    engine.statics()
    line = engine.game.players["player1"].zones["battleline"]
    # a creature put in play behind the engine's back: list.append, not the tracked list's own
    extra = engine.game.players["player1"].zones["hand"][0]
    list.append(line, extra)
    extra.zone = "battleline"
    with pytest.raises(EngineError, match="stale"):
        engine.listeners("reap")
        engine.statics()


def test_nothing_changed_keeps_the_list(kb_conn):
    engine = _board(kb_conn)
    assert engine.statics() is engine.statics()


@pytest.mark.parametrize("path", SPREAD, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_scenario_replays_the_same_with_every_kept_list_checked(kb_conn, checking, path):
    result = run(kb_conn, load_scenario(path), "16.0")
    assert result.error is None or "stale" not in result.error, result.error


def test_a_question_is_asked_only_of_the_abilities_that_answer_it(kb_conn):
    # Grey Monk's "+1 armor" answers armor, not power: power asks no ability on this board, and the
    # sublist is taken again once the Monk has left play
    engine = _board(kb_conn)
    troll, monk = engine.game.players["player1"].zones["battleline"]
    assert [src for _, src, _ in engine.statics_with(("armor",))] == [monk]
    assert engine.statics_with(("power",)) == []
    assert engine.statics_with(("armor",)) is engine.statics_with(("armor",))
    engine.game.move(monk, "discard")
    assert engine.statics_with(("armor",)) == []
    assert (engine.power(troll), engine.armor(troll)) == (8, 0)


def test_a_class_answers_what_it_overrides_and_anything_not_a_static_is_asked():
    class MorePower(Static):
        def power(self, eng, source, controller, creature) -> int:
            return 1

    class Shadowed(Static):
        armor = 2  # a field of the same name as a question: asked, never skipped

    assert answers(MorePower, ("power",)) and answers(MorePower, ("armor", "power"))
    assert not answers(MorePower, ("armor",)) and not answers(Static, ("power", "armor"))
    assert answers(Shadowed, ("armor",))
    assert answers(object, ("power",))


def test_the_turn_passing_changes_the_abilities_in_force_only_through_an_effect_waiting_for_it(kb_conn):
    # the kept list survives a turn no effect waits for; "during your next turn" comes into force
    # when that turn begins, though nothing else changed
    engine = _board(kb_conn)
    troll = engine.game.players["player1"].zones["battleline"][0]
    kept = engine.statics()
    engine.game.turn += 1
    assert engine.statics() is kept
    assert engine.power(troll) == 8
    waiting = {"static": PowerModifier(2), "card": troll, "during_turn": engine.game.turn + 1}
    engine.game.lasting.append(LastingEffect("static", "a test", "player1", waiting))
    assert engine.power(troll) == 8  # not this turn
    engine.game.turn += 1
    assert engine.power(troll) == 10
    engine.game.turn += 1
    assert engine.power(troll) == 8
