"""A card named by its name (engine/compile/templates/clauses_naming_cards.toml): "Name a card.
Until <this card> leaves play, cards with that name cannot be played"."""

from __future__ import annotations

import pytest

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


@pytest.mark.parametrize(
    "named, expect",
    [
        # the bottom two are Troll and Krump, in either order: purged, and a key forged at no cost
        ("[Krump, Troll]", "{player1.keys: 1, Dark Discovery.zone: purged}"),
        # one name wrong: discarded all the same, no key
        ("[Troll, Punch]", "{player1.keys: 0, Dark Discovery.zone: discard}"),
    ],
)
def test_name_two_cards_and_discard_the_bottom_two(kb_conn, tmp_path, named, expect):
    assert_compiled(kb_conn, "Dark Discovery")
    # "Play: Name 2 cards. Discard the bottom 2 cards of your opponent's deck. If they are the named
    # cards, purge Dark Discovery and forge a key at no cost."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: dark-discovery
        setup:
          turn: {{active: player1, house: unfathomable}}
          player1: {{hand: [Dark Discovery]}}
          player2: {{deck: [Punch, Anger, Troll, Krump]}}
        actions:
          - play: Dark Discovery
            choices: {named}
        expect:
          "16.0": {{Troll.zone: discard, Krump.zone: discard, Punch.zone: deck, {expect[1:]}
        """,
        )
    )
