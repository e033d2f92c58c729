"""Swapping control of two cards ("If you do, swap control of those creatures", "Swap control of
SELF and an enemy artifact") and a creature's place with another's ("Swap SELF with another
friendly creature in the battleline. You may use that other creature this turn.")
(engine/compile/templates/clauses.toml); capturing all but N of the opponent's Æmber distributed
among friendly creatures; and stealing Æmber counted on the bonus icons of a card taken from a
discard pile (conditions_and_counts_later_sets.toml)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_swap_control_of_the_two_creatures_chosen(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Exchange Program")
    # Exchange Program: "Play: Choose a friendly flank creature and an enemy flank creature. If you
    # do, swap control of those creatures." Dust Pixie goes to player 2 and Troll to player 1, each
    # in the other's place (16.0 glossary "Swap Control": "they each move to occupy the space of the
    # other in the oposing batteline")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: exchange-program
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {hand: [Exchange Program], battleline: [Dust Pixie, Urchin]}
          player2: {battleline: [Troll, Krump]}
        actions:
          - play: Exchange Program
            choices: [Dust Pixie, Troll]
        expect:
          "16.0": {Troll.controller: player1, Dust Pixie.controller: player2,
                   player1.battleline: [Troll, Urchin], player2.battleline: [Dust Pixie, Krump]}
        """,
        )
    )
    # no enemy creature: nothing is chosen, so nothing is swapped ("If you do")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: exchange-program-no-enemy
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {hand: [Exchange Program], battleline: [Dust Pixie]}
          player2: {}
        actions:
          - play: Exchange Program
        expect:
          "16.0": {Dust Pixie.controller: player1, player1.battleline: [Dust Pixie]}
        """,
        )
    )


def test_swap_control_of_this_artifact_and_an_enemy_artifact(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Uncommon Currency")
    # Uncommon Currency: "Action: Swap control of Uncommon Currency and an enemy artifact." Player 1
    # uses it: player 2 now controls it, and player 1 Quantum Fingertrap
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: uncommon-currency
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {artifacts: [Uncommon Currency]}
          player2: {artifacts: [Quantum Fingertrap]}
        actions:
          - action: Uncommon Currency
        expect:
          "16.0": {Uncommon Currency.controller: player2, Quantum Fingertrap.controller: player1}
        """,
        )
    )


def test_swap_places_and_use_that_other_creature(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Teleporter Chief Tink")
    # Teleporter Chief Tink: "Action: Swap Teleporter Chief Tink with another friendly creature in the
    # battleline. You may use that other creature this turn." Tink swaps with Troll (Brobnar, not the
    # active house), which may then reap this turn
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: teleporter-chief-tink
        setup:
          turn: {active: player1, house: staralliance}
          player1: {amber: 0, battleline: [Teleporter Chief Tink, Dust Pixie, Troll]}
          player2: {battleline: [Krump]}
        actions:
          - action: Teleporter Chief Tink
            choices: [Troll]
          - reap: Troll
        expect:
          "16.0": {player1.battleline: [Troll, Dust Pixie, Teleporter Chief Tink], player1.amber: 1}
        """,
        )
    )


def test_steal_amber_equal_to_the_amber_bonus_icons_on_that_card(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Outnegotiate")
    # Outnegotiate: "Play: Choose a card in your opponent's discard pile. Steal A equal to the number
    # of A bonus icons on that card and put that card on the bottom of its owner's deck." Virtuous
    # Works (3 Æmber bonus icons) chosen: 3 stolen (and 1 from Outnegotiate's own bonus), and it
    # goes under player 2's deck
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: outnegotiate
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {amber: 0, hand: [Outnegotiate]}
          player2: {amber: 5, discard: [Troll, Virtuous Works], deck: [Krump]}
        actions:
          - play: Outnegotiate
            choices: [Virtuous Works]
        expect:
          "16.0": {player1.amber: 4, player2.amber: 2, player2.deck: [Krump, Virtuous Works], player2.discard: [Troll]}
        """,
        )
    )


def test_capture_all_but_n_distributed_among_friendly_creatures(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Bring Low")
    # Bring Low: "Play: Capture all but 5 of your opponent's A, distributed among any number of
    # friendly creatures." Player 2 has 8: 3 are captured, 2 by Troll and 1 by Krump as chosen
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: bring-low
        setup:
          turn: {active: player1, house: sanctum}
          player1: {hand: [Bring Low], battleline: [Troll, Krump]}
          player2: {amber: 8}
        actions:
          - play: Bring Low
            choices: [Troll, Krump, Troll]
        expect:
          "16.0": {player2.amber: 5, Troll.amber: 2, Krump.amber: 1}
        """,
        )
    )
    # 5 or fewer: nothing captured
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: bring-low-five
        setup:
          turn: {active: player1, house: sanctum}
          player1: {hand: [Bring Low], battleline: [Troll]}
          player2: {amber: 5}
        actions:
          - play: Bring Low
        expect:
          "16.0": {player2.amber: 5, Troll.amber: 0}
        """,
        )
    )
