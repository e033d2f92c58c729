""" "Look at the top N cards of <your / your opponent's> deck" and what the sentence after it does
with them (engine.library.decks.LookAtTop): the cards chosen move, in the order the text gives;
the others stay on top as they were (the Survey FAQ), or are put back in the order the player picks
("put them back in any order")."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_put_one_into_your_hand_and_one_on_the_bottom(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Xeno-Bot")
    # "After Fight: Look at the top 3 cards of your deck. Put 1 into your hand and 1 on the bottom
    # of your deck.": the third card stays on top, the card under them moves up to second
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: xeno-bot-look
        setup:
          turn: {active: player1, house: logos}
          player1: {battleline: ["Xeno-Bot"], deck: ["Troll", "Krump", "Punch", "Bumpsy"]}
          player2: {battleline: ["Dust Pixie"]}
        actions:
          - fight: {attacker: Xeno-Bot, target: Dust Pixie}
            choices: [Krump, Troll]
        expect:
          "16.0": {player1.hand: [Krump], player1.deck: [Punch, Bumpsy, Troll]}
        """,
        )
    )


def test_put_one_into_your_hand_leaves_the_other_on_top(kb_conn, tmp_path):
    assert_compiled(kb_conn, "4CR “Foreseer”")
    # "Look at the top 2 cards of your deck. Put 1 into your hand.": only 1 moves; the third card
    # of the deck was not looked at
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: foreseer-look
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: ["4CR “Foreseer”"], deck: ["Troll", "Krump", "Punch"]}
        actions:
          - play: 4CR “Foreseer”
            choices: [Krump]
        expect:
          "16.0": {player1.hand: [Krump], player1.deck: [Troll, Punch]}
        """,
        )
    )


def test_the_opponents_deck_discard_bottom_and_top(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Drawn Down")
    # "Look at the top 3 cards of your opponent's deck. Discard 1, put 1 on the bottom of their
    # deck, and put 1 on top of their deck.": into the opponent's discard pile and deck
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: drawn-down-look
        setup:
          turn: {active: player1, house: unfathomable}
          player1: {hand: ["Drawn Down"]}
          player2: {deck: ["Troll", "Krump", "Punch", "Bumpsy"]}
        actions:
          - play: Drawn Down
            choices: [Krump, Troll]
        expect:
          "16.0": {player2.discard: [Krump], player2.deck: [Punch, Bumpsy, Troll]}
        """,
        )
    )


def test_you_may_discard_it(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Scout Pete")
    # "Look at the top card of your deck. You may discard that card.": yes discards it, no leaves it
    for answer, deck, discard in (("yes", "[Krump]", "[Troll]"), ("no", "[Troll, Krump]", "[]")):
        assert_passed(
            replay(
                kb_conn,
                tmp_path,
                f"""
            id: scout-pete-look
            setup:
              turn: {{active: player1, house: staralliance}}
              player1: {{hand: ["Scout Pete"], deck: ["Troll", "Krump"]}}
            actions:
              - play: Scout Pete
                choices: ["{answer}"]
            expect:
              "16.0": {{player1.deck: {deck}, player1.discard: {discard}}}
            """,
            )
        )


def test_put_back_in_any_order(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Navigator Ali", "Vandalize")
    # "Look at the top 3 cards of your deck and put them back in any order.": the player picks the
    # new top card, then the next
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: navigator-ali-look
        setup:
          turn: {active: player1, house: staralliance}
          player1: {hand: ["Navigator Ali"], deck: ["Troll", "Krump", "Punch", "Bumpsy"]}
        actions:
          - play: Navigator Ali
            choices: [Punch, Troll]
        expect:
          "16.0": {player1.deck: [Punch, Troll, Krump, Bumpsy]}
        """,
        )
    )
    # "Look at the top 3 cards of your opponent's deck. Discard 1 and put the others back in any
    # order."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: vandalize-look
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: ["Vandalize"]}
          player2: {deck: ["Troll", "Krump", "Punch", "Bumpsy"]}
        actions:
          - play: Vandalize
            choices: [Troll, Punch]
        expect:
          "16.0": {player2.discard: [Troll], player2.deck: [Punch, Krump, Bumpsy]}
        """,
        )
    )
