"""Constant abilities and reactions compiled from the later sets' text: the tide (16.0 glossary
"Tide": high for the player who raised it, low for their opponent; a player it is already high for
cannot raise it, and nothing reacts), ..."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize(
    "tide, moray, choices",
    [
        # neutral: Marshal Ewer raises it, player1's Binary Moray readies, player2's is exhausted
        # (both react: the active player orders them), Photic Raider gets +4 power
        ("", "false", "\n            choices: [Binary Moray]"),
        # already high for player1: it cannot be raised, nothing reacts (the Hydrocataloguer FAQ)
        (", tide_high: player1", "true", ""),
        # high for player2: player1 raises it, now high for player1
        (", tide_high: player2", "false", "\n            choices: [Binary Moray]"),
    ],
)
def test_raise_the_tide_and_what_reacts(kb_conn, tmp_path, tide, moray, choices):
    assert_compiled(kb_conn, "Marshal Ewer", "Binary Moray", "Photic Raider")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: raise-the-tide
        setup:
          turn: {{active: player1, house: sanctum{tide}}}
          player1:
            hand: ["Marshal Ewer"]
            battleline: [{{card: Binary Moray, exhausted: true}}, Photic Raider]
          player2: {{battleline: [{{card: Binary Moray, id: enemy-moray}}]}}
        actions:
          - play: Marshal Ewer
            flank: right{choices}
        expect:
          "16.0": {{tide_high: player1, Binary Moray.exhausted: {moray}, Photic Raider.power: 6,
                   enemy-moray.exhausted: {"false" if moray == "true" else "true"}}}
        """,
        )
    )


def test_tide_low_leaves_the_constant_ability_off(kb_conn, tmp_path):
    # "While the tide is high, Photic Raider gets +4 power.": low for player1, it has its printed 2;
    # "Fight: If the tide is high, your opponent loses 2": no loss while it is low
    assert_compiled(kb_conn, "Hookmaster")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: tide-low
        setup:
          turn: {active: player1, house: unfathomable, tide_high: player2}
          player1: {battleline: [Photic Raider, Hookmaster]}
          player2: {amber: 5, battleline: [Dust Pixie]}
        actions:
          - fight: {attacker: Hookmaster, target: Dust Pixie}
        expect:
          "16.0": {Photic Raider.power: 2, player2.amber: 5, Dust Pixie.zone: discard}
        """,
        )
    )


@pytest.mark.parametrize("amber, keys, zones", [(9, 1, "discard"), (8, 0, "artifacts")])
def test_after_a_player_forges_a_key(kb_conn, tmp_path, amber, keys, zones):
    assert_compiled(kb_conn, "Universal Keylock", "Forge Compiler")
    # "Keys cost +3. After a player forges a key, destroy Universal Keylock." and "After your
    # opponent forges a key, destroy Forge Compiler and ward each friendly creature.": player2
    # forges at 9 in their "forge a key" step; with 8 they cannot, and both stay
    ward = "true" if keys else "false"
    order = "\n          - choose: [Universal Keylock]" if keys else ""  # player2 orders the two reactions
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: forges-a-key
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{artifacts: [Universal Keylock, Forge Compiler], battleline: [Troll]}}
          player2: {{amber: {amber}}}
        actions:
          - end_turn: true{order}
        expect:
          "16.0": {{player2.keys: {keys}, Universal Keylock.zone: {zones}, Forge Compiler.zone: {zones},
                   Troll.ward: {ward}}}
        """,
        )
    )
