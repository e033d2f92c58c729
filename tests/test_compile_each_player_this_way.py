""" "Each player <gains N / draws a card> for each <card> they controlled that was <purged / destroyed>
this way": per player, as many as the cards done this way that player controlled
(engine.library.this_way.EachPlayerGainsPer)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_each_player_gains_for_each_card_they_controlled_purged_this_way(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Harvest Time")
    # "Play: Choose a trait. Purge each card with that trait. Each player gains 1 for each card they
    # controlled that was purged this way.": Giant: Troll (player1) and Krump, Bumpsy (player2)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: harvest-time
        setup:
          turn: {active: player1, house: dis}
          player1: {hand: [Harvest Time], battleline: [Troll, Dust Pixie]}
          player2: {battleline: [Krump, Bumpsy, Lamindra]}
        actions:
          - play: Harvest Time
            choices: [giant]
        expect:
          "16.0": {player1.amber: 1, player2.amber: 2, Troll.zone: purged, Bumpsy.zone: purged,
                   Dust Pixie.zone: battleline, Lamindra.zone: battleline}
        """,
        )
    )


def test_each_player_draws_for_each_creature_they_controlled_destroyed_this_way(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Final Analysis")
    # "Play: Destroy each creature. Each player draws a card for each creature they controlled that
    # was destroyed this way.": player1 lost 1 (draws 1), player2 lost 3 (draws 3)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: final-analysis
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: [Final Analysis], battleline: [Troll], deck: [Punch, Anger, Punch]}
          player2: {battleline: [Krump, Bumpsy, Lamindra], deck: [Punch, Anger, Punch, Anger]}
        actions:
          - play: Final Analysis
        expect:
          "16.0": {player1.hand_size: 1, player2.hand_size: 3, Troll.zone: discard}
        """,
        )
    )
