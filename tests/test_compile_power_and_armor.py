"""Constant abilities giving power and armor together, armor while a condition holds, armor for
each of a count (read about each creature it applies to); Æmber that cannot be stolen while a
condition holds."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize(
    "tide, expect",
    [
        # high for player1: "each friendly creature gets +1 power and +1 armor" (Troll 8, 0 armor)
        ("player1", "{Troll.power: 9, Troll.armor: 1, Dust Pixie.power: 1, Dust Pixie.armor: 0}"),
        # low for player1: "each enemy creature gets +1 power and +1 armor"
        ("player2", "{Troll.power: 8, Troll.armor: 0, Dust Pixie.power: 2, Dust Pixie.armor: 1}"),
    ],
)
def test_power_and_armor_while_the_tide(kb_conn, tmp_path, tide, expect):
    assert_compiled(kb_conn, "Voice of Rakuzel")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: voice-of-rakuzel
        setup:
          turn: {{active: player1, house: unfathomable, tide_high: {tide}}}
          player1: {{battleline: [Voice of Rakuzel, Troll]}}
          player2: {{battleline: [Dust Pixie]}}
        actions: []
        expect:
          "16.0": {expect}
        """,
        )
    )


def test_armor_for_each_amber_on_each_creature(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Ascendant Hester")
    # "Each other friendly creature gets +2 armor for each amber on it.": Troll with 2 on it has 4
    # armor, Krump with none 0, Hester herself (1 on her) 0
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: ascendant-hester
        setup:
          turn: {active: player1, house: sanctum}
          player1:
            battleline: [{card: Troll, amber: 2}, {card: Ascendant Hester, amber: 1}, Krump]
        actions: []
        expect:
          "16.0": {Troll.armor: 4, Krump.armor: 0, Ascendant Hester.armor: 0}
        """,
        )
    )


@pytest.mark.parametrize("amber, after", [(4, 4), (3, 2)])
def test_amber_cannot_be_stolen_while(kb_conn, tmp_path, amber, after):
    assert_compiled(kb_conn, "Cephaloist")
    # "While you have 4 amber or more, your amber cannot be stolen.": Urchin's "Play: Steal 1."
    # steals nothing from 4, 1 from 3
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: cephaloist
        setup:
          turn: {{active: player2, house: shadows}}
          player1: {{amber: {amber}, battleline: [Cephaloist]}}
          player2: {{hand: [Urchin]}}
        actions:
          - play: Urchin
        expect:
          "16.0": {{player1.amber: {after}, player2.amber: {amber - after}}}
        """,
        )
    )
