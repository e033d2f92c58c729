"""A verb on one of two noun phrases, the player choosing which (engine/compile/either.py): "discard a
random card from your opponent's archives or the top card of their deck", and what the sentences
after it say of the cards discarded ("If that card is an action, ...", "If the discarded cards share
a type, ...")."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize(
    "choices, expect",
    [
        # the top card of their deck: Punch, an action, played as Fidgit's controller's (Dust Pixie)
        (
            '["discard the top card of their deck", Dust Pixie]',
            "{Punch.zone: discard, Troll.zone: archives, Dust Pixie.zone: discard}",
        ),
        # their archives' one card, Troll: discarded, not an action, nothing played
        (
            '["discard a random card from your opponent\'s archives"]',
            "{Troll.zone: discard, Punch.zone: deck, Dust Pixie.zone: battleline}",
        ),
    ],
)
def test_discard_one_or_the_other_and_play_it_if_an_action(kb_conn, tmp_path, choices, expect):
    assert_compiled(kb_conn, "Fidgit")
    # "Reap: Discard a random card from your opponent's archives or the top card of their deck. If
    # that card is an action, play it as if it were yours."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: fidgit
        setup:
          turn: {{active: player1, house: shadows}}
          player1: {{battleline: [Fidgit]}}
          player2: {{archives: [Troll], deck: [Punch, Krump], battleline: [Dust Pixie]}}
        actions:
          - reap: Fidgit
            choices: {choices}
        expect:
          "16.0": {expect}
        """,
        )
    )


@pytest.mark.parametrize("archives, stolen", [("[Troll, Krump]", 2), ("[Troll, Punch]", 0)])
def test_steal_if_the_discarded_cards_share_a_type(kb_conn, tmp_path, archives, stolen):
    assert_compiled(kb_conn, "Parallel Thinking")
    # "Play: Discard the top 2 cards of a player's deck or 2 random cards from a player's archives.
    # If the discarded cards share a type, steal 2.": two creatures share one; a creature and an
    # action do not
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: parallel-thinking
        setup:
          turn: {{active: player1, house: logos}}
          player1: {{hand: [Parallel Thinking]}}
          player2: {{amber: 3, archives: {archives}, deck: [Anger, Smaaash]}}
        actions:
          - play: Parallel Thinking
            choices: ["discard 2 random cards from a player's archives", player2]
        expect:
          "16.0": {{player2.archives: [], Troll.zone: discard, player1.amber: {stolen}, player2.amber: {3 - stolen},
                   Anger.zone: deck}}
        """,
        )
    )
