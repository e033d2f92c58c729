"""Constant abilities and reactions about using creatures and the houses they belong to: "while
<condition>, SELF cannot be used" (no fight, reap or action), "after a creature is used to fight,
..." (the creature that fought, even one destroyed in that fight), "this creature belongs to house
X in addition to its other houses"."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize("tide, illegal", [(", tide_high: player2", "[0]"), ("", "[]")])
def test_cannot_be_used_while(kb_conn, tmp_path, tide, illegal):
    assert_compiled(kb_conn, "Valoocanth")
    # "While the tide is low, Valoocanth cannot be used.": low for player1 (high for player2), it
    # cannot reap; neutral, it can
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: valoocanth
        setup:
          turn: {{active: player1, house: brobnar{tide}}}
          player1: {{battleline: [Valoocanth]}}
        actions:
          - reap: Valoocanth
        expect:
          "16.0": {{illegal: {illegal}}}
        """,
        )
    )


@pytest.mark.parametrize("attacker, bumpsy, troll", [("Bumpsy", 1, 0), ("Troll", 0, 1)])
def test_after_a_creature_is_used_to_fight(kb_conn, tmp_path, attacker, bumpsy, troll):
    assert_compiled(kb_conn, "Shattered Throne")
    # "After a creature is used to fight, it captures 1.": the creature that fought captures from
    # its opponent (player2 has 3)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: shattered-throne
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{artifacts: [Shattered Throne], battleline: [Bumpsy, Troll]}}
          player2: {{amber: 3, battleline: [Dust Pixie]}}
        actions:
          - fight: {{attacker: {attacker}, target: Dust Pixie}}
        expect:
          "16.0": {{Bumpsy.amber: {bumpsy}, Troll.amber: {troll}, player2.amber: 2}}
        """,
        )
    )


@pytest.mark.parametrize("upgrades, illegal", [("[Badge of Unity]", "[]"), ("[]", "[0]")])
def test_belongs_to_a_house_in_addition(kb_conn, tmp_path, upgrades, illegal):
    assert_compiled(kb_conn, "Badge of Unity")
    # "This creature belongs to house Star Alliance in addition to its other houses.": Troll can be
    # used with Star Alliance active
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: badge-of-unity
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{battleline: [{{card: Troll, upgrades: {upgrades}}}]}}
        actions:
          - reap: Troll
        expect:
          "16.0": {{illegal: {illegal}}}
        """,
        )
    )
