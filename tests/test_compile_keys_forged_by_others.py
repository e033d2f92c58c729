"""Keys a card makes the opponent forge: "your opponent forges a key at no cost" set up by an ability
for when its card leaves play ("If you do, when Turnkey leaves play, ...": engine.rules.leaves_play,
only if the ability's first part happened), and "your opponent forges a key at current cost"."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize("keys, after", [(1, 1), (0, 0)])
def test_opponent_forges_at_no_cost_when_it_leaves_play_if_a_key_was_unforged(kb_conn, tmp_path, keys, after):
    assert_compiled(kb_conn, "Turnkey")
    # "Play: Unforge an opponent's key. If you do, when Turnkey leaves play, your opponent forges a
    # key at no cost.": player 2's one key is unforged, then Gateway to Dis destroys Turnkey and
    # player 2 forges a key for nothing (0 Æmber); with no key to unforge, nothing waits
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: turnkey-leaves-play
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{hand: [Turnkey, Gateway to Dis]}}
          player2: {{amber: 0, keys: {keys}}}
        actions:
          - play: Turnkey
          - play: Gateway to Dis
        expect:
          "16.0": {{player2.keys: {after}, player2.amber: 0, Turnkey.zone: discard}}
        """,
        )
    )


def test_opponent_forges_at_current_cost(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Prince Bufo")
    # "Fate: Your opponent forges a key at current cost." Prince Bufo lies under player 1's
    # Overreach; player 2 reaps with Troll and fulfils it: the fate resolves for player 2, so "your
    # opponent" is player 1, who forges at 6 of their 8
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: prince-bufo-fate
        setup:
          turn: {active: player2, house: brobnar}
          player1: {amber: 8, prophecies: [{card: Overreach, beneath: [Prince Bufo]}]}
          player2: {amber: 0, battleline: [Troll]}
        actions:
          - reap: Troll
        expect:
          "16.0": {player1.amber: 2, player1.keys: 1, player2.keys: 0, player2.amber: 1}
        """,
        )
    )
