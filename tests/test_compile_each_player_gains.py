"""Each player gaining Æmber counted per player: "For each creature destroyed this way, the
creature's controller gains 1A", "Each player gains 1A for each Mutant creature they control"."""

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


def test_each_player_gains_for_each_creature_they_control(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Vault’s Blessing")
    # "Play: Each player gains 1A for each Mutant creature they control.": player 1 controls two
    # Mutants (one of them owned by player 2) and gains 2 (and 1 from the Æmber bonus); player 2
    # controls one Mutant and Troll (not a Mutant): gains 1
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: vaults-blessing
        setup:
          turn: {active: player1, house: untamed}
          player1: {amber: 0, hand: [Vault’s Blessing], battleline: [Sacro-Fiend, {card: Dæmo-Knight, owner: player2}, Krump]}
          player2: {amber: 0, battleline: [Troll, {card: Sacro-Fiend, id: their-fiend}]}
        actions:
          - play: Vault’s Blessing
        expect:
          "16.0": {player1.amber: 3, player2.amber: 1}
        """,
        )
    )
