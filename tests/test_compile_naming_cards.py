"""A card named by its name (engine/compile/templates/clauses_naming_cards.toml): "Name a card.
Until <this card> leaves play, cards with that name cannot be played"."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_cards_with_the_name_named_cannot_be_played(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Etan’s Jar")
    # "Play: Name a card. Until Etan's Jar leaves play, cards with that name cannot be played.":
    # Pit Demon named, its play is refused (action 1); Charette, not named, is played
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: etans-jar
        setup:
          turn: {active: player1, house: dis}
          player1: {hand: [Etan’s Jar, Pit Demon, Charette]}
          player2: {amber: 3}
        actions:
          - play: Etan’s Jar
            choices: [Pit Demon]
          - play: Pit Demon
          - play: Charette
        expect:
          "16.0": {illegal: 1, Pit Demon.zone: hand, Charette.zone: battleline}
        """,
        )
    )
