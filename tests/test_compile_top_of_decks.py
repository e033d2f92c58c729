"""The top cards of any player's deck: "discard the top N cards of your opponent's / a player's /
each player's deck", "archive the top N cards of your deck" (engine.library.decks)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_discard_the_top_cards_of_a_chosen_players_deck(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Boo!")
    # "Play: Discard the top 10 cards of a player's deck.": the player chosen is player2; player1's
    # deck is untouched; only 3 cards there to discard
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: boo-a-players-deck
        setup:
          turn: {active: player1, house: geistoid}
          player1: {hand: ["Boo!"], deck: ["Troll", "Krump"]}
          player2: {deck: ["Punch", "Bumpsy", "Urchin"]}
        actions:
          - play: Boo!
            choices: [player2]
        expect:
          "16.0": {player2.deck: [], player2.discard: [Urchin, Bumpsy, Punch], player1.deck: [Troll, Krump]}
        """,
        )
    )


def test_discard_the_top_cards_of_your_opponents_deck(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Thalassophobia")
    # "Play: Discard the top 10 cards of your opponent's deck.": 10 of their 11, not yours
    deck = ", ".join(["Troll"] * 10 + ["Punch"])
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: thalassophobia
        setup:
          turn: {{active: player1, house: unfathomable}}
          player1: {{hand: ["Thalassophobia"], deck: ["Krump"]}}
          player2: {{deck: [{deck}]}}
        actions:
          - play: Thalassophobia
        expect:
          "16.0": {{player2.deck: [Punch], player1.deck: [Krump]}}
        """,
        )
    )


def test_archive_the_top_cards_of_your_deck(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Eclectic Inquiry")
    # "Play: Archive the top 2 cards of your deck."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: eclectic-inquiry
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: ["Eclectic Inquiry"], deck: ["Troll", "Krump", "Punch"]}
        actions:
          - play: Eclectic Inquiry
        expect:
          "16.0": {player1.archives: [Troll, Krump], player1.deck: [Punch]}
        """,
        )
    )
