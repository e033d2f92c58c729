"""Constant abilities about key colours and the keys that win (engine/rules/forging.py): "Red keys
cost +1" (Fighting Expertise, CC) makes the red key cost more to forge at cost, so the player chooses
among the keys they can pay for; "you draw 2 additional cards during your "draw cards step."" (Scheming
Expertise) draws beyond the refill, however full the hand."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize(
    "amber, offered, answer, left",
    [
        (6, ["blue", "yellow"], "blue", 0),
        (7, ["red", "blue", "yellow"], "red", 0),
        (7, ["red", "blue", "yellow"], "yellow", 1),
    ],
)
def test_a_red_key_costs_one_more(kb_conn, tmp_path, amber, offered, answer, left):
    assert_compiled(kb_conn, "Fighting Expertise")
    # "Red keys cost +1.": with 6 the red key (7) cannot be forged, with 7 any can
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
            id: red-keys-cost-more
            setup:
              turn: {{active: player2, house: brobnar}}
              player1: {{amber: {amber}, archon_power: "Fighting Expertise", hand: [Troll]}}
              player2: {{amber: 0, deck: [Punch, Punch, Punch, Punch, Punch, Punch]}}
            actions:
              - end_turn: true
                to_step: 2
                choices: [{answer}]
            expect:
              "16.0": {{player1.keys: 1, player1.key_colors: [{answer}], player1.amber: {left}, decisions.0.1.offered: {offered}}}
            """,
        )
    )


def test_a_red_key_not_paid_for_is_not_forged(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Fighting Expertise")
    # the blue and yellow keys forged, 6 Æmber: the red key costs 7
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
            id: red-key-unpaid
            setup:
              turn: {active: player2, house: brobnar}
              player1: {amber: 6, keys: [blue, yellow], archon_power: "Fighting Expertise", hand: [Troll]}
              player2: {amber: 0, deck: [Punch, Punch, Punch, Punch, Punch, Punch]}
            actions:
              - {end_turn: true, to_step: 2}
            expect:
              "16.0": {player1.keys: 2, player1.amber: 6, winner: null}
            """,
        )
    )


def test_additional_cards_are_drawn_beyond_a_full_hand(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Scheming Expertise")
    # 6 cards in hand: the refill draws none, the blue key's 2 additional cards are drawn all the same
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
            id: scheming-full-hand
            setup:
              turn: {active: player1, house: brobnar}
              player1: {amber: 0, keys: [blue], archon_power: "Scheming Expertise",
                        hand: [Punch, Punch, Punch, Punch, Punch, Punch], deck: [Troll, Troll, Troll]}
              player2: {amber: 0, houses: [brobnar], deck: [Punch, Punch, Punch, Punch, Punch, Punch]}
            actions:
              - {end_turn: true, to_step: 2}
            expect:
              "16.0": {player1.hand_size: 8, active: player2}
            """,
        )
    )
