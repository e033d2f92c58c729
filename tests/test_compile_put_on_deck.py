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
