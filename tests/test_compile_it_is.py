"""Conditions on the card named before ("If it is a creature", "If it is a Mutant creature"), on the
opponent ("If your opponent is haunted") and on the turn ("If it is not your turn")."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize("top, amber", [("Troll", 2), ("Punch", 1)])
def test_if_the_discarded_card_is_a_creature(kb_conn, tmp_path, top, amber):
    assert_compiled(kb_conn, "Harvest Skimmer")
    # "After Reap: Discard the top card of your deck. If it is a creature, gain 1.": "it" is the
    # discarded card; a creature gains 1 more than the reap, an action card does not
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: harvest-skimmer
        setup:
          turn: {{active: player1, house: geistoid}}
          player1: {{battleline: ["Harvest Skimmer"], deck: [{top}, Krump]}}
        actions:
          - reap: Harvest Skimmer
        expect:
          "16.0": {{player1.amber: {amber}, {top}.zone: discard, Krump.zone: deck}}
        """,
        )
    )


@pytest.mark.parametrize("discarded, stolen", [(10, 2), (9, 1)])
def test_if_your_opponent_is_haunted(kb_conn, tmp_path, discarded, stolen):
    assert_compiled(kb_conn, "Mnemoleech")
    # "After Reap: If your opponent is haunted, steal 2. Otherwise, steal 1." (10 cards in their
    # discard pile, not yours)
    discard = ", ".join(["Troll"] * discarded)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: mnemoleech
        setup:
          turn: {{active: player1, house: unfathomable}}
          player1: {{battleline: ["Mnemoleech"]}}
          player2: {{amber: 5, discard: [{discard}]}}
        actions:
          - reap: Mnemoleech
        expect:
          "16.0": {{player1.amber: {1 + stolen}, player2.amber: {5 - stolen}}}
        """,
        )
    )


def test_if_it_is_not_your_turn(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Siphonapterian")
    # "Destroyed: If it is not your turn, gain 2.": destroyed fighting on its owner's turn, no gain
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: siphonapterian-own-turn
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {battleline: ["Siphonapterian"]}
          player2: {battleline: ["Krump"]}
        actions:
          - fight: {attacker: Siphonapterian, target: Krump}
        expect:
          "16.0": {Siphonapterian.zone: discard, player1.amber: 0}
        """,
        )
    )
    # destroyed attacking on the opponent's turn: its controller gains 2
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: siphonapterian-opponents-turn
        setup:
          turn: {active: player2, house: brobnar}
          player1: {battleline: ["Siphonapterian"]}
          player2: {battleline: ["Krump"]}
        actions:
          - fight: {attacker: Krump, target: Siphonapterian}
        expect:
          "16.0": {Siphonapterian.zone: discard, player1.amber: 2}
        """,
        )
    )
