"""Cards moved between zones by the later sets' texts: "<a creature> and each upgrade attached to it"
(the upgrades moved first), "an upgrade or <trait> card from your discard pile", "play <a creature>
... anywhere in your battleline", "draw a card for each card shuffled into your deck this way", and
"that player discards the top card of their deck and exhausts each creature of that card's house"."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


def test_a_creature_and_its_upgrades_return_to_their_owners_hands(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Transporter Platform")
    # "Action: Return a friendly creature and each upgrade attached to it to their owners' hands.":
    # Blood of Titans goes to its owner's (player2's) hand, not to a discard pile as the creature leaves
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: transporter-platform
        setup:
          turn: {active: player1, house: staralliance}
          player1:
            artifacts: [Transporter Platform]
            battleline: [{card: Troll, upgrades: [{card: Blood of Titans, owner: player2}]}, Krump]
        actions:
          - action: Transporter Platform
            choices: [Troll]
        expect:
          "16.0": {player1.hand: [Troll], player2.hand: [Blood of Titans], player1.battleline: [Krump], player2.discard: []}
        """,
        )
    )


@pytest.mark.parametrize("pick", ["Phoenix Heart", "Batdrone"])
def test_an_upgrade_or_robot_card_returned_from_the_discard_pile(kb_conn, tmp_path, pick):
    assert_compiled(kb_conn, "Chief Engineer Walls")
    # "Play/After Fight/After Reap: You may return an upgrade or Robot card from your discard pile to
    # your hand.": the upgrade or the Robot creature, never Troll
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: chief-engineer-walls
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{hand: [Chief Engineer Walls], discard: [Troll, Phoenix Heart, Batdrone]}}
        actions:
          - play: Chief Engineer Walls
            choices: ["yes", {pick}]
        expect:
          "16.0": {{player1.hand: [{pick}], Troll.zone: discard, decisions.0.3.not_offered: [Troll]}}
        """,
        )
    )


def test_a_creature_played_from_the_discard_pile_between_two_others(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Light Everlasting")
    # "Play: Play a Sanctum creature from your discard pile anywhere in your battleline.": Bulwark
    # goes between Troll and Krump (position 1), not only on a flank
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: light-everlasting
        setup:
          turn: {active: player1, house: sanctum}
          player1: {hand: [Light Everlasting], discard: [Bulwark, Dust Pixie], battleline: [Troll, Krump]}
        actions:
          - play: Light Everlasting
            choices: [1]
        expect:
          "16.0": {player1.battleline: [Troll, Bulwark, Krump], Dust Pixie.zone: discard}
        """,
        )
    )


def test_a_card_drawn_for_each_card_shuffled_into_your_deck(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Timequake")
    # "Play: Shuffle each friendly card in play into your deck. Draw a card for each card shuffled into
    # your deck this way.": Troll and Gauntlet of Command (2); Krump, player2's own creature
    # controlled by player1, goes to player2's deck and is not counted
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: timequake
        setup:
          turn: {active: player1, house: brobnar}
          player1:
            hand: [Timequake]
            battleline: [Troll, {card: Krump, owner: player2}]
            artifacts: [Gauntlet of Command]
        actions:
          - play: Timequake
        expect:
          "16.0": {player1.hand_size: 2, player1.deck: [], player2.deck: [Krump]}
        """,
        )
    )


def test_the_opponent_discards_their_top_card_and_exhausts_its_house(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Sibyl Waimare")
    # "At the start of your opponent's turn, that player discards the top card of their deck and
    # exhausts each creature of that card's house.": Punch (Brobnar) is discarded; the Brobnar
    # creatures of both sides are exhausted, Dust Pixie (Untamed) is not
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: sibyl-waimare
        setup:
          turn: {active: player1, house: unfathomable}
          player1: {battleline: [Sibyl Waimare, Bumpsy]}
          player2: {battleline: [Troll, Dust Pixie], deck: [Punch, Krump, Anger, Smaaash, Valdr, Lomir Flamefist, Ganger Chieftain]}
        actions:
          - end_turn: true
            choices: [untamed]
        expect:
          "16.0": {Punch.zone: discard, Troll.exhausted: true, Bumpsy.exhausted: true, Dust Pixie.exhausted: false}
        """,
        )
    )


def test_up_to_three_cards_archived_from_hand_and_discard_pile(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Tick-Tock")
    # "At the end of your turn, put a time counter on each friendly Clock creature. If there are 3 or
    # more time counters on Tick-Tock, destroy Tick-Tock. If you do, archive up to 3 cards from your
    # hand and discard pile.": at the end of player1's third turn, Tick-Tock (a Clock) is destroyed;
    # Krump (discard pile) and Anger (hand) are archived, then "done"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: tick-tock
        setup:
          turn: {active: player1, house: geistoid}
          player1:
            houses: [geistoid, brobnar]
            battleline: [Tick-Tock]
            hand: [Anger, Punch, Punch, Punch, Punch, Punch]
            discard: [Krump]
            deck: [Troll, Troll, Troll, Troll, Troll, Troll]
          player2: {houses: [brobnar, untamed], deck: [Dust Pixie, Dust Pixie, Dust Pixie]}
        actions:
          - end_turn: true
            choices: [untamed]
          - end_turn: true
            choices: [geistoid]
          - end_turn: true
            choices: [untamed]
          - end_turn: true
            choices: [geistoid]
          - end_turn: true
            choices: [Krump, Anger, done, untamed]
        expect:
          "16.0": {Tick-Tock.zone: discard, player1.archives: [Krump, Anger]}
        """,
        )
    )
