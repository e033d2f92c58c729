"""Counts of "for each <X>" the later sets add (engine.library.counts, engine.compile.composites):
"each upgrade on SELF", "each of SELF's <house> neighbors", "each card in your archives", "each
Æmber on that creature"."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_gain_for_each_upgrade_on_self(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Hayden Oswin")
    # "After Reap: Gain 1 for each upgrade on Hayden Oswin.": 1 for reaping, 2 for its upgrades
    # (the upgrade on the other creature does not count)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: hayden-oswin-upgrades
        setup:
          turn: {active: player1, house: staralliance}
          player1:
            battleline:
              - {card: Hayden Oswin, upgrades: ["Blood of Titans", "Protect the Weak"]}
              - {card: Troll, upgrades: ["Rocket Boots"]}
        actions:
          - reap: Hayden Oswin
        expect:
          "16.0": {player1.amber: 3}
        """,
        )
    )


def test_gain_for_each_neighbor_of_a_house(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Vivid Faerie")
    # "After Reap: Gain 1 for each of Vivid Faerie's Untamed neighbors.": Dust Pixie (Untamed)
    # counts, Troll (Brobnar) does not, nor the Untamed creature that is not its neighbor
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: vivid-faerie-neighbors
        setup:
          turn: {active: player1, house: untamed}
          player1: {battleline: ["Troll", "Vivid Faerie", "Dust Pixie", "Snufflegator"]}
        actions:
          - reap: Vivid Faerie
        expect:
          "16.0": {player1.amber: 2}
        """,
        )
    )


def test_keys_cost_for_each_card_in_your_archives(kb_conn, tmp_path):
    assert_compiled(kb_conn, "EDAI “Edie” 4x4")
    # "Your opponent's keys cost +1 for each card in your archives.": 2 archived cards, the
    # opponent's key costs 8
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: edai-archives
        setup:
          turn: {active: player1, house: logos}
          player1: {battleline: ["EDAI “Edie” 4x4"], archives: ["Troll", "Punch"]}
        actions: []
        expect:
          "16.0": {player2.key_cost: 8, player1.key_cost: 6}
        """,
        )
    )


def test_gain_for_each_amber_on_that_creature(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Epic Poem")
    # "Play: Exalt a friendly creature. Gain 1 for each A on that creature.": 2 already on it and
    # the 1 exalt puts there
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: epic-poem-amber-on-it
        setup:
          turn: {active: player1, house: saurian}
          player1: {hand: ["Epic Poem"], battleline: [{card: Troll, amber: 2}, "Krump"]}
        actions:
          - play: Epic Poem
            choices: [Troll]
        expect:
          "16.0": {Troll.amber: 3, player1.amber: 3}
        """,
        )
    )
