"""The tide (16.0 glossary "Tide": "When either player raises the tide, the tide becomes high for
them and low for their opponent"): a card playable only while the tide is high for its player, and
a creature capturing after either player raises the tide."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize("tide, amber, illegal", [("player1", 3, "null"), ("player2", 0, 0)])
def test_play_only_if_the_tide_is_high(kb_conn, tmp_path, tide, amber, illegal):
    assert_compiled(kb_conn, "Strange Ordination")
    # "Play only if the tide is high." (3 Æmber bonus): high for player 1, it is played; high for
    # player 2 (low for player 1), playing it is refused
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: strange-ordination
        setup:
          turn: {{active: player1, house: sanctum, tide_high: {tide}}}
          player1: {{amber: 0, hand: [Strange Ordination]}}
        actions:
          - play: Strange Ordination
        expect:
          "16.0": {{player1.amber: {amber}, illegal: {illegal}}}
        """,
        )
    )


def test_captures_from_your_opponent_after_a_player_raises_the_tide(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Seneschal Sargassa")
    # "After a player raises the tide, Seneschal Sargassa captures 2 from your opponent.": player 2
    # controls Sargassa; player 1 raises the tide (Marshal Ewer's play): Sargassa takes 2 of player 1's
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: seneschal-sargassa
        setup:
          turn: {active: player1, house: sanctum}
          player1: {amber: 5, hand: [Marshal Ewer]}
          player2: {amber: 4, battleline: [Seneschal Sargassa]}
        actions:
          - play: Marshal Ewer
        expect:
          "16.0": {Seneschal Sargassa.amber: 2, player1.amber: 3, player2.amber: 4, tide_high: player1}
        """,
        )
    )
