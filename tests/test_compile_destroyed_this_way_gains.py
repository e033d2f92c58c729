"""A player gains Æmber for each creature of theirs destroyed this way, in the words "For each
creature destroyed this way, the creature's controller gains 1A" (clauses_each_player.toml)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_each_destroyed_creatures_controller_gains_one(kb_conn, tmp_path):
    assert_compiled(kb_conn, "A Gift of Æmber")
    # "Play: Destroy up to 2 creatures. For each creature destroyed this way, the creature's
    # controller gains 1.": Krump (player 1's) is destroyed, warded Urchin (player 2's) is not:
    # player 1 gains 1 (and 1 from the Æmber bonus), player 2 nothing
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: a-gift-of-aember
        setup:
          turn: {active: player1, house: dis}
          player1: {amber: 0, hand: [A Gift of Æmber], battleline: [Krump, Troll]}
          player2: {amber: 0, battleline: [{card: Urchin, ward: true}, Bumpsy]}
        actions:
          - play: A Gift of Æmber
            choices: [Krump, Urchin]
        expect:
          "16.0": {player1.amber: 2, player2.amber: 0, Krump.zone: discard, Urchin.zone: battleline, Urchin.ward: false}
        """,
        )
    )
    # both players' creatures destroyed: each controller gains 1
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: a-gift-of-aember-both
        setup:
          turn: {active: player1, house: dis}
          player1: {amber: 0, hand: [A Gift of Æmber], battleline: [Krump]}
          player2: {amber: 3, battleline: [Bumpsy, Urchin]}
        actions:
          - play: A Gift of Æmber
            choices: [Krump, Bumpsy]
        expect:
          "16.0": {player1.amber: 2, player2.amber: 4, Krump.zone: discard, Bumpsy.zone: discard}
        """,
        )
    )
