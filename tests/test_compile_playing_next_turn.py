"""What the opponent cannot play during their next turn, read when the ability resolves: action
cards of a chosen house (Suspendamander), cards of houses other than a chosen one (Befuddle), cards
of a discarded card's type (Vapor Imp); and a house the opponent must choose this turn, read from a
discarded card (Atrocity)."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay

DECK = "[Krump, Krump, Krump, Krump, Krump, Krump, Krump]"


@pytest.mark.parametrize("chosen, illegal", [("brobnar", 0), ("untamed", [])])
def test_no_action_cards_of_the_chosen_house(kb_conn, tmp_path, chosen, illegal):
    assert_compiled(kb_conn, "Suspendamander")
    # "After Fight: Choose a house. Your opponent cannot play action cards of that house during their
    # next turn.": Smith (a Brobnar action) is refused when Brobnar was chosen; Bumpsy (a Brobnar
    # creature) is played either way
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: suspendamander
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{houses: [dis], battleline: [Suspendamander], deck: {DECK}}}
          player2: {{houses: [brobnar], hand: [Smith, Bumpsy], battleline: [Dust Pixie], deck: {DECK}}}
        actions:
          - fight: {{attacker: Suspendamander, target: Dust Pixie}}
            choices: [{chosen}]
          - end_turn: true
          - play: Smith
          - play: Bumpsy
        expect:
          "16.0": {{Bumpsy.zone: battleline, illegal: {[2] if illegal == 0 else []}}}
        """,
        )
    )


@pytest.mark.parametrize("house, card, refused", [("brobnar", "Bumpsy", True), ("untamed", "Mighty Tiger", False)])
def test_no_cards_of_other_houses(kb_conn, tmp_path, house, card, refused):
    assert_compiled(kb_conn, "Befuddle")
    # "Choose a house on your opponent's identity card. During their next turn, they cannot play
    # cards of other houses.": Untamed chosen; on a Brobnar turn Bumpsy is refused, on an Untamed
    # turn Mighty Tiger is played (its "Play:" has no enemy creature to damage)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: befuddle
        setup:
          turn: {{active: player1, house: unfathomable}}
          player1: {{houses: [unfathomable], hand: [Befuddle], deck: {DECK}}}
          player2: {{houses: [brobnar, untamed], hand: [Bumpsy, Mighty Tiger], deck: {DECK}}}
        actions:
          - play: Befuddle
            choices: [untamed]
          - end_turn: true
            choices: [{house}]
          - play: {card}
        expect:
          "16.0": {{{card}.zone: {"hand" if refused else "battleline"}, illegal: {[2] if refused else []}}}
        """,
        )
    )


@pytest.mark.parametrize("discarded, refused, played", [("Troll", "Bumpsy", "Smith"), ("Punch", "Smith", "Bumpsy")])
def test_no_cards_of_the_discarded_cards_type(kb_conn, tmp_path, discarded, refused, played):
    assert_compiled(kb_conn, "Vapor Imp")
    # "After Reap: Discard a random card from your hand. During your opponent's next turn, they
    # cannot play cards of the discarded card's type.": a creature discarded bars creatures, an
    # action card bars action cards
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: vapor-imp
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{houses: [dis], hand: [{discarded}], battleline: [Vapor Imp], deck: {DECK}}}
          player2: {{houses: [brobnar], hand: [Smith, Bumpsy], deck: {DECK}}}
        actions:
          - reap: Vapor Imp
          - end_turn: true
          - play: {refused}
          - play: {played}
        expect:
          "16.0": {{{discarded}.zone: discard, {refused}.zone: hand, {played}.zone: {"discard" if played == "Smith" else "battleline"}, illegal: [2]}}
        """,
        )
    )


def test_the_opponent_must_choose_the_discarded_cards_house_this_turn(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Atrocity")
    # "At the start of your opponent's turn, that player discards the top card of their deck. They
    # must choose the discarded card's house as their active house this turn. Deal 1D to Atrocity.":
    # Dust Pixie (Untamed) is discarded: player 2, of Brobnar and Untamed, is offered Untamed only
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: atrocity
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{houses: [dis], battleline: [Atrocity], deck: {DECK}}}
          player2: {{houses: [brobnar, untamed], deck: [Dust Pixie, Krump, Krump, Krump, Krump, Krump, Krump, Krump]}}
        actions:
          - end_turn: true
        expect:
          "16.0": {{active_house: untamed, Dust Pixie.zone: discard, Atrocity.damage: 1}}
        """,
        )
    )
