""" "If <it / that enemy creature / a card you do not own> leaves your archives, put it into its
owner's hand instead" after "put <cards> into your archives" (engine.library.zones.Archive
``owner_hand_on_leaving``): a card archived so goes to its owner's hand whatever takes it from the
archives (here purged by Yzphyz Knowdrone); a card the text does not name goes where it is sent."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize(
    "mine, theirs, where, answers",
    [
        # the opponent's artifact goes back to their hand: not purged, so nothing is stunned
        ("[]", "[Gauntlet of Command]", "hand", '[right, "yes"]'),
        ("[Gauntlet of Command]", "[]", "purged", '[right, "yes", Troll]'),
    ],
)
def test_a_card_you_do_not_own_returns_to_its_owners_hand_on_leaving_your_archives(
    kb_conn, tmp_path, mine, theirs, where, answers
):
    assert_compiled(kb_conn, "Glimmerspore")
    # "Play: Put an artifact from play into your archives. If you are not the owner of that card and
    # it leaves your archives, put it into its owner's hand instead."; then player2's Yzphyz
    # Knowdrone: "You may purge an archived card to stun a creature" (from player1's archives)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: glimmerspore
        setup:
          turn: {{active: player1, house: mars}}
          player1: {{hand: [Glimmerspore], artifacts: {mine}}}
          player2: {{hand: [Yzphyz Knowdrone], houses: [logos, mars], battleline: [Troll], artifacts: {theirs}}}
        actions:
          - play: Glimmerspore
          - end_turn: true
            choices: [mars]
          - play: Yzphyz Knowdrone
            choices: {answers}
        expect:
          "16.0": {{Gauntlet of Command.zone: {where}, player1.archives: [], Troll.stunned: {where == "purged"}}}
        """,
        )
    )


def test_only_that_enemy_creature_returns_to_its_owners_hand(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Scoop Up")
    # "Play: Put a friendly non-Mars creature and an enemy non-Mars creature into your archives. If
    # that enemy creature would leave your archives, return it to its owner's hand instead." (GR):
    # the friendly Bumpsy, then purged from the archives by Yzphyz Knowdrone, is not redirected
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: scoop-up
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: [Scoop Up, Yzphyz Knowdrone], battleline: [Bumpsy]}
          player2: {battleline: [Troll, Krump]}
        actions:
          - play: Scoop Up
            choices: [Troll]
          - play: Yzphyz Knowdrone
            choices: ["yes", Bumpsy, Krump]
        expect:
          "16.0": {Bumpsy.zone: purged, Troll.zone: archives, Krump.stunned: true}
        """,
        )
    )


def test_a_creature_put_into_the_opponents_archives_returns_to_its_owners_hand(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Curse of Disappearances")
    # "At the end of your turn, put a friendly creature into your opponent's archives. If that card
    # leaves their archives, put it into its owner's hand instead.": player2 (controlling the Curse)
    # loses Troll into player1's archives; purged from there by player1's Yzphyz Knowdrone, Troll goes
    # to player2's hand instead, so nothing is stunned
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: curse-of-disappearances
        setup:
          turn: {active: player2, house: mars}
          player2: {artifacts: [Curse of Disappearances], battleline: [Troll]}
          player1: {hand: [Yzphyz Knowdrone], houses: [mars, logos], battleline: [Krump]}
        actions:
          - end_turn: true
            choices: [mars]
          - play: Yzphyz Knowdrone
            choices: [right, "yes"]
        expect:
          "16.0": {Troll.zone: hand, player2.hand: [Troll], Krump.stunned: false}
        """,
        )
    )
