"""Sentences that replace the one before ("If <cond>, <B> instead."), and another card named by its
printed name in a condition ("If Shadys is in your discard pile, return it to your hand")."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay
from engine.compile import compile_report


@pytest.mark.parametrize("octavia, captured", [(True, 2), (False, 1)])
def test_instead_keeps_the_creature_chosen_before(kb_conn, tmp_path, octavia, captured):
    assert_compiled(kb_conn, "Monument to Octavia")
    # "Action: A friendly creature captures 1A. If Cornicen Octavia is in your discard pile, that
    # creature captures 2A instead.": one creature chosen, capturing 2 in all (not 1 then 2 more)
    discard = '["Cornicen Octavia"]' if octavia else "[]"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: monument-to-octavia
        setup:
          turn: {{active: player1, house: saurian}}
          player1: {{artifacts: ["Monument to Octavia"], battleline: [Krump], discard: {discard}}}
          player2: {{amber: 5}}
        actions:
          - action: Monument to Octavia
        expect:
          "16.0": {{Krump.amber: {captured}, player2.amber: {5 - captured}}}
        """,
        )
    )


@pytest.mark.parametrize("exhausted", [True, False])
def test_instead_asks_before_the_replaced_effect(kb_conn, tmp_path, exhausted):
    assert_compiled(kb_conn, "Call of the Void")
    # "Play: Exhaust a creature. If it was already exhausted, destroy it instead and its controller
    # loses 1A.": a ready creature is exhausted (not destroyed: the test is asked before exhausting);
    # an exhausted one is destroyed and its controller, not the player of the card, loses 1 (player 1
    # gains 1 from the card's Æmber bonus either way)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: call-of-the-void
        setup:
          turn: {{active: player1, house: unfathomable}}
          player1: {{amber: 3, hand: ["Call of the Void"]}}
          player2: {{amber: 3, battleline: [{{card: Krump, exhausted: {str(exhausted).lower()}}}]}}
        actions:
          - play: Call of the Void
        expect:
          "16.0": {{{"Krump.zone: discard" if exhausted else "Krump.exhausted: true"}, player2.amber: {2 if exhausted else 3}, player1.amber: 4}}
        """,
        )
    )


@pytest.mark.parametrize("copies, returned", [(2, 1), (0, 0)])
def test_a_card_named_in_the_discard_pile(kb_conn, tmp_path, copies, returned):
    assert_compiled(kb_conn, "Purse-a-phone")
    # "Destroyed: If Shadys is in your discard pile, return it to your hand.": one copy ("it"), not
    # each; none there, nothing happens
    discard = ", ".join(["Shadys"] * copies)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: purse-a-phone
        setup:
          turn: {{active: player2, house: brobnar}}
          player1: {{battleline: ["Purse-a-phone"], discard: [{discard}]}}
          player2: {{battleline: [Krump]}}
        actions:
          - fight: {{attacker: Krump, target: Purse-a-phone}}
        expect:
          "16.0": {{Purse-a-phone.zone: discard, player1.hand_size: {returned}}}
        """,
        )
    )


def test_words_that_are_no_card_name_are_refused():
    # a card name is one a printed card has: these words are none, so the sentence is refused
    variant, refusals = compile_report("Play: If Grand Nobody is in your discard pile, gain 2A.", "Test Card", "action")
    assert variant is None
    assert "grand nobody" in refusals[0].message


@pytest.mark.parametrize("center, exalted", [(True, 1), (False, 0)])
def test_it_after_a_condition_on_the_card_itself(kb_conn, tmp_path, center, exalted):
    assert_compiled(kb_conn, "Saurus Rex")
    # "Fight/Reap: If Saurus Rex is in the center of your battleline, you may exalt it.": "it" is
    # Saurus Rex (nothing else named before it)
    line = "[Krump, Saurus Rex, Troll]" if center else "[Saurus Rex, Krump, Troll]"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: saurus-rex
        setup:
          turn: {{active: player1, house: saurian}}
          player1: {{battleline: {line}}}
        actions:
          - reap: Saurus Rex
            choices: {"[yes]" if center else "[]"}
        expect:
          "16.0": {{Saurus Rex.amber: {exalted}}}
        """,
        )
    )


@pytest.mark.parametrize("purged, destroyed", [(False, True), (True, False)])
def test_a_card_named_that_has_not_been_purged(kb_conn, tmp_path, purged, destroyed):
    assert_compiled(kb_conn, "Igon the Terrible")
    # "Play: If Igon the Green has not been purged, destroy Igon the Terrible."
    zone = "purged" if purged else "discard"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: igon-the-terrible
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{hand: ["Igon the Terrible"], {zone}: ["Igon the Green"]}}
        actions:
          - play: Igon the Terrible
        expect:
          "16.0": {{Igon the Terrible.zone: {"discard" if destroyed else "battleline"}}}
        """,
        )
    )


@pytest.mark.parametrize("amber, shuffled", [(2, False), (1, True)])
def test_if_you_do_not(kb_conn, tmp_path, amber, shuffled):
    assert_compiled(kb_conn, "Training Costs")
    # "Play: Lose 2A. If you do not, shuffle Training Costs into your deck.": with 1A, player 1 loses
    # it but not 2, so the card goes into the deck instead of the discard pile
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: training-costs
        setup:
          turn: {{active: player1, house: saurian}}
          player1: {{amber: {amber}, hand: ["Training Costs"]}}
        actions:
          - play: Training Costs
        expect:
          "16.0": {{player1.amber: 0, Training Costs.zone: {"deck" if shuffled else "discard"}}}
        """,
        )
    )


def test_an_enemy_creature_put_into_your_archives_goes_to_its_owners_hand(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Suspended Animation")
    # "Play: Put a damaged enemy creature into your archives. If it leaves your archives, put it into
    # its owner's hand instead.": player 1 takes their archives on their next turn; Troll goes to
    # player 2's hand
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: suspended-animation
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: ["Suspended Animation"], deck: [Krump, Krump, Krump, Krump, Krump, Krump, Krump]}
          player2: {battleline: [{card: Troll, damage: 1}], deck: [Krump, Krump, Krump, Krump, Krump, Krump]}
        actions:
          - play: Suspended Animation
          - {end_turn: true, to_step: 2}
          - choose_house: brobnar
          - {end_turn: true, to_step: 2}
          - choose_house: brobnar
          - take_archives: true
        expect:
          "16.0": {Troll.zone: hand, Troll.controller: player2, player1.archives: []}
        """,
        )
    )
