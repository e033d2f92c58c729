""" "If <condition>, destroy <this card>": a constant ability (no bold precursor) checked whenever the
state is (engine.rules.hooks.DestroyedWhile)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_destroyed_once_there_are_no_enemy_creatures(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Slayer")
    # "If there are no enemy creatures in play, destroy Slayer.": while Troll is in play Slayer
    # stays; once Slayer's fight destroys the last enemy creature, it destroys itself
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: slayer
        setup:
          turn: {active: player1, house: dis}
          player1: {battleline: ["Slayer"]}
          player2: {battleline: ["Dust Pixie"]}
        actions:
          - fight: {attacker: Slayer, target: Dust Pixie}
        expect:
          "16.0": {Dust Pixie.zone: discard, Slayer.zone: discard}
        """,
        )
    )
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: slayer-stays
        setup:
          turn: {active: player1, house: dis}
          player1: {battleline: ["Slayer"]}
          player2: {battleline: ["Dust Pixie", "Troll"]}
        actions:
          - fight: {attacker: Slayer, target: Dust Pixie}
        expect:
          "16.0": {Dust Pixie.zone: discard, Slayer.zone: battleline}
        """,
        )
    )
