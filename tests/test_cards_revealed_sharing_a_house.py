"""Hand definitions that sort revealed cards by house: J.O.N. Cargo (archive each card of the revealed
hand that shares a house with the card discarded from the deck) and New Frontiers (of the top 3 cards
revealed, archive those of the chosen house and discard the others)."""

from __future__ import annotations

from boards import assert_passed, replay


def test_jon_cargo_archives_the_hand_cards_sharing_a_house_with_the_discarded_card(kb_conn, tmp_path):
    # Krump (Brobnar) discarded from the deck: Troll and Bumpsy (Brobnar) go to the archives, Dust Pixie stays
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: jon-cargo
        setup:
          turn: {active: player1, house: staralliance}
          player1: {battleline: [J.O.N. Cargo], hand: [Troll, Bumpsy, Dust Pixie], deck: [Krump, Urchin]}
        actions:
          - reap: J.O.N. Cargo
        expect:
          "16.0": {Krump.zone: discard, Troll.zone: archives, Bumpsy.zone: archives, Dust Pixie.zone: hand, Urchin.zone: deck}
        """,
        )
    )


def test_new_frontiers_archives_the_revealed_cards_of_the_chosen_house(kb_conn, tmp_path):
    # Brobnar chosen: of Troll, Dust Pixie, Krump (the top 3), Troll and Krump are archived, Dust
    # Pixie discarded; Urchin, 4th, stays in the deck
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: new-frontiers
        setup:
          turn: {active: player1, house: staralliance}
          player1: {hand: [New Frontiers], deck: [Troll, Dust Pixie, Krump, Urchin]}
        actions:
          - play: New Frontiers
            choices: [brobnar]
        expect:
          "16.0": {Troll.zone: archives, Krump.zone: archives, Dust Pixie.zone: discard, Urchin.zone: deck}
        """,
        )
    )
