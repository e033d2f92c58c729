""" "Rearrange the creatures in <your / a player's> battleline" (engine.library.creatures.Rearrange):
the player puts them in the order they choose, flank to flank; nobody leaves play."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_the_creatures_of_a_chosen_players_battleline_rearranged(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Tactical Officer Moon")
    # "Play: You may rearrange the creatures in a player's battleline.": player2's line becomes
    # Bumpsy, Troll, Krump (Bumpsy first, then Troll; Krump is what is left); Krump, a flank
    # creature before, keeps its damage
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: tactical-officer-moon
        setup:
          turn: {active: player1, house: staralliance}
          player1: {hand: [Tactical Officer Moon]}
          player2: {battleline: [Troll, {card: Krump, damage: 2}, Bumpsy]}
        actions:
          - play: Tactical Officer Moon
            choices: ["yes", player2, Bumpsy, Troll]
        expect:
          "16.0": {player2.battleline: [Bumpsy, Troll, Krump], Krump.damage: 2}
        """,
        )
    )


def test_declining_to_rearrange_keeps_the_order(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Tactical Officer Moon")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: tactical-officer-moon-no
        setup:
          turn: {active: player1, house: staralliance}
          player1: {hand: [Tactical Officer Moon]}
          player2: {battleline: [Troll, Krump, Bumpsy]}
        actions:
          - play: Tactical Officer Moon
            choices: ["no"]
        expect:
          "16.0": {player2.battleline: [Troll, Krump, Bumpsy]}
        """,
        )
    )
