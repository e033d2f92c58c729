"""Amounts equal to a card's power or armor ("Deal damage equal to the archived creature's power to
an enemy creature", "Your opponent loses A equal to Urien the Circumspect's armor")."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_damage_equal_to_the_power_of_a_card_gone_from_play(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Blast from the Past")
    # "Play: Exalt a friendly creature. Archive a Saurian creature from your discard pile. Deal damage
    # equal to the archived creature's power to an enemy creature.": Saurus Rex (printed power 6, now
    # in the archives) makes 6 damage to Troll (power 8: it survives with 6 on it)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: blast-from-the-past
        setup:
          turn: {active: player1, house: saurian}
          player1: {hand: ["Blast from the Past"], battleline: [Krump], discard: ["Saurus Rex"]}
          player2: {battleline: [Troll]}
        actions:
          - play: Blast from the Past
        expect:
          "16.0": {Saurus Rex.zone: archives, Troll.damage: 6, Krump.amber: 1}
        """,
        )
    )


def test_amber_lost_equal_to_the_card_s_armor(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Urien the Circumspect")
    # "Reap: Your opponent loses A equal to Urien the Circumspect's armor.": its armor, 1
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: urien
        setup:
          turn: {active: player1, house: sanctum}
          player1: {battleline: ["Urien the Circumspect"]}
          player2: {amber: 5}
        actions:
          - reap: Urien the Circumspect
        expect:
          "16.0": {player1.amber: 1, player2.amber: 4}
        """,
        )
    )
