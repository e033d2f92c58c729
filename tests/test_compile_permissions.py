"""Permissions to play off the active house this turn ("You may play a non-Star Alliance creature
this turn": one card, of those types, of any house but that one)."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize("second", ["Krump", "Anger"])
def test_one_non_house_creature_this_turn(kb_conn, tmp_path, second):
    assert_compiled(kb_conn, "Subject Kirby")
    # "Play/After Fight/After Reap: You may play a non-Star Alliance creature this turn.": Troll (a
    # Brobnar creature) may be played; then neither a second creature nor an action card of
    # another house (one card, creatures only): the third action is refused
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: subject-kirby
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{hand: ["Subject Kirby", Troll, {second}]}}
        actions:
          - play: Subject Kirby
          - play: Troll
            flank: right
          - play: {second}
        expect:
          "16.0": {{Troll.zone: battleline, {second}.zone: hand, illegal: 2}}
        """,
        )
    )


def test_an_action_card_is_no_creature(kb_conn, tmp_path):
    # the permission is for a creature: an action card of another house stays in hand
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: subject-kirby-action
        setup:
          turn: {active: player1, house: staralliance}
          player1: {hand: ["Subject Kirby", Anger]}
        actions:
          - play: Subject Kirby
          - play: Anger
        expect:
          "16.0": {Anger.zone: hand, illegal: 1}
        """,
        )
    )
