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


@pytest.mark.parametrize("keys, troll", [(2, "discard"), (1, "battleline")])
def test_assault_x_for_the_turn_where_x_is_the_opponents_forged_keys(kb_conn, tmp_path, keys, troll):
    from engine.compile import compile_text

    (text,) = kb_conn.execute("SELECT text FROM cards WHERE name = 'Avenging Aura' AND set_code = 'PV'").fetchone()
    compile_text(text, "Avenging Aura", "action")  # the DT data prints no "Play:": that printing stays refused
    # "Play: For the remainder of the turn, each friendly creature gains assault X, where X is the
    # number of forged keys your opponent has.": Krump (6 power) attacks Troll (8 power): with 2
    # keys forged by player 2, assault 2 + 6 destroys Troll; with 1, Troll survives 7
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: avenging-aura
        setup:
          turn: {{active: player1, house: redemption}}
          player1: {{hand: ["Avenging Aura (PV 090)"], battleline: [{{card: Krump, house: redemption}}]}}
          player2: {{keys: {keys}, battleline: [Troll]}}
        actions:
          - play: Avenging Aura
          - fight: {{attacker: Krump, target: Troll}}
        expect:
          "16.0": {{Troll.zone: {troll}}}
        """,
        )
    )
