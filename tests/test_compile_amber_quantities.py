"""Amounts of Æmber and damage said another way than a number, and the wordings read with them
(engine/compile/templates/clauses_amber_quantities.toml): a third of a pool, Æmber moved or lost
"this way", each creature's own damage, a card spent as Æmber, Æmber moved from a pool to a card,
"after a player fights with a creature, they ..."."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize("pool, keys, left", [(5, 1, 0), (4, 0, 4)])
def test_a_card_spent_as_amber_when_forging(kb_conn, tmp_path, pool, keys, left):
    assert_compiled(kb_conn, "Æmberling")
    # "You may spend Æmberling as if it were A in your pool. (Discard it, ignoring wards.)":
    # player1 forges a 6 key from a pool of 5 and their warded Æmberling, which is discarded; with
    # 4 in the pool, 5 is not enough: no key, the Æmberling stays
    zone = "discard" if keys else "battleline"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: aemberling-spent
        setup:
          turn: {{active: player2, house: brobnar}}
          player1: {{amber: {pool}, houses: [brobnar, dis, staralliance], token: Æmberling, battleline: [{{card: Krump, id: a1, token: true, ward: true}}]}}
        actions:
          - end_turn: true
            choices: [brobnar]
        expect:
          "16.0": {{player1.keys: {keys}, player1.amber: {left}, a1.zone: {zone}}}
        """,
        )
    )


@pytest.mark.parametrize("pool, captured, kept", [(8, 2, 6), (2, 0, 2)])
def test_capture_one_third_rounded_down(kb_conn, tmp_path, pool, captured, kept):
    assert_compiled(kb_conn, "Sir Jaune")
    # "Play: Capture one third of your opponent's A (rounded down)."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: sir-jaune-third
        setup:
          turn: {{active: player1, house: sanctum}}
          player1: {{hand: [Sir Jaune]}}
          player2: {{amber: {pool}}}
        actions:
          - play: Sir Jaune
        expect:
          "16.0": {{Sir Jaune.amber: {captured}, player2.amber: {kept}}}
        """,
        )
    )


def test_for_each_amber_lost_this_way(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Urxym the “Diplomat”")
    # "After Reap: Lose all your A. Destroy an enemy non-Mars creature for each A lost this way.":
    # 1 in the pool and 1 from the reap: 2 lost, two of the three enemy non-Mars creatures destroyed
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: urxym-lost-this-way
        setup:
          turn: {active: player1, house: mars}
          player1: {amber: 1, battleline: ["Urxym the Diplomat"]}
          player2: {battleline: [Troll, Krump, Dust Pixie]}
        actions:
          - reap: Urxym the Diplomat
            targets: [Troll, Dust Pixie]
        expect:
          "16.0": {player1.amber: 0, Troll.zone: discard, Dust Pixie.zone: discard, Krump.zone: battleline}
        """,
        )
    )


def test_each_creature_dealt_its_own_damage(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Cauldron Boil")
    # "Play: Deal damage to each creature equal to the amount of damage on that creature.": each
    # amount is the creature's damage before any of it is dealt
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: cauldron-boil-own-damage
        setup:
          turn: {active: player1, house: untamed}
          player1: {hand: [Cauldron Boil], battleline: [{card: Troll, damage: 3}]}
          player2: {battleline: [{card: Krump, damage: 1}, Dust Pixie]}
        actions:
          - play: Cauldron Boil
        expect:
          "16.0": {Troll.damage: 6, Krump.damage: 2, Dust Pixie.damage: 0}
        """,
        )
    )


def test_after_a_player_fights_they_lose(kb_conn, tmp_path):
    # Peace Accord (MM 350): "After a player fights with a creature, they lose 4A. Destroy Peace
    # Accord.": player1 fights with their Troll, player2's Peace Accord makes player1 (the player
    # who fought) lose 4 of 5, and is destroyed
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: peace-accord-mm
        setup:
          turn: {active: player1, house: brobnar}
          player1: {amber: 5, battleline: [Troll]}
          player2: {amber: 5, artifacts: ["Peace Accord (MM 350)"], battleline: [Dust Pixie]}
        actions:
          - fight: {attacker: Troll, target: Dust Pixie}
        expect:
          "16.0": {player1.amber: 1, player2.amber: 5, Peace Accord.zone: discard}
        """,
        )
    )


