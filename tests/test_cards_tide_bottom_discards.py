"""Ol' Paddy (DT 408, "Reap: Discard the bottom card of your deck, or the bottom 3 cards instead if the
tide is high. Play each creature discarded this way, one at a time."; DT 371, its Evil Twin: "...
of your opponent's deck ... Destroy a creature that shares a house with 1 of the discarded cards."):
with the tide high, three cards (the waiting scenarios check the tide not high)."""

from __future__ import annotations

from boards import assert_passed, replay


def test_high_tide_discards_three_and_plays_each_creature(kb_conn, tmp_path):
    # bottom three: Troll, Punch, Krump (the deck lists top first); Troll and Krump are played
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
            id: ol-paddy-high
            setup:
              turn: {active: player1, house: untamed, tide_high: player1}
              player1: {amber: 0, battleline: ["Ol’ Paddy (DT 408)"], deck: [Dust Pixie, Krump, Punch, Troll]}
            actions:
              - reap: Ol' Paddy
                choices: [right, right]
            expect:
              "16.0": {Troll.zone: battleline, Krump.zone: battleline, Punch.zone: discard, player1.deck: [Dust Pixie]}
            """,
        )
    )


def test_high_tide_offers_creatures_sharing_a_house_with_any_of_three(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
            id: ol-paddy-twin-high
            setup:
              turn: {active: player1, house: untamed, tide_high: player1}
              player1: {amber: 0, battleline: ["Ol’ Paddy (DT 371)"]}
              player2: {amber: 0, battleline: [Troll, Dust Pixie, Nexus], deck: [Ganger Chieftain, Punch, Fogbank, Anger]}
            actions:
              - reap: Ol' Paddy
                choices: [Dust Pixie]
            expect:
              "16.0": {Dust Pixie.zone: discard, Troll.zone: battleline, player2.deck: [Ganger Chieftain],
                       decisions.0.1.offered: [Troll, Dust Pixie, "Ol’ Paddy"]}
            """,
        )
    )
