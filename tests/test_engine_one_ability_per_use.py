"""A card with more than one "Action:" ability (its own and one an upgrade gives it) resolves one of
them each time it is used, the one the active player chooses: 16.0 rulebook, "Action" ("If a
creature has multiple "Action:" and/or "Omni:" abilities, only one of them can be resolved each
time the creature is used") and "Artifacts" (the same for an artifact). Before, both resolved."""

from __future__ import annotations

import pytest

from engine.core.choices import ChoiceError
from tests.boards import assert_passed, card, engine_for, labels, replay

#: Yantzee Gang ("Action: Steal 1") wearing Transposition Sandals ("This creature gains, 'Action:
#: Swap this creature with another friendly creature in the battleline. ...'")
BOARD = {
    "turn": {"active": "player1", "house": "shadows"},
    "player1": {"amber": 0, "battleline": [{"card": "Yantzee Gang", "upgrades": ["Transposition Sandals"]}, "Troll"]},
    "player2": {"amber": 3},
}


def test_its_own_action_alone_when_chosen(kb_conn):
    eng = engine_for(kb_conn, BOARD, answers=["Yantzee Gang"])
    eng.use(card(eng, "Yantzee Gang"), "action")
    assert eng.game.players["player1"].amber == 1 and eng.game.players["player2"].amber == 2
    assert labels(eng, "player1", "battleline") == ["Yantzee Gang", "Troll"]  # no swap
    assert not eng.chooser.pending


def test_the_upgrades_action_alone_when_chosen(kb_conn):
    eng = engine_for(kb_conn, BOARD, answers=["Transposition Sandals", "Troll"])
    eng.use(card(eng, "Yantzee Gang"), "action")
    assert labels(eng, "player1", "battleline") == ["Troll", "Yantzee Gang"]
    assert eng.game.players["player1"].amber == 0 and eng.game.players["player2"].amber == 3  # no steal


def test_the_choice_is_a_decision_that_must_be_answered(kb_conn):
    eng = engine_for(kb_conn, BOARD)
    with pytest.raises(
        ChoiceError,
        match='Yantzee Gang: which "Action:" ability resolves: no answer given; '
        "options: Yantzee Gang, Transposition Sandals",
    ):
        eng.use(card(eng, "Yantzee Gang"), "action")


def test_one_action_ability_resolves_without_asking(kb_conn):
    board = {**BOARD, "player1": {"amber": 0, "battleline": ["Yantzee Gang", "Troll"]}}
    eng = engine_for(kb_conn, board)
    eng.use(card(eng, "Yantzee Gang"), "action")
    assert eng.game.players["player1"].amber == 1


def test_a_scenario_checks_the_options_offered(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: one-action-per-use
        entries: []
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, battleline: [{card: Yantzee Gang, upgrades: [Transposition Sandals]}, Troll]}
          player2: {amber: 3}
        actions:
          - action: Yantzee Gang
            choices: [Yantzee Gang]
        expect:
          "16.0":
            player1.amber: 1
            player1.battleline: [Yantzee Gang, Troll]
            decisions.0.1.offered: [Yantzee Gang, Transposition Sandals]
            decisions.0.1.chosen: Yantzee Gang
        """,
    )
    assert_passed(result)
