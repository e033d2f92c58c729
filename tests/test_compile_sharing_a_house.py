"""Neighbors that share a house with a creature ("Each of its neighbors that shares a house with it
also captures 1", "deal 2 damage to that creature for each of its neighbors that shares a house with
it"), "each creature you control" (each friendly creature), and a "for each" capped ("..., to a
maximum of 4", "(to a maximum of 3)": the total, at most)."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


def test_neighbors_sharing_a_house_also_capture(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Taxing Journey")
    # Krump captures 1; of its neighbors Troll (Brobnar) captures 1, Dust Pixie (Untamed) not;
    # Bumpsy (Brobnar, no neighbor of Krump) not
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: taxing-journey
        setup:
          turn: {active: player1, house: sanctum}
          player1: {amber: 0, hand: [Taxing Journey], battleline: [Troll, Krump, Dust Pixie, Bumpsy]}
          player2: {amber: 5}
        actions:
          - play: Taxing Journey
            choices: [Krump]
        expect:
          "16.0": {Krump.amber: 1, Troll.amber: 1, Dust Pixie.amber: 0, Bumpsy.amber: 0, player2.amber: 3}
        """,
        )
    )


@pytest.mark.parametrize("place, damage", [(0, 2), (1, 4)])
def test_damage_for_each_neighbor_sharing_a_house(kb_conn, tmp_path, place, damage):
    assert_compiled(kb_conn, "Thorium Plasmate")
    # Troll moved to the left flank has Krump (Brobnar) as its one neighbor: 2; between Krump and
    # Bumpsy (both Brobnar): 4. Dust Pixie (Untamed) shares no house with it
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: thorium-plasmate
        setup:
          turn: {{active: player1, house: logos}}
          player1: {{hand: [Thorium Plasmate]}}
          player2: {{battleline: [Krump, Bumpsy, Dust Pixie, Troll]}}
        actions:
          - play: Thorium Plasmate
            choices: [Troll, {place}]
        expect:
          "16.0": {{Troll.damage: {damage}}}
        """,
        )
    )


@pytest.mark.parametrize("friendly, stolen", [("[]", 3), ("[Dust Pixie]", 1)])
def test_instead_steal_for_each_house_to_a_maximum(kb_conn, tmp_path, friendly, stolen):
    assert_compiled(kb_conn, "Trust No One")
    # "Steal 1. If there are no friendly creatures in play, instead steal 1 for each house
    # represented among enemy creatures (to a maximum of 3).": 4 houses among the enemy creatures,
    # 3 stolen; with a friendly creature, 1
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: trust-no-one
        setup:
          turn: {{active: player1, house: shadows}}
          player1: {{amber: 0, hand: [Trust No One], battleline: {friendly}}}
          player2: {{amber: 6, battleline: [Troll, Urchin, Pit Demon, Mighty Tiger]}}
        actions:
          - play: Trust No One
        expect:
          "16.0": {{player1.amber: {stolen}, player2.amber: {6 - stolen}}}
        """,
        )
    )


def test_each_player_counts_the_creatures_they_control(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Vault’s Blessing")
    # "Each player gains 1 for each Mutant creature they control.": "they control" read per player
    # (Jargogle and Research Smoko are Mutants, Troll not)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: vaults-blessing
        setup:
          turn: {active: player1, house: untamed}
          player1: {amber: 0, hand: ["Vault’s Blessing"], battleline: [Jargogle, Research Smoko, Troll]}
          player2: {amber: 0, battleline: [{card: Jargogle, id: J2}]}
        actions:
          - play: Vault’s Blessing
        expect:
          "16.0": {player1.amber: 3, player2.amber: 1}
        """,
        )
    )


@pytest.mark.parametrize("chosen, amber", [("Bumpsy", 3), ("Krump", 2), ("Troll", 1)])
def test_repeated_along_left_neighbors_sharing_a_house(kb_conn, tmp_path, chosen, amber):
    assert_compiled(kb_conn, "Harmonic Ritual")
    # "Choose a friendly creature. If its left neighbor shares a house with it, gain 1 and repeat
    # this effect on that creature." (1 Æmber bonus): from Bumpsy leftwards, Krump and Troll
    # (Brobnar) share; Dust Pixie (Untamed) ends the run
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: harmonic-ritual
        setup:
          turn: {{active: player1, house: sanctum}}
          player1: {{amber: 0, hand: [Harmonic Ritual], battleline: [Dust Pixie, Troll, Krump, Bumpsy]}}
        actions:
          - play: Harmonic Ritual
            choices: [{chosen}]
        expect:
          "16.0": {{player1.amber: {amber}}}
        """,
        )
    )


def test_up_to_three_cards_of_different_houses(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Recorded History")
    # "Reveal up to 3 cards of different houses from your hand. Archive each card revealed this
    # way.": once Troll (Brobnar) is chosen, Krump (Brobnar) is no longer offered; the player stops
    # after Dust Pixie
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: recorded-history-different-houses
        setup:
          turn: {active: player1, house: staralliance}
          player1: {hand: [Recorded History, Troll, Krump, Pit Demon, Dust Pixie]}
        actions:
          - play: Recorded History
            choices: [Troll, Dust Pixie, done]
        expect:
          "16.0": {Troll.zone: archives, Dust Pixie.zone: archives, Krump.zone: hand, Pit Demon.zone: hand,
                   decisions.0.2.not_offered: [Krump], decisions.0.3.not_offered: [Krump]}
        """,
        )
    )
