"""Cards of a hand taken at random or by choice: "shuffle a random card from your opponent's hand into
their deck", "purge 2 random cards from your discard pile", "each player randomly discards one third of
their cards from their hand (rounding down)", "its owner archives a random card from their hand",
"choose a card from it. That player discards that card", and a list of four done to a hand ("your
opponent draws 3 cards, discards a random card ..., puts a random card ... on top of their deck, and
purges a random card ...")."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_a_random_card_of_a_hand_shuffled_into_its_owners_deck(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Eddy of Dis")
    # "Play: Shuffle a random card from your opponent's hand into their deck.": their one card
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: eddy-of-dis
        setup:
          turn: {active: player1, house: dis}
          player1: {hand: [Eddy of Dis, Punch]}
          player2: {hand: [Krump], deck: [Troll]}
        actions:
          - play: Eddy of Dis
        expect:
          "16.0": {player2.hand: [], Krump.zone: deck, Punch.zone: hand}
        """,
        )
    )


def test_purge_two_random_cards_from_your_discard_pile(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Ruthless Avenger", "Overreach")
    # Ruthless Avenger: "Fate: Purge 2 random cards from your discard pile. Shuffle your discard pile
    # into your deck." under Overreach, fulfilled by player 2's reap: player 2 (the fate's "you")
    # purges 2 of the 3 cards of their discard pile and shuffles the third into their deck
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: ruthless-avenger-fate
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: [Ruthless Avenger], prophecies: [Overreach]}
          player2: {houses: [brobnar], battleline: [Krump], discard: [Punch, Anger, Smaaash]}
        actions:
          - activate_prophecy: {prophecy: Overreach, card: Ruthless Avenger}
          - end_turn: true
            to_step: 2
          - choose_house: brobnar
          - reap: Krump
        expect:
          "16.0": {player2.discard: [], Ruthless Avenger.zone: discard}
        """,
    )
    assert_passed(result)
    zones = sorted(line for line in result.trace if "at random from player2's discard" in line)
    assert len(zones) == 1 and zones[0].count(",") == 1, result.trace  # two cards named, no more


def test_each_player_randomly_discards_one_third_of_their_hand(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Trihard")
    # "Play: Each player randomly discards one third of their cards from their hand (rounding
    # down).": player1 holds 6 once Trihard is played (2 go), player2 5 (1 goes)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: trihard
        setup:
          turn: {active: player1, house: dis}
          player1: {hand: [Trihard, Punch, Anger, Punch, Anger, Troll, Krump]}
          player2: {hand: [Punch, Anger, Punch, Anger, Troll]}
        actions:
          - play: Trihard
        expect:
          "16.0": {player1.hand_size: 4, player2.hand_size: 4}
        """,
        )
    )


def test_its_owner_archives_a_random_card_from_their_hand(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Cogg Miller")
    # "After Fight: You may destroy an artifact. If you do, its owner archives a random card from
    # their hand.": player2's Gauntlet destroyed, their one card (Troll) archived in their archives
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: cogg-miller
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {battleline: [Cogg Miller], hand: [Punch]}
          player2: {battleline: [Dust Pixie], artifacts: [Gauntlet of Command], hand: [Troll]}
        actions:
          - fight: {attacker: Cogg Miller, target: Dust Pixie}
            choices: ["yes"]
        expect:
          "16.0": {Gauntlet of Command.zone: discard, player2.archives: [Troll], player1.hand: [Punch], player1.archives: []}
        """,
        )
    )


def test_that_player_discards_the_card_chosen_from_their_hand(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Abyssal Sight")
    # "Play: Destroy a friendly creature. If you do, look at your opponent's hand and choose a card
    # from it. That player discards that card.": Troll destroyed, Punch chosen and discarded
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: abyssal-sight
        setup:
          turn: {active: player1, house: unfathomable}
          player1: {hand: [Abyssal Sight], battleline: [Troll]}
          player2: {hand: [Krump, Punch]}
        actions:
          - play: Abyssal Sight
            choices: [Punch]
        expect:
          "16.0": {Troll.zone: discard, Punch.zone: discard, Krump.zone: hand}
        """,
        )
    )


def test_your_opponent_draws_then_loses_three_random_cards_three_ways(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Three Sheets to the Wind")
    # "Play: Your opponent draws 3 cards, discards a random card from their hand, puts a random card
    # from their hand on top of their deck, and purges a random card from their hand.": of the 3
    # Trolls drawn, one to each place, in that order; Krump, left on the deck, under the one put back
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: three-sheets-to-the-wind
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {hand: [Three Sheets to the Wind]}
          player2: {deck: [Troll, Troll, Troll, Krump]}
        actions:
          - play: Three Sheets to the Wind
        expect:
          "16.0": {player2.hand: [], player2.discard: [Troll], player2.purged: [Troll], player2.deck: [Troll, Krump]}
        """,
        )
    )
