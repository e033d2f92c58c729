""" "If you are haunted, ..." (16.0 glossary "Haunted": "You are haunted if there are 10 or more
cards in your discard pile"): a constant ability asked as the creature enters play, and an effect
that puts the action card resolving it on the bottom of its owner's deck."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize("discarded, exhausted", [(10, "false"), (9, "true")])
def test_enters_play_ready_if_haunted(kb_conn, tmp_path, discarded, exhausted):
    assert_compiled(kb_conn, "Ælbia Stray")
    # "If you are haunted, Ælbia Stray enters play ready.": 10 cards in the discard pile, it can
    # reap at once; 9, it enters exhausted as any creature
    discard = ", ".join(["Troll"] * discarded)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: aelbia-stray-haunted
        setup:
          turn: {{active: player1, house: geistoid}}
          player1: {{hand: ["Ælbia Stray"], discard: [{discard}]}}
        actions:
          - play: Ælbia Stray
        expect:
          "16.0": {{Ælbia Stray.exhausted: {exhausted}}}
        """,
        )
    )


@pytest.mark.parametrize("discarded, zone, deck", [(10, "deck", "[Punch, Empathic Malice]"), (0, "discard", "[Punch]")])
def test_put_self_on_the_bottom_of_your_deck_if_haunted(kb_conn, tmp_path, discarded, zone, deck):
    assert_compiled(kb_conn, "Empathic Malice")
    # "Play: A friendly creature captures 3. If you are haunted, put Empathic Malice on the bottom
    # of your deck.": haunted, the card goes under the deck instead of the discard pile
    discard = ", ".join(["Troll"] * discarded)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: empathic-malice-haunted
        setup:
          turn: {{active: player1, house: geistoid}}
          player1: {{hand: ["Empathic Malice"], battleline: ["Krump"], deck: [Punch], discard: [{discard}]}}
          player2: {{amber: 4}}
        actions:
          - play: Empathic Malice
        expect:
          "16.0": {{Empathic Malice.zone: {zone}, player1.deck: {deck}, Krump.amber: 3}}
        """,
        )
    )


@pytest.mark.parametrize("discarded", [7, 10])
def test_scrap_discards_from_the_chosen_players_deck_until_they_are_haunted(kb_conn, tmp_path, discarded):
    assert_compiled(kb_conn, "Dark Memento")
    # "Scrap: Discard the top card from a player's deck. If that player is not haunted, repeat this
    # effect.": player 2 has 7 cards in their discard pile: Troll (8), Krump (9), Ancient Bear (10,
    # haunted) are discarded, Punch stays; with 10 already, only Troll goes (the repeat is asked
    # after the discard). Player 2 is chosen each time the effect repeats.
    pile = ", ".join(["Dust Pixie"] * discarded)
    choices = "[player2, player2, player2]" if discarded == 7 else "[player2]"
    left = "[Punch]" if discarded == 7 else "[Krump, Ancient Bear, Punch]"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: dark-memento-scrap
        setup:
          turn: {{active: player1, house: geistoid}}
          player1: {{hand: ["Dark Memento"]}}
          player2: {{discard: [{pile}], deck: [Troll, Krump, Ancient Bear, Punch]}}
        actions:
          - discard: Dark Memento
            choices: {choices}
        expect:
          "16.0": {{player2.deck: {left}, Troll.zone: discard}}
        """,
        )
    )


