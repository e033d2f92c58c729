"""Searches that find several cards, or cards a noun phrase does not name (engine.library.searching
.SearchFor): "any number of <Niffle creatures>", "two halves (either half) of a gigantic creature"
(engine.rules.mechanics.gigantic), "<A>, <B>, or <C>" by name; the deck shuffled after."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


def test_two_halves_of_a_gigantic_creature_found_together_and_archived(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Build Your Champion")
    # "Play: Search your deck and discard pile for two halves of a gigantic creature, reveal them, and
    # archive them.": the top half in the deck, the bottom half in the discard pile, found together
    # (Troll is not offered)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: build-your-champion
        setup:
          turn: {active: player1, house: logos}
          player1:
            hand: [Build Your Champion]
            deck: [{card: Ultra Gravitron, half: top, id: top}, Troll]
            discard: [{card: Ultra Gravitron, half: bottom, id: bottom}]
        actions:
          - play: Build Your Champion
            choices: [top]
        expect:
          "16.0": {top.zone: archives, bottom.zone: archives, Troll.zone: deck, decisions.0.1.not_offered: [Troll]}
        """,
        )
    )


def test_a_lone_half_is_not_found_as_two_halves(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Build Your Champion")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: build-your-champion-lone-half
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: [Build Your Champion], deck: [{card: Ultra Gravitron, half: top, id: top}]}
        actions:
          - play: Build Your Champion
        expect:
          "16.0": {top.zone: deck, player1.archives: []}
        """,
        )
    )


def test_either_half_of_a_gigantic_creature_into_hand(kb_conn, tmp_path):
    assert_compiled(kb_conn, "It’s Coming...")
    # "Play: Search your deck and discard pile for either half of a gigantic creature, reveal it, and
    # put it into your hand. Shuffle your deck."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: its-coming
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: ["It’s Coming..."], deck: [Troll, {card: Ultra Gravitron, half: bottom, id: bottom}]}
        actions:
          - play: "It’s Coming..."
            choices: [bottom]
        expect:
          "16.0": {player1.hand: [bottom], Troll.zone: deck}
        """,
        )
    )


def test_any_number_of_niffle_creatures_found(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Niffle Kong")
    # "Play: Search your deck and discard pile for any number of Niffle creatures, reveal them, and
    # put them into your hand.": Niffle Ape (deck) and Niffle Queen (discard pile), then "done"
    # before the second Niffle Ape; never Troll
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: niffle-kong
        setup:
          turn: {active: player1, house: untamed}
          player1:
            hand: [{card: Niffle Kong, half: top}, {card: Niffle Kong, half: bottom}]
            deck: [{card: Niffle Ape, id: ape1}, Troll, {card: Niffle Ape, id: ape2}]
            discard: [Niffle Queen]
        actions:
          - play: Niffle Kong
            choices: [ape1, Niffle Queen, done]
        expect:
          "16.0": {ape1.zone: hand, Niffle Queen.zone: hand, ape2.zone: deck, Troll.zone: deck}
        """,
        )
    )


def test_one_of_three_cards_by_name_archived(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Flint’s Map")
    # "Omni: Search your deck and discard pile for Flint's Legend, Flint's Stash, or Treasure Island,
    # reveal the card and archive it."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: flints-map
        setup:
          turn: {active: player1, house: brobnar}
          player1: {artifacts: ["Flint’s Map"], deck: [Troll, Treasure Island], discard: ["Flint’s Stash"]}
        actions:
          - omni: "Flint’s Map"
            choices: [Treasure Island]
        expect:
          "16.0": {player1.archives: [Treasure Island], "Flint’s Stash.zone": discard, decisions.0.1.not_offered: [Troll]}
        """,
        )
    )


def test_one_revealed_card_purged_and_the_others_shuffled_back(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Borr Nit’s Touch")
    # "Play: Reveal the top 5 cards of a player's deck. Purge a card revealed this way. Shuffle the
    # other revealed cards into that deck.": one card (Krump) purged, not all five; the sixth card
    # (Smaaash) could not be chosen; the four others stay in player2's deck
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: borr-nits-touch
        setup:
          turn: {active: player1, house: dis}
          player1: {hand: ["Borr Nit’s Touch"], deck: [Punch]}
          player2: {deck: [Troll, Krump, Bumpsy, Punch, Anger, Smaaash]}
        actions:
          - play: "Borr Nit’s Touch"
            choices: [player2, Krump]
        expect:
          "16.0": {player2.purged: [Krump], Troll.zone: deck, Smaaash.zone: deck, decisions.0.2.not_offered: [Smaaash]}
        """,
        )
    )


def test_discarding_until_a_copy_of_the_card_itself(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Angry Mob")
    # "Before Fight: You may discard cards from the top of your deck until you discard an Angry Mob or
    # run out of cards. If you discard an Angry Mob this way, put it into your hand.": "an Angry Mob"
    # is a copy of the card itself; Troll is discarded on the way, Krump stays on the deck
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: angry-mob
        setup:
          turn: {active: player1, house: sanctum}
          player1: {battleline: [{card: Angry Mob, id: mob}], deck: [Troll, {card: Angry Mob, id: mob2}, Krump]}
          player2: {battleline: [Dust Pixie]}
        actions:
          - fight: {attacker: mob, target: Dust Pixie}
            choices: ["yes"]
        expect:
          "16.0": {mob2.zone: hand, Troll.zone: discard, Krump.zone: deck, Dust Pixie.zone: discard}
        """,
        )
    )


@pytest.mark.parametrize(
    "answer, archives, zone", [("yes", "[Dust Pixie, Troll]", "discard"), ("no", "[Dust Pixie]", "battleline")]
)
def test_revealing_until_a_brobnar_card_or_stopping(kb_conn, tmp_path, answer, archives, zone):
    assert_compiled(kb_conn, "Old Boomy")
    # "Reap: Reveal cards from the top of your deck until you reveal a Brobnar card or choose to stop.
    # Deal 2D to Old Boomy if a Brobnar card was revealed. Archive each card revealed this way.":
    # Dust Pixie, then (going on) Troll, a Brobnar card: 2 damage destroy Old Boomy (power 2), both
    # are archived; stopping after Dust Pixie: no damage, only it archived; Krump is never revealed
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: old-boomy
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{battleline: [Old Boomy], deck: [Dust Pixie, Troll, Krump]}}
        actions:
          - reap: Old Boomy
            choices: ["{answer}"]
        expect:
          "16.0": {{player1.archives: {archives}, Old Boomy.zone: {zone}, Krump.zone: deck}}
        """,
        )
    )


def test_two_halves_found_and_put_on_top_of_your_deck_in_any_order(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Digging Up the Monster")
    # "Play: Search your deck and discard pile for two halves of a gigantic creature and reveal them.
    # Put them on top of your deck in any order.": the bottom half chosen to go on top, the top half
    # under it, Troll under both
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: digging-up-the-monster
        setup:
          turn: {active: player1, house: dis}
          player1:
            hand: [Digging Up the Monster]
            deck: [Troll, {card: Ultra Gravitron, half: top, id: top}]
            discard: [{card: Ultra Gravitron, half: bottom, id: bottom}]
        actions:
          - play: Digging Up the Monster
            choices: [top, bottom]
        expect:
          "16.0": {player1.deck: [bottom, top, Troll], player1.discard: [Digging Up the Monster]}
        """,
        )
    )
