"""Cards under a card in play: grafted ("graft <a card> onto SELF", "resolve (trigger) the play
effect of <an action card> grafted onto SELF": engine.rules.mechanics.graft, 16.0 glossary "Graft":
the card goes faceup under the other card, is not in play, and goes to its owner's discard pile when
that card leaves play), or put there ("put the top card of your deck faceup under SELF",
engine.library.cards_under) and played from there."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


def test_an_action_card_grafted_then_its_play_effect_resolved_on_reaping(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Infomancer")
    # "Play: Graft an action card from your hand onto Infomancer. Reap: Trigger the play effect of an
    # action card grafted onto Infomancer.": Punch (not the creature Krump) goes under it; on the
    # next turn reaping resolves Punch's "Play: Deal 3 damage to a creature." Punch stays grafted
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: infomancer
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: [Infomancer, Punch, Krump]}
          player2: {battleline: [Dust Pixie, Troll]}
        actions:
          - play: Infomancer
          - end_turn: true
            choices: [untamed]
          - end_turn: true
          - reap: Infomancer
            choices: [Troll]
        expect:
          "16.0": {Troll.damage: 3, Punch.zone: beneath, player1.discard: [], player1.amber: 1}
        """,
        )
    )


def test_a_grafted_card_goes_to_the_discard_pile_when_its_host_leaves_play(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Memolith")
    # "Action: Graft an action card from your hand onto Memolith, or trigger the play effect of an
    # action card grafted onto Memolith.": the graft is chosen; Punch, the only action card in hand,
    # goes under Memolith
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: memolith
        setup:
          turn: {active: player1, house: brobnar}
          player1: {artifacts: [Memolith], hand: [Punch, Krump]}
        actions:
          - action: Memolith
            choices: [graft an action card from your hand onto SELF]
        expect:
          "16.0": {Punch.zone: beneath, player1.hand: [Krump], Memolith.exhausted: true}
        """,
        )
    )


def test_the_grafted_card_goes_to_its_owners_discard_pile_as_the_host_leaves_play(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Infomancer")
    # glossary "Graft": "If the card onto which it is grafted leaves play, the grafted card is placed
    # in its owner's discard pile" (Infomancer destroyed by player2's Gateway to Dis)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: infomancer-leaves-play
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: [Infomancer, Punch]}
          player2: {hand: [Gateway to Dis], houses: [dis, untamed]}
        actions:
          - play: Infomancer
          - end_turn: true
            choices: [dis]
          - play: Gateway to Dis
        expect:
          "16.0": {Infomancer.zone: discard, Punch.zone: discard, player1.discard: [Infomancer, Punch]}
        """,
        )
    )


def test_damage_equal_to_the_power_of_a_grafted_enemy_creature(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Antanagoge")
    # "Play: You may graft an enemy creature onto Antanagoge. After Reap: Deal damage to each creature
    # equal to the power of a creature grafted onto Antanagoge.": Bumpsy (5 power) leaves play,
    # grafted; reaping deals 5 to each creature: Krump (6) survives, Dust Pixie does not, and
    # Antanagoge itself (4 power, 2 armor) takes 3
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: antanagoge
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: [Antanagoge]}
          player2: {battleline: [Bumpsy, Krump, Dust Pixie], houses: [brobnar, untamed]}
        actions:
          - play: Antanagoge
            choices: ["yes", Bumpsy]
          - end_turn: true
            choices: [untamed]
          - end_turn: true
          - reap: Antanagoge
        expect:
          "16.0": {Bumpsy.zone: beneath, Krump.damage: 5, Dust Pixie.zone: discard, Antanagoge.damage: 3}
        """,
        )
    )


@pytest.mark.parametrize(
    "under, battleline, amber2", [("[Krump, Bumpsy]", "[Krump, Bumpsy, Troll]", 4), ("[Krump]", "[]", 5)]
)
def test_cards_under_a_card_played_once_there_are_three(kb_conn, tmp_path, under, battleline, amber2):
    assert_compiled(kb_conn, "Cauldron")
    # "Omni: Put the top card of your deck faceup under Cauldron. If there are 3 or more cards under
    # Cauldron, play them one at a time as if they were in your hand.": with two there already, the
    # third (Troll) makes them all played, Bumpsy's "Play: Your opponent loses 1A" included; with one
    # there, two are not enough and they stay under it
    choices = "[right, right]" if "Bumpsy" in under else "[]"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: cauldron
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{artifacts: [{{card: Cauldron, beneath: {under}}}], deck: [Troll, Punch]}}
          player2: {{amber: 5}}
        actions:
          - omni: Cauldron
            choices: {choices}
        expect:
          "16.0": {{player1.battleline: {battleline}, player2.amber: {amber2}, player1.deck: [Punch]}}
        """,
        )
    )


def test_creatures_put_under_then_returned_one_a_turn(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Plan 10")
    # "Play: Put each non-Mars creature faceup under Plan 10." and "At the end of each player's turn,
    # return a card from under Plan 10 to its owner's hand. If there are no cards under Plan 10,
    # destroy Plan 10.": Troll and Dust Pixie leave play (the Mars Zorg stays); at the end of the
    # turn Troll goes back to its owner's hand, Dust Pixie stays under it
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: plan-10
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: [Plan 10], battleline: [Zorg]}
          player2: {battleline: [Troll, Dust Pixie], houses: [brobnar, untamed]}
        actions:
          - play: Plan 10
          - end_turn: true
            choices: [Troll, brobnar]
        expect:
          "16.0": {player2.hand: [Troll], Dust Pixie.zone: beneath, player1.battleline: [Zorg], Plan 10.zone: artifacts}
        """,
        )
    )


def test_the_creatures_under_a_destroyed_creature_come_into_play(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Skŏllĕnbŭzzz")
    # "Destroyed: Put each creature under Skŏllĕnbŭzzz into play under your control. Put Skŏllĕnbŭzzz
    # on the top of your deck.": Krump, put under it from player1's hand when it was played, enters
    # play as Skŏllĕnbŭzzz dies fighting Troll, which goes on top of player1's deck
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: skollenbuzzz
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {hand: [Skŏllĕnbŭzzz, Krump], deck: [Punch, Punch, Punch, Punch, Punch, Punch, Anger]}
          player2: {battleline: [Troll], houses: [brobnar, untamed]}
        actions:
          - play: Skŏllĕnbŭzzz
            choices: ["yes"]
          - end_turn: true
            choices: [untamed]
          - end_turn: true
            choices: [ekwidon]
          - fight: {attacker: Skŏllĕnbŭzzz, target: Troll}
            choices: [right]
        expect:
          "16.0": {player1.battleline: [Krump], Krump.controller: player1, player1.deck: [Skŏllĕnbŭzzz, Anger]}
        """,
        )
    )


def test_a_card_discarded_from_hand_goes_facedown_under_the_artifact(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Bottomless Depths")
    # "Each time you discard a card from your hand, put that card facedown under Bottomless Depths
    # from your discard pile."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: bottomless-depths
        setup:
          turn: {active: player1, house: brobnar}
          player1: {artifacts: [Bottomless Depths], hand: [Troll], discard: [Krump]}
        actions:
          - discard: Troll
        expect:
          "16.0": {Troll.zone: beneath, player1.discard: [Krump]}
        """,
        )
    )