@pytest.mark.parametrize("discarded, gained", [(10, 2), (9, 0)])
def test_gained_destroyed_gains_for_each_amber_on_this_creature_if_haunted(kb_conn, tmp_path, discarded, gained):
    assert_compiled(kb_conn, "Dimo, Elderghast")
    # "Each friendly creature with A on it gains, "Destroyed: If you are haunted, gain 1 for each A
    # on this creature."": Krump, with 2 Æmber on it, fights Troll and is destroyed; haunted,
    # player 1 gains 2 before the Æmber on Krump goes to player 2 as it leaves play
    pile = ", ".join(["Dust Pixie"] * discarded)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: dimo-elderghast-haunted
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{amber: 0, battleline: ["Dimo, Elderghast", {{card: Krump, amber: 2}}], discard: [{pile}]}}
          player2: {{amber: 0, battleline: [Troll]}}
        actions:
          - fight: {{attacker: Krump, target: Troll}}
        expect:
          "16.0": {{player1.amber: {gained}, player2.amber: 2, Krump.zone: discard}}
        """,
        )
    )


@pytest.mark.parametrize("discarded, champion, troll, krump", [(10, 0, "discard", 0), (9, 7, "battleline", 0)])
def test_move_all_damage_to_another_creature_if_haunted(kb_conn, tmp_path, discarded, champion, troll, krump):
    assert_compiled(kb_conn, "Returning Champion")
    # "After Fight: If you are haunted, move all damage from Returning Champion to another
    # creature.": with 3 damage already, it fights Mighty Tiger (4 more: 7); haunted, the 7 move to
    # Troll (8 power, 3 damage already: destroyed at 10) and Krump keeps none; not haunted, they stay
    pile = ", ".join(["Dust Pixie"] * discarded)
    targets = "[Troll]" if discarded >= 10 else "[]"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: returning-champion-haunted
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{battleline: [{{card: Returning Champion, damage: 3}}, Krump], discard: [{pile}]}}
          player2: {{battleline: [{{card: Mighty Tiger, damage: 0}}, {{card: Troll, damage: 3}}]}}
        actions:
          - fight: {{attacker: Returning Champion, target: Mighty Tiger}}
            targets: {targets}
        expect:
          "16.0": {{Returning Champion.damage: {champion}, Troll.zone: {troll}, Krump.damage: {krump}}}
        """,
        )
    )


def test_while_a_player_is_haunted_their_creatures_get_less_power(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Awful Atoll")
    # "While a player is haunted, their creatures get -2 power.": player 2 is haunted (10 cards in
    # the discard pile), player 1 (9) is not; the Atoll's controller does not matter
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: awful-atoll-haunted
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{artifacts: [Awful Atoll], battleline: [Krump], discard: [{", ".join(["Dust Pixie"] * 9)}]}}
          player2: {{battleline: [Troll], discard: [{", ".join(["Dust Pixie"] * 10)}]}}
        actions: []
        expect:
          "16.0": {{Krump.power: 6, Troll.power: 6}}
        """,
        )
    )


@pytest.mark.parametrize("amber, keys, archives", [(6, 1, "[Punch, Krump]"), (5, 0, "[]")])
def test_archive_your_discard_pile_if_you_forged_a_key_this_turn(kb_conn, tmp_path, amber, keys, archives):
    assert_compiled(kb_conn, "Spectral Ruth")
    # "Play: If you forged a key this turn, archive your discard pile.": player 1 starts the turn
    # with 6 (a key forged) or 5 (none); the whole discard pile goes to the archives only then
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: spectral-ruth-forged
        setup:
          turn: {{active: player2, house: brobnar}}
          player1: {{amber: {amber}, houses: [brobnar, dis, shadows], hand: [Spectral Ruth], discard: [Punch, Krump],
                     deck: [Urchin, Urchin, Urchin, Urchin, Urchin, Urchin, Urchin]}}
          player2: {{deck: [Dust Pixie, Dust Pixie, Dust Pixie, Dust Pixie, Dust Pixie, Dust Pixie]}}
        actions:
          - end_turn: true
            choices: [brobnar]
          - play: Spectral Ruth
        expect:
          "16.0": {{player1.keys: {keys}, player1.archives: {archives}}}
        """,
        )
    )


def test_a_card_discarded_from_hand_haunts_and_the_power_loss_destroys_at_once(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Awful Atoll")
    # Player 1 discards Punch from hand: the 10th card of their pile, they are haunted, and Krump
    # (6 power, 4 damage) gets -2 from Awful Atoll and is destroyed at once
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: awful-atoll-discard-haunts
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{hand: [Punch], battleline: [{{card: Krump, damage: 4}}], discard: [{", ".join(["Dust Pixie"] * 9)}]}}
          player2: {{artifacts: [Awful Atoll]}}
        actions:
          - discard: Punch
        expect:
          "16.0": {{Krump.zone: discard}}
        """,
        )
    )