def test_move_amber_from_your_pool_to_the_giving_card(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Treasure Island")
    # "Each friendly Skyborn creature gains, "After Reap: Move 1A from your pool to Treasure
    # Island." You may spend A on Treasure Island as if it were in your pool.": the reap's 1 moves
    # onto the island; a friendly Brobnar creature gains nothing
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: treasure-island-reap
        setup:
          turn: {active: player1, house: skyborn}
          player1: {amber: 2, artifacts: [Treasure Island], battleline: [Redhawk]}
        actions:
          - reap: Redhawk
        expect:
          "16.0": {player1.amber: 2, Treasure Island.amber: 1}
        """,
        )
    )


def test_the_most_powerful_creature_captures_all_of_your_opponents_amber(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Trenk’s Creed")
    # "Choose one: The most powerful creature captures all of your opponent's A. ...": the most
    # powerful creature is player2's Troll; it captures player2's own 4 (your opponent's), none of
    # player1's 3
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: trenks-creed-enemy
        setup:
          turn: {active: player1, house: sanctum}
          player1: {amber: 3, hand: ["Trenk’s Creed"], battleline: [Krump]}
          player2: {amber: 4, battleline: [Troll]}
        actions:
          - play: "Trenk’s Creed"
            choices: ["the most powerful creature captures all of your opponent's amber"]
        expect:
          "16.0": {Troll.amber: 4, player2.amber: 0, player1.amber: 4}
        """,
        )
    )


def test_capture_all_amber_from_each_player(kb_conn, tmp_path):
    # Colonist Chapman (DT 246): "Play: Capture all A from each player.": 3 from player2's pool,
    # then player1's own 2
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: colonist-chapman-all
        setup:
          turn: {active: player1, house: staralliance}
          player1: {amber: 2, hand: ["Colonist Chapman (DT 246)"]}
          player2: {amber: 3}
        actions:
          - play: Colonist Chapman
        expect:
          "16.0": {Colonist Chapman.amber: 5, player1.amber: 0, player2.amber: 0}
        """,
        )
    )


@pytest.mark.parametrize("pool, zone, left", [(4, "battleline", 0), (3, "discard", 5)])
def test_capture_from_any_combination_of_players(kb_conn, tmp_path, pool, zone, left):
    assert_compiled(kb_conn, "Grizzled Wyvern")
    # "Play: Capture 6 from any combination of players. Then, if Grizzled Wyvern has fewer than 6
    # on it, destroy it.": 2 of player1's own and all 4 of player2's (the only split); with 5 in
    # the pools together it captures 5 and is destroyed, its 5 going to player2 as it leaves play
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: grizzled-wyvern
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{amber: 2, hand: ["Grizzled Wyvern (AS S09)"]}}
          player2: {{amber: {pool}}}
        actions:
          - play: Grizzled Wyvern
        expect:
          "16.0": {{Grizzled Wyvern.zone: {zone}, player1.amber: 0, player2.amber: {left}}}
        """,
        )
    )


@pytest.mark.parametrize("pool, illegal", [(7, "[]"), (6, "[0]")])
def test_cannot_be_played_unless_opponent_has_amber_in_pool(kb_conn, tmp_path, pool, illegal):
    assert_compiled(kb_conn, "Balaenora")
    # "Balaenora cannot be played unless your opponent has 7 A or more in their pool. Play: Capture
    # all of your opponent's A."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: balaenora
        setup:
          turn: {{active: player1, house: skyborn}}
          player1: {{hand: [Balaenora]}}
          player2: {{amber: {pool}}}
        actions:
          - play: Balaenora
        expect:
          "16.0": {{illegal: {illegal}, player2.amber: {0 if pool == 7 else pool}}}
        """,
        )
    )


def test_for_each_exhausted_creature_to_its_left(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Praetor Marius")
    # "After Reap: For each exhausted creature to Praetor Marius's left, capture 1.": two exhausted
    # creatures on its left (Troll, Krump), none counted on its right (Dust Pixie)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: praetor-marius
        setup:
          turn: {active: player1, house: saurian}
          player1: {battleline: [{card: Troll, exhausted: true}, Bumpsy, {card: Krump, exhausted: true}, Praetor Marius, {card: Dust Pixie, exhausted: true}]}
          player2: {amber: 5}
        actions:
          - reap: Praetor Marius
        expect:
          "16.0": {Praetor Marius.amber: 2, player2.amber: 3, player1.amber: 1}
        """,
        )
    )


