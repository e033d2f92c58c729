"""Permissions for the turn that name the house they do not cover: "You may play or use one
non-Star Alliance card this turn" (CXO Taber: one card, played or used), "You may use a non-Star
Alliance creature this turn" (Corporal Bridger: one creature, used only), "You may reap with up to 2
non-Star Alliance creatures this turn" (J43G3R V: two creatures, to reap only), "For the remainder
of the turn, you may play a non-Star Alliance card" (Multi-Dimensional Rescue)."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize(
    "first, second, amber",
    [
        # the permission is taken by the use: Bumpsy then stays in hand
        ("reap: Dust Pixie", "{play: Bumpsy, flank: right}", 2),
        # taken by the play: Dust Pixie then cannot reap (Bumpsy's "Play:" makes player2 lose 1)
        ("{play: Bumpsy, flank: right}", "reap: Dust Pixie", 1),
    ],
)
def test_play_or_use_one_non_house_card(kb_conn, tmp_path, first, second, amber):
    assert_compiled(kb_conn, "CXO Taber")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: cxo-taber
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{amber: 0, hand: [Bumpsy], battleline: ["CXO Taber", Dust Pixie]}}
          player2: {{amber: 3}}
        actions:
          - reap: CXO Taber
          - {first}
          - {second}
        expect:
          "16.0": {{player1.amber: {amber}, illegal: 2}}
        """,
        )
    )


def test_use_one_non_house_creature(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Corporal Bridger")
    # one creature, used: Dust Pixie reaps; Troll (a second) cannot, nor may Bumpsy be played
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: corporal-bridger
        setup:
          turn: {active: player1, house: staralliance}
          player1: {amber: 0, hand: ["Corporal Bridger", Bumpsy], battleline: [Dust Pixie, Troll]}
        actions:
          - play: Corporal Bridger
            flank: right
          - reap: Dust Pixie
          - reap: Troll
          - play: Bumpsy
        expect:
          "16.0": {player1.amber: 1, Troll.exhausted: false, Bumpsy.zone: hand, illegal: [2, 3]}
        """,
        )
    )


def test_reap_with_up_to_two_non_house_creatures(kb_conn, tmp_path):
    assert_compiled(kb_conn, "J43G3R V")
    # "After Reap: You may reap with up to 2 non-Star Alliance creatures this turn": Troll may not
    # fight under it; Troll and Dust Pixie reap; a third (Krump) may not
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: j43g3r-v
        setup:
          turn: {active: player1, house: staralliance}
          player1: {amber: 0, battleline: ["J43G3R V", Troll, Dust Pixie, Krump]}
          player2: {battleline: [Urchin]}
        actions:
          - reap: J43G3R V
          - fight: {attacker: Troll, target: Urchin}
          - reap: Troll
          - reap: Dust Pixie
          - reap: Krump
        expect:
          "16.0": {player1.amber: 3, Krump.exhausted: false, Urchin.zone: battleline, illegal: [1, 4]}
        """,
        )
    )


def test_for_the_remainder_of_the_turn_play_one_non_house_card(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Multi-Dimensional Rescue")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: multi-dimensional-rescue
        setup:
          turn: {active: player1, house: staralliance}
          player1: {amber: 0, hand: ["Multi-Dimensional Rescue", Bumpsy, Anger]}
          player2: {amber: 2}
        actions:
          - play: Multi-Dimensional Rescue
          - play: Bumpsy
          - play: Anger
        expect:
          "16.0": {Bumpsy.zone: battleline, Anger.zone: hand, "Multi-Dimensional Rescue.zone": purged, illegal: 2}
        """,
        )
    )


def test_draw_for_each_non_house_neighbor(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Camaraderie")
    # "Exhaust a friendly Star Alliance creature. If you do, draw 2 cards for each of its non-Star
    # Alliance neighbors.": Subject Kirby, between Troll and CXO Taber (Star Alliance): 2 cards
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: camaraderie
        setup:
          turn: {active: player1, house: staralliance}
          player1: {hand: [Camaraderie], battleline: [Troll, Subject Kirby, CXO Taber], deck: [Krump, Krump, Krump, Krump]}
        actions:
          - play: Camaraderie
            choices: [Subject Kirby]
        expect:
          "16.0": {player1.hand_size: 2, Subject Kirby.exhausted: true}
        """,
        )
    )
