"""What each player does ("Each player draws a card", "Each haunted player gains 2A", "Each player
with 7A or more loses 2A"): the words after "each player" read as an effect of "you", once per
player; and a creature capturing from each haunted player."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay
from engine.compile.each_player import second_person


def test_the_words_of_each_player_as_you():
    assert second_person("returns the top card of their discard pile to their hand") == (
        "return the top card of your discard pile to your hand"
    )
    assert second_person("discards 3 random cards from their hand, then draws 2 cards") == (
        "discard 3 random cards from your hand, then draw 2 cards"
    )
    # a noun that looks like a verb is left alone ("their archives")
    assert second_person("puts each card from their archives into their hand") == (
        "put each card from your archives into your hand"
    )


@pytest.mark.parametrize("mine, theirs", [(10, 9), (9, 10), (12, 11)])
def test_each_haunted_player_gains(kb_conn, tmp_path, mine, theirs):
    assert_compiled(kb_conn, "The Circle of Life")
    # "Play: Each haunted player gains 2A." (haunted: 10 or more cards in their discard pile)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: the-circle-of-life
        setup:
          turn: {{active: player1, house: untamed}}
          player1: {{hand: ["The Circle of Life"], discard: [{", ".join(["Troll"] * mine)}]}}
          player2: {{discard: [{", ".join(["Troll"] * theirs)}]}}
        actions:
          - play: The Circle of Life
        expect:
          "16.0": {{player1.amber: {(2 if mine >= 10 else 0) + 1}, player2.amber: {2 if theirs >= 10 else 0}}}
        """,
        )
    )


@pytest.mark.parametrize("first, second", [(7, 6), (8, 9)])
def test_each_player_with_amber_or_more(kb_conn, tmp_path, first, second):
    # "Scrap: Each player with 7A or more loses 2A.": asked of each player; only those with 7 or more
    # lose 2
    assert_compiled(kb_conn, "D.B. Gobber")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: db-gobber
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{amber: {first}, hand: ["D.B. Gobber"]}}
          player2: {{amber: {second}}}
        actions:
          - discard: D.B. Gobber
        expect:
          "16.0": {{player1.amber: {first - 2 if first >= 7 else first}, player2.amber: {second - 2 if second >= 7 else second}}}
        """,
        )
    )


def test_what_your_opponent_does_as_their_own_effect():
    # "your opponent <does X>": X read as the opponent's own effect, "their" being theirs
    from engine.compile import compile_report
    from engine.library import EachPlayer

    variant, _ = compile_report("Play: Your opponent discards their hand and draws 4 cards.", "Test Card", "action")
    (effect,) = variant.play
    assert isinstance(effect, EachPlayer) and effect.who == "opponent"
    # words about the card's controller said of the opponent are refused, never read as theirs
    variant, refusals = compile_report("Play: Your opponent destroys a friendly creature.", "Test Card", "action")
    assert variant is None and "friendly" in refusals[0].message


def test_your_opponent_discards_their_hand_and_draws(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Into the Abyss")
    # "Play: Your opponent discards their hand and draws 4 cards."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: into-the-abyss
        setup:
          turn: {active: player1, house: keyraken}
          player1: {hand: ["Into the Abyss"], deck: [Troll, Troll, Troll, Troll, Troll]}
          player2: {hand: [Krump, Anger], deck: [Punch, Punch, Punch, Punch, Punch]}
        actions:
          - play: Into the Abyss
        expect:
          "16.0": {player2.hand_size: 4, Krump.zone: discard, Anger.zone: discard, player1.hand_size: 0}
        """,
        )
    )
