"""Constant abilities at the edges of a turn: "At the start of your turn, ...", "At the end of
each turn, ...", "At the end of each player's turn, ..." (reactions to the ``start_of_turn`` and
``end_of_turn`` events of engine.rules.turn; 16.0 timing chart: "'Start of turn' effects resolve."
before step 1)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_at_the_start_of_your_turn_is_its_controllers_turn_only(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Liam Say")
    # "At the start of your turn, you may deal 1 to a creature.": player2's Liam Say does nothing
    # as player1's turn ends; at the start of player2's turn it deals 1 (the "may" answered yes)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: liam-say-start-of-turn
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: ["Troll", "Krump"]}
          player2: {battleline: ["Liam Say"]}
        actions:
          - end_turn: true
            choices: ["yes", Krump]
        expect:
          "16.0": {Krump.damage: 1, Troll.damage: 0, active: player2}
        """,
        )
    )
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: liam-say-not-on-opponents-turn
        setup:
          turn: {active: player2, house: shadows}
          player1: {battleline: ["Troll", "Krump"]}
          player2: {battleline: ["Liam Say"]}
        actions:
          - end_turn: true
        expect:
          "16.0": {Krump.damage: 0, Troll.damage: 0, active: player1}
        """,
        )
    )


def test_at_the_end_of_each_turn_is_either_players(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Pincerator", "Tyrannus Aquilae")
    # "At the end of each turn, deal 1 to each flank creature." on the opponent's turn too: both
    # flanks of each battleline, not the creature in the middle
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: pincerator-end-of-each-turn
        setup:
          turn: {active: player2, house: brobnar}
          player1: {artifacts: ["Pincerator"], battleline: ["Troll", "Krump", "Bumpsy"]}
        actions:
          - end_turn: true
            to_step: 1
        expect:
          "16.0": {Troll.damage: 1, Krump.damage: 0, Bumpsy.damage: 1}
        """,
        )
    )
    # "At the end of each player's turn, SELF captures 1." on the opponent's turn ending
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: tyrannus-aquilae-end-of-each-turn
        setup:
          turn: {active: player2, house: brobnar}
          player1: {battleline: ["Tyrannus Aquilae"], amber: 2}
          player2: {amber: 3}
        actions:
          - end_turn: true
            to_step: 1
        expect:
          "16.0": {Tyrannus Aquilae.amber: 1, player2.amber: 2}
        """,
        )
    )
