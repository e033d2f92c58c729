"""Counters of a named kind ("Put 1 trade counter on The Æmber Road, then gain 1 for each trade
counter on it", "If Platopelta has a wisdom counter, ...", "You may put a wisdom counter on
Platopelta"): kept on the card while it is in play."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay
from engine.compile import compile_report


def test_counters_add_up_and_are_counted(kb_conn, tmp_path):
    assert_compiled(kb_conn, "The Æmber Road")
    # "Omni: Put 1 trade counter on The Æmber Road, then gain 1 for each trade counter on it. Give
    # control of The Æmber Road to your opponent.": player 1's use gains 1; player 2 can use it once
    # it has readied (their second turn): 2 counters on it, so they gain 2, and it goes back
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: the-aember-road
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {artifacts: ["The Æmber Road"]}
        actions:
          - omni: The Æmber Road
          - {end_turn: true, to_step: 2}
          - choose_house: ekwidon
          - {end_turn: true, to_step: 2}
          - choose_house: ekwidon
          - {end_turn: true, to_step: 2}
          - choose_house: ekwidon
          - omni: The Æmber Road
        expect:
          "16.0": {player1.amber: 1, player2.amber: 2, The Æmber Road.controller: player1}
        """,
        )
    )


def test_a_counter_on_another_card_by_name(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Socraterosaurus")
    assert_compiled(kb_conn, "Platopelta")
    # Socraterosaurus: "After Reap: Draw 1 card. You may put a wisdom counter on Platopelta."; then
    # Platopelta's "If Platopelta has a wisdom counter, draw 1 card, archive 1 card, and ..." draws
    # (without the counter it only archives: "Otherwise, archive 1 card."); no Aristotlmimus in
    # play, so no counter to put on it
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: socraterosaurus-platopelta
        setup:
          turn: {active: player1, house: saurian}
          player1: {battleline: [Socraterosaurus, Platopelta], hand: [Troll], deck: [Krump, Anger, Punch]}
        actions:
          - reap: Socraterosaurus
            choices: [yes]
          - reap: Platopelta
            choices: [Troll]
        expect:
          "16.0": {player1.amber: 2, Troll.zone: archives, player1.hand_size: 2}
        """,
        )
    )


def test_the_counters_the_rules_define_are_no_named_kind():
    # a ward counter is the rules' own (glossary "Ward"): not read as a counter of no effect
    variant, refusals = compile_report("Play: Put a ward counter on a creature.", "Test Card", "action")
    assert variant is None
    assert "ward" in refusals[0].message