def test_for_each_card_under_it(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Demonic Shelf")
    # "Action: Put a friendly creature faceup under Demonic Shelf. Deal 3 to a creature for each
    # card under Demonic Shelf.": Krump joins Dust Pixie under it; two cards, 3 to Troll twice
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: demonic-shelf
        setup:
          turn: {active: player1, house: dis}
          player1: {artifacts: [{card: Demonic Shelf, beneath: [Dust Pixie]}], battleline: [Krump]}
          player2: {battleline: [Troll]}
        actions:
          - action: Demonic Shelf
        expect:
          "16.0": {Krump.zone: beneath, Troll.damage: 6}
        """,
        )
    )


def test_for_each_amber_each_player_lost_this_way(kb_conn, tmp_path):
    # Æmberfin Shark (DT 368): "At the end of your turn, each player loses 1. Give Æmberfin Shark
    # a +1 power counter for each A lost this way.": both players lose 1, two counters
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: aemberfin-shark-both
        setup:
          turn: {active: player1, house: untamed}
          player1: {houses: [untamed, brobnar, shadows], amber: 2, battleline: ["Æmberfin Shark (DT 368)"]}
          player2: {houses: [brobnar, dis, shadows], amber: 3, battleline: [Troll]}
        actions:
          - end_turn: true
            choices: [brobnar]
        expect:
          "16.0": {player1.amber: 1, player2.amber: 2, Æmberfin Shark.power_counters: 2}
        """,
        )
    )


def test_for_the_remainder_of_the_turn_including_this_one(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Crystalline Harvest")
    # "Play: For the remainder of the turn, gain 1 each time you play an action card (including
    # this one).": 1 for Crystalline Harvest itself, 1 for Curiosity (and its 1 bonus), none for
    # the creature Dew Faerie
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: crystalline-harvest
        setup:
          turn: {active: player1, house: untamed}
          player1: {hand: [Crystalline Harvest, Curiosity, Dew Faerie]}
        actions:
          - play: Crystalline Harvest
          - play: Curiosity
            choices: [Crystalline Harvest]
          - play: Dew Faerie
        expect:
          "16.0": {player1.amber: 3}
        """,
        )
    )


@pytest.mark.parametrize("plays, amber", [(6, 10), (5, 5)])
def test_after_a_player_plays_their_sixth_card(kb_conn, tmp_path, plays, amber):
    assert_compiled(kb_conn, "Ruins of Archonis")
    # "After a player plays their 6th card in a turn, if Ruins of Archonis is ready, move each A
    # from Ruins of Archonis to that player's pool.": player1 plays 6 Curiosities (1 bonus each)
    # and takes the 4 on it; after 5 the 4 stay
    hand = ", ".join(["Curiosity"] * plays)
    actions = "\n".join(["          - play: Curiosity"] * plays)
    if plays == 6:  # the 6th play: Ruins of Archonis' reaction and Curiosity's "Play:" in either order
        actions += "\n            choices: [Ruins of Archonis]"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: ruins-of-archonis
        setup:
          turn: {{active: player1, house: untamed}}
          player1: {{hand: [{hand}]}}
          player2: {{artifacts: [{{card: Ruins of Archonis, amber: 4}}]}}
        actions:
{actions}
        expect:
          "16.0": {{player1.amber: {amber}, Ruins of Archonis.amber: {4 if plays == 5 else 0}}}
        """,
        )
    )


@pytest.mark.parametrize("creatures, amber", [(6, 4), (5, 0)])
def test_after_six_creatures_are_destroyed_in_a_turn(kb_conn, tmp_path, creatures, amber):
    assert_compiled(kb_conn, "Dead Man’s Chest")
    # "After 6 or more creatures are destroyed in a turn, if Dead Man's Chest is ready, move each A
    # from Dead Man's Chest to the active player's pool.": Gateway to Dis destroys 6 (3 a side):
    # player1, the active player, takes player2's chest's 4; with 5 destroyed, nothing
    theirs = ", ".join(["Dust Pixie"] * (creatures - 3))
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: dead-mans-chest
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{hand: [Gateway to Dis], battleline: [Krump, Krump, Krump]}}
          player2: {{artifacts: [{{card: "Dead Man’s Chest", amber: 4}}], battleline: [{theirs}]}}
        actions:
          - play: Gateway to Dis
        expect:
          "16.0": {{player1.amber: {amber}}}
        """,
        )
    )
