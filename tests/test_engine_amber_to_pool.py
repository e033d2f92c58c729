"""Æmber added to a pool from a card or another player's pool, not gained from the supply: Word of
Returning, captured Æmber going to the opponent as its creature leaves play, Æmber paid or given.
"Each Æmber that would be added to your opponent's pool is captured by Ether Spider instead"
replaces each of them (``engine.rules.replacements.add_to_pool``), except the Æmber on the Spider itself
as it leaves play: a card leaving play no longer has its abilities."""

from __future__ import annotations

from tests.boards import assert_passed, replay


def test_word_of_returning_returns_nothing_past_an_ether_spider(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: returning-spider
        entries: []
        setup:
          turn: {active: player1, house: untamed}
          player1: {amber: 0, hand: [Word of Returning]}
          player2: {battleline: [{card: Ether Spider, amber: 2}, {card: Troll, amber: 1}]}
        actions:
          - play: Word of Returning
        expect:
          "16.0": {player1.amber: 0, Ether Spider.amber: 4, Troll.amber: 0, Troll.damage: 1}
        """,
        )
    )


def test_the_amber_of_a_creature_leaving_play_is_captured_by_the_enemy_spider(kb_conn, tmp_path):
    # player 1's Troll holds 2 Æmber it captured; destroyed, they would go to player 2's pool:
    # player 1's Ether Spider captures them instead
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: leaving-spider
        entries: []
        setup:
          turn: {active: player2, house: brobnar}
          player1: {battleline: [{card: Troll, amber: 2, damage: 7}, Ether Spider]}
          player2: {amber: 0, battleline: [Krump]}
        actions:
          - fight: {attacker: Krump, target: Troll}
        expect:
          "16.0": {Troll.zone: discard, player2.amber: 0, Ether Spider.amber: 2}
        """,
        )
    )


def test_the_spiders_own_amber_goes_to_the_opponent_as_it_leaves_play(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: spider-leaves
        entries: []
        setup:
          turn: {active: player1, house: brobnar}
          player1: {amber: 0, battleline: [Krump]}
          player2: {battleline: [{card: Ether Spider, amber: 3, damage: 4}]}
        actions:
          - fight: {attacker: Krump, target: Ether Spider}
        expect:
          "16.0": {Ether Spider.zone: discard, player1.amber: 3}
        """,
        )
    )
