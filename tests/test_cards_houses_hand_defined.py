"""Hand definitions of house cards of one shape each: General Order 24 (the player whose turn starts
chooses a creature they control; each creature of its house is destroyed, General Order 24 instead
when they have none), Gambling Den (that player may choose a house; the top card of their deck
revealed, they gain 2 if it is of that house, else lose 2), Galactic Census (Æmber by the number of
houses among creatures in play)."""

from __future__ import annotations

import pytest

from boards import assert_passed, replay

DECK = "[Urchin, Urchin, Urchin, Urchin, Urchin, Urchin, Urchin]"


def test_general_order_24_destroys_each_creature_of_the_chosen_creatures_house(kb_conn, tmp_path):
    # player 2's turn starts: they choose Krump; every Brobnar creature, player 1's Troll included, is destroyed
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: general-order-24
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{houses: [staralliance], artifacts: [General Order 24], battleline: [Troll], deck: {DECK}}}
          player2: {{houses: [untamed], battleline: [Krump, Bumpsy, Dust Pixie], deck: {DECK}}}
        actions:
          - end_turn: true
            choices: [Krump]
        expect:
          "16.0": {{Krump.zone: discard, Bumpsy.zone: discard, Troll.zone: discard, Dust Pixie.zone: battleline,
                   "General Order 24.zone": artifacts}}
        """,
        )
    )


def test_general_order_24_is_destroyed_when_that_player_has_no_creatures(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: general-order-24-no-creatures
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{houses: [staralliance], artifacts: [General Order 24], battleline: [Troll], deck: {DECK}}}
          player2: {{houses: [untamed], deck: {DECK}}}
        actions:
          - end_turn: true
        expect:
          "16.0": {{"General Order 24.zone": discard, Troll.zone: battleline}}
        """,
        )
    )


@pytest.mark.parametrize("named, amber", [("untamed", 4), ("brobnar", 0)])
def test_gambling_den_at_the_start_of_the_opponents_turn(kb_conn, tmp_path, named, amber):
    # player 2's turn starts: they choose a house; the top card of their deck, Dust Pixie (Untamed):
    # 2 + 2 when Untamed was chosen, 2 - 2 otherwise
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: gambling-den
        setup:
          turn: {{active: player1, house: shadows}}
          player1: {{houses: [shadows], artifacts: [Gambling Den], deck: {DECK}}}
          player2: {{amber: 2, houses: [untamed], deck: [Dust Pixie, Urchin, Urchin, Urchin, Urchin, Urchin, Urchin]}}
        actions:
          - end_turn: true
            choices: ["yes", {named}]
        expect:
          "16.0": {{player2.amber: {amber}, active: player2}}
        """,
        )
    )


@pytest.mark.parametrize(
    "enemies, amber",
    [
        ("[Krump]", 1),  # Star Alliance, Brobnar: 2 houses, its bonus only
        ("[Dust Pixie]", 2),  # 3 houses: + 1
        ("[Dust Pixie, Pit Demon]", 2),  # 4: + 1
        ("[Dust Pixie, Pit Demon, Urchin]", 3),  # 5: + 2
        ("[Dust Pixie, Pit Demon, Urchin, Gatekeeper]", 4),  # 6: + 3
    ],
)
def test_galactic_census_counts_the_houses_among_creatures(kb_conn, tmp_path, enemies, amber):
    # player 1: Subject Kirby (Star Alliance), Troll (Brobnar); Galactic Census has a 1 Æmber bonus
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: galactic-census
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{amber: 0, hand: [Galactic Census], battleline: [Subject Kirby, Troll]}}
          player2: {{battleline: {enemies}}}
        actions:
          - play: Galactic Census
        expect:
          "16.0": {{player1.amber: {amber}}}
        """,
        )
    )


@pytest.mark.parametrize("top, troll_zone, amber", [("Krump", "battleline", 1), ("Dust Pixie", "discard", 0)])
def test_shakedown_sullivan_gives_or_destroys_by_the_discarded_cards_house(kb_conn, tmp_path, top, troll_zone, amber):
    # player 2's Troll chosen: the top card of player 2's deck discarded; Brobnar (Krump): player 2
    # gains 1; Untamed (Dust Pixie): Troll destroyed
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: shakedown-sullivan
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{amber: 0, battleline: [Shakedown Sullivan]}}
          player2: {{amber: 0, battleline: [Troll, Urchin], deck: [{top}, Bumpsy]}}
        actions:
          - reap: Shakedown Sullivan
            choices: [Troll]
        expect:
          "16.0": {{{top}.zone: discard, Troll.zone: {troll_zone}, player2.amber: {amber}, player1.amber: 1}}
        """,
        )
    )


def test_stronger_together_readies_star_alliance_creatures_between_two_houses(kb_conn, tmp_path):
    # Subject Kirby between Troll (Brobnar) and Dust Pixie (Untamed): readied; Corporal Bridger
    # between Dust Pixie and Mighty Tiger (both Untamed): not; CXO Taber on a flank: not
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: stronger-together
        setup:
          turn: {active: player1, house: staralliance}
          player1: {hand: [Stronger Together], battleline: [{card: Troll, exhausted: true},
                    {card: Subject Kirby, exhausted: true}, {card: Dust Pixie, exhausted: true},
                    {card: Corporal Bridger, exhausted: true}, {card: Mighty Tiger, exhausted: true},
                    {card: CXO Taber, exhausted: true}]}
        actions:
          - play: Stronger Together
        expect:
          "16.0": {Subject Kirby.exhausted: false, Corporal Bridger.exhausted: true, CXO Taber.exhausted: true,
                   Troll.exhausted: true}
        """,
        )
    )
