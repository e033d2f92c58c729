""" "Put <a creature> on the bottom of (on top of) its owner's deck" (engine.library.zones.PutOnDeck):
the creature leaves play into its owner's deck; a ward keeps it in play instead (glossary "Ward"),
and then it was not put there ("If you do" does not follow)."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize("ward, zone, hand", [("false", "deck", 3), ("true", "battleline", 0)])
def test_put_a_friendly_creature_on_the_bottom_if_you_do(kb_conn, tmp_path, ward, zone, hand):
    assert_compiled(kb_conn, "Ikwijĭ Outpost")
    # "Action: Put a friendly creature on the bottom of its owner's deck. If you do, draw 3 cards.":
    # Troll goes under the 3 cards of the deck, which are then drawn; warded, it stays, no draw
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: ikwiji-outpost
        setup:
          turn: {{active: player1, house: ekwidon}}
          player1:
            artifacts: ["Ikwijĭ Outpost"]
            battleline: [{{card: Troll, ward: {ward}}}]
            deck: [Punch, Krump, Bumpsy]
        actions:
          - action: Ikwijĭ Outpost
        expect:
          "16.0": {{Troll.zone: {zone}, player1.hand_size: {hand}}}
        """,
        )
    )


def test_put_an_enemy_creature_on_the_bottom_of_its_owners_deck(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Drag to Your Doom")
    # "Play: Put an enemy flank creature on the bottom of its owner's deck.": under the opponent's
    # deck, not on top
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: drag-to-your-doom
        setup:
          turn: {active: player1, house: keyraken}
          player1: {hand: ["Drag to Your Doom"]}
          player2: {battleline: ["Troll", "Krump", "Bumpsy"], deck: [Punch]}
        actions:
          - play: Drag to Your Doom
            choices: [Bumpsy]
        expect:
          "16.0": {player2.deck: [Punch, Bumpsy], Troll.zone: battleline}
        """,
        )
    )


def test_each_creature_on_top_of_its_owners_deck_a_ward_keeps_one(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Mælstrom")
    # "Play: Put each creature on top of its owner's deck in a random order. Gain 2 chains.": each
    # goes to its owner's deck (Troll to player1's); the warded Bumpsy stays, its ward gone
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: maelstrom
        setup:
          turn: {active: player1, house: unfathomable}
          player1: {hand: ["Mælstrom"], battleline: [Troll]}
          player2: {battleline: [Krump, {card: Bumpsy, ward: true}], deck: [Punch]}
        actions:
          - play: Mælstrom
        expect:
          "16.0": {player1.deck: [Troll], player2.deck: [Krump, Punch], Bumpsy.zone: battleline, player1.chains: 2}
        """,
        )
    )


def test_the_top_cards_of_the_opponents_discard_pile_under_their_deck(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Grisly Exchange")
    # "Play: Put the top 5 cards of your opponent's discard pile on the bottom of their deck. Discard
    # the top 5 cards of your deck.": the five on top (first listed), one after the other; the sixth stays
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: grisly-exchange
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {hand: ["Grisly Exchange"], deck: [Anger, Punch]}
          player2: {discard: [Troll, Krump, Bumpsy, Ganger Chieftain, Valdr, Smaaash], deck: [Lomir Flamefist]}
        actions:
          - play: Grisly Exchange
        expect:
          "16.0":
            player2.deck: [Lomir Flamefist, Troll, Krump, Bumpsy, Ganger Chieftain, Valdr]
            player2.discard: [Smaaash]
            player1.deck: []
        """,
        )
    )


def test_a_random_card_of_the_opponents_hand_on_top_of_their_deck(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Porter Cilla")
    # "After Reap: Put a random card from your opponent's hand on top of their deck.": from the hand
    # the effect picked it in (a hidden zone), onto their deck
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: porter-cilla
        setup:
          turn: {active: player1, house: shadows}
          player1: {battleline: [Porter Cilla]}
          player2: {hand: [Troll], deck: [Krump]}
        actions:
          - reap: Porter Cilla
        expect:
          "16.0": {player2.hand: [], player2.deck: [Troll, Krump], player1.amber: 1}
        """,
        )
    )


@pytest.mark.parametrize("pick, deck1, deck2", [("Troll", [], ["Krump", "Troll"]), ("Punch", ["Punch"], ["Krump"])])
def test_a_card_from_a_players_discard_pile_under_their_deck(kb_conn, tmp_path, pick, deck1, deck2):
    assert_compiled(kb_conn, "Koriki Germinator")
    # "Play/After Reap: Put a card from a player's discard pile on the bottom of their deck.": either
    # pile, the card to its owner's deck
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: koriki-germinator
        setup:
          turn: {{active: player1, house: unfathomable}}
          player1: {{hand: [Koriki Germinator], discard: [Punch]}}
          player2: {{discard: [Troll], deck: [Krump]}}
        actions:
          - play: Koriki Germinator
            choices: [{pick}]
        expect:
          "16.0": {{player1.deck: {deck1}, player2.deck: {deck2}}}
        """,
        )
    )


def test_a_card_chosen_from_the_hand_looked_at_on_top_of_their_deck(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Brain Drain")
    # "Play: Look at your opponent's hand. Choose a card from it and put it on top of their deck."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: brain-drain
        setup:
          turn: {active: player1, house: unfathomable}
          player1: {hand: [Brain Drain]}
          player2: {hand: [Troll, Krump], deck: [Punch]}
        actions:
          - play: Brain Drain
            choices: [Krump]
        expect:
          "16.0": {player2.hand: [Troll], player2.deck: [Krump, Punch]}
        """,
        )
    )
