"""Houses counted among the cards an ability named or did something to ("steal 1 for each house
represented among the discarded cards", "... among creatures exhausted this way", "... among SELF
and its neighbors"), and playing from any house for the remainder of the turn ("you may play cards
from any house (for which you have a card in play)"), with the limits printed beside it ("you
cannot play more than 4 cards this turn (including this one)", "you cannot use cards this turn")."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize("deck, stolen", [("[Troll, Dust Pixie]", 2), ("[Troll, Krump]", 1)])
def test_steal_for_each_house_among_the_discarded_cards(kb_conn, tmp_path, deck, stolen):
    assert_compiled(kb_conn, "Rogue Operation")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: rogue-operation
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{amber: 0, hand: [Rogue Operation], deck: {deck}}}
          player2: {{amber: 5}}
        actions:
          - play: Rogue Operation
        expect:
          "16.0": {{player1.amber: {stolen}, player2.amber: {5 - stolen}, Troll.zone: discard}}
        """,
        )
    )


def test_draw_for_each_house_among_the_creatures_exhausted_this_way(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Exploratory Craft")
    # Troll and Krump (Brobnar) and Dust Pixie (Untamed) exhausted: 2 houses, 2 cards drawn
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: exploratory-craft
        setup:
          turn: {active: player1, house: staralliance}
          player1: {artifacts: [Exploratory Craft], battleline: [Troll, Krump, Dust Pixie], deck: [Bumpsy, Bumpsy, Bumpsy]}
        actions:
          - action: Exploratory Craft
            choices: [Troll, Krump, Dust Pixie]
        expect:
          "16.0": {player1.hand_size: 2, Dust Pixie.exhausted: true}
        """,
        )
    )


def test_capture_for_each_house_among_self_and_its_neighbors(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Specialist Guthrak")
    # Star Alliance (itself), Brobnar (Troll), Untamed (Dust Pixie): 3; Krump, no neighbor, not counted
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: specialist-guthrak
        setup:
          turn: {active: player1, house: staralliance}
          player1: {amber: 0, battleline: [Krump, Dust Pixie, Specialist Guthrak, Troll]}
          player2: {amber: 5}
        actions:
          - reap: Specialist Guthrak
        expect:
          "16.0": {player1.amber: 1, "Specialist Guthrak.amber": 3, player2.amber: 2}
        """,
        )
    )


def test_play_cards_from_any_house_no_more_than_four_including_this_one(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Unity Prism")
    # "Alpha. Play: For the remainder of the turn, you may play cards from any house. You cannot
    # play more than 4 cards this turn (including this one).": Bumpsy, Dust Pixie and Smith (3 more)
    # are played off the Logos house; the fifth card, Punch, is refused
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: unity-prism
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: [Unity Prism, Bumpsy, Dust Pixie, Smith, Punch]}
        actions:
          - play: Unity Prism
          - play: Bumpsy
          - {play: Dust Pixie, flank: right}
          - play: Smith
          - play: Punch
        expect:
          "16.0": {Bumpsy.zone: battleline, Dust Pixie.zone: battleline, Smith.zone: discard, Punch.zone: hand, illegal: [4]}
        """,
        )
    )


@pytest.mark.parametrize("card, illegal", [("Bumpsy", [2]), ("Dust Pixie", [1, 2])])
def test_play_cards_of_a_house_you_have_in_play_and_use_none(kb_conn, tmp_path, card, illegal):
    assert_compiled(kb_conn, "United Action")
    # "Play: For the remainder of the turn, you may play cards from any house for which you have a
    # card in play. You cannot use cards this turn.": Troll (Brobnar) is in play: Bumpsy may be
    # played, Dust Pixie (Untamed) not; Troll may not reap
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: united-action
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{amber: 0, hand: [United Action, {card}], battleline: [Troll]}}
        actions:
          - play: United Action
          - {{play: {card}, flank: right}}
          - reap: Troll
        expect:
          "16.0": {{player1.amber: 0, Troll.exhausted: false, illegal: {illegal}}}
        """,
        )
    )
