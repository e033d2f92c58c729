"""Reactions to exalting and to drawing: "Each time you exalt a friendly non-token creature, make a
token creature." (the "exalted" event of each creature an exalt reached) and a prophecy's "after
your opponent draws a card outside of their 'draw cards step'" (the "drew" event, with its step)."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize("exalted", ["Aedile Tullia", "Troll"])
def test_aedile_tullia_makes_a_token_for_a_friendly_creature_exalted(kb_conn, tmp_path, exalted):
    # Aedile Tullia (WoE): "Each time you exalt a friendly non-token creature, make a token creature."
    # Curse of Vanity: "Play: Exalt a friendly creature and an enemy creature." The friendly one
    # (Aedile Tullia herself or Troll) makes one token (the top card of the deck, Krump, as a
    # Grunt, put on the right flank); the enemy Bumpsy exalted makes none
    assert_compiled(kb_conn, "Aedile Tullia", "Curse of Vanity")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: aedile-tullia
        setup:
          turn: {{active: player1, house: saurian}}
          player1: {{token: Grunt, hand: [Curse of Vanity], battleline: [Aedile Tullia, Troll],
                     deck: [{{card: Krump, id: k1}}, {{card: Krump, id: k2}}]}}
          player2: {{battleline: [Bumpsy]}}
        actions:
          - play: Curse of Vanity
            choices: ["{exalted}", right]
        expect:
          "16.0": {{{exalted}.amber: 1, Bumpsy.amber: 1, k1.token: Grunt, k2.zone: deck}}
        """,
        )
    )


@pytest.mark.parametrize("q_mechs, fulfilled", [(True, True), (False, False)])
def test_the_cards_will_tell_a_draw_outside_the_draw_step(kb_conn, tmp_path, q_mechs, fulfilled):
    # The Cards Will Tell: "During your opponent's turn, after your opponent draws a card outside of
    # their "draw cards step", fulfill ..." (fate: Oh, You Shouldn't Have!: "Fate: Your opponent
    # gains 3A."). Player 2 plays Q-Mechs ("Play: Draw a card."): fulfilled; or only refills their
    # hand in their "draw cards" step at the end of the turn: not
    assert_compiled(kb_conn, "The Cards Will Tell", "Q-Mechs")
    play = "- play: Q-Mechs" if q_mechs else ""
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: the-cards-will-tell
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{amber: 0, hand: ["Oh, You Shouldn’t Have!"], prophecies: [The Cards Will Tell]}}
          player2: {{houses: [logos], hand: [Q-Mechs], deck: [Troll, Troll, Troll, Troll, Troll, Troll, Troll, Troll]}}
        actions:
          - activate_prophecy: {{prophecy: The Cards Will Tell, card: "Oh, You Shouldn’t Have!"}}
          - end_turn: true
            to_step: 2
          - choose_house: logos
          {play}
          - end_turn: true
            to_step: 1
        expect:
          "16.0": {{player1.amber: {3 if fulfilled else 0}}}
        """,
        )
    )
