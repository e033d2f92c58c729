"""Hand-defined cards on archives and piles whose text no template reads (engine/cards/<set>/)."""

from __future__ import annotations

from boards import assert_passed, replay
from engine.cards import implemented


def test_crop_circles_the_same_creature_captures_for_each_card_purged(kb_conn, tmp_path):
    assert "Crop Circles" in implemented()
    # "Play: A non-Mars creature captures 1 from its own side. You may purge any number of cards
    # from your archives. The same creature captures an additional 1 from its own side for each card
    # purged in this way.": Krump (Zorg is Mars) captures 1, then 2 for Punch and Troll purged
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: crop-circles
        setup:
          turn: {active: player1, house: mars}
          player1: {amber: 5, hand: [Crop Circles], archives: [Punch, Anger, Troll], battleline: [Zorg, Krump]}
        actions:
          - play: Crop Circles
            choices: [Punch, Troll, done]
        expect:
          "16.0": {Krump.amber: 3, Zorg.amber: 0, Punch.zone: purged, Troll.zone: purged, player1.archives: [Anger]}
        """,
        )
    )


def test_hallafest_up_to_four_brakken_cards_with_different_names_and_chains(kb_conn, tmp_path):
    assert "Hallafest" in implemented()
    # "Play: Search your deck and discard pile for up to 4 Bräkken cards with different names. Reveal
    # those cards and put them into your hand. Shuffle your deck. Gain chains equal to the number of
    # cards put into your hand in this way.": Vulka from the deck, Ged Hammer from the pile; the
    # second Vulka is no longer offered; Troll never is: 2 cards, 2 chains
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: hallafest
        setup:
          turn: {active: player1, house: brobnar}
          player1:
            hand: [Hallafest]
            deck: [{card: Vulka, id: v1}, Troll, {card: Vulka, id: v2}]
            discard: [Ged Hammer]
        actions:
          - play: Hallafest
            choices: [v1, Ged Hammer]
        expect:
          "16.0": {player1.hand: [v1, Ged Hammer], player1.chains: 2, v2.zone: deck,
                   decisions.0.2.not_offered: [v2, Troll]}
        """,
        )
    )
