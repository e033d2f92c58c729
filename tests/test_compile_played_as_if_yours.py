""" "Play <a card from your opponent's hand / 1 of the discarded cards> as if it were yours"
(engine.library.playing.PlayIt): the card is played from where it is by the player whose effect it
is, who controls it once it is in play; its owner keeps it (it goes to its owner's discard pile)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_a_card_from_the_hand_looked_at_played_as_if_yours(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Lateral Shift")
    # "Play: Look at your opponent's hand. Play a card from that hand as if it were yours.": Troll,
    # a Brobnar creature of player2's hand, enters player1's battleline under player1's control
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: lateral-shift
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: [Lateral Shift]}
          player2: {hand: [Troll, Punch]}
        actions:
          - play: Lateral Shift
            choices: [Troll]
        expect:
          "16.0": {player1.battleline: [Troll], Troll.controller: player1, player2.hand: [Punch]}
        """,
        )
    )


def test_a_creature_of_the_opponents_hand_played_then_they_take_the_scout(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Talent Scout")
    # "Play: Look at your opponent's hand and play a creature from it as if it were yours. Your
    # opponent takes control of Talent Scout.": the only creature there (Troll, not the action
    # Punch) is played by player1; Talent Scout then goes to player2's side
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: talent-scout
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {hand: [Talent Scout]}
          player2: {hand: [Troll, Punch]}
        actions:
          - play: Talent Scout
            choices: [right]
        expect:
          "16.0":
            player1.battleline: [Troll]
            player2.battleline: [Talent Scout]
            player2.hand: [Punch]
        """,
        )
    )


def test_one_of_the_discarded_cards_played_as_if_yours(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Disabled Security")
    # "Play: Discard the top 3 cards of your opponent's deck. Play 1 of the discarded cards as if it
    # were yours.": one of those three (not Krump, in their discard pile before), chosen by player1
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: disabled-security
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: [Disabled Security]}
          player2: {deck: [Troll, Bumpsy, Punch, Anger], discard: [Krump]}
        actions:
          - play: Disabled Security
            choices: [Bumpsy]
        expect:
          "16.0":
            decisions.0.1.not_offered: [Krump, Anger]
            player1.battleline: [Bumpsy]
            player2.deck: [Anger]
            player2.discard: [Punch, Troll, Krump]
        """,
        )
    )


def test_one_of_the_discarded_cards_under_the_opponents_deck(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Precision Striker")
    # "Play/After Fight/After Reap: Discard the top 3 cards of your opponent's deck. Put 1 of the
    # discarded cards on the bottom of your opponent's deck."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: precision-striker
        setup:
          turn: {active: player1, house: staralliance}
          player1: {hand: [Precision Striker]}
          player2: {deck: [Troll, Bumpsy, Punch, Anger]}
        actions:
          - play: Precision Striker
            choices: [Punch]
        expect:
          "16.0": {player2.deck: [Anger, Punch], player2.discard: [Bumpsy, Troll]}
        """,
        )
    )


def test_a_creature_of_a_haunted_players_discard_pile_played(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Be Our Geist")
    # "Play: Choose a creature in any haunted player's discard pile. Play that creature as if it were
    # in your hand.": player2 is haunted (10 cards in their discard pile), player1 is not: Krump is
    # chosen, Troll (player1's pile) is not offered
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: be-our-geist
        setup:
          turn: {active: player1, house: geistoid}
          player1: {hand: [Be Our Geist], discard: [Troll]}
          player2: {discard: [Krump, Bumpsy, Punch, Punch, Punch, Punch, Anger, Anger, Anger, Anger]}
        actions:
          - play: Be Our Geist
            choices: [Krump]
        expect:
          "16.0": {player1.battleline: [Krump], Troll.zone: discard, decisions.0.1.not_offered: [Troll]}
        """,
        )
    )
