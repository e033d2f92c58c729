"""Noun phrases by a superlative and clauses repeated or of several verbs, compiled from the card
text (engine/compile/templates/phrases_selectors.toml): "the least powerful enemy creature"
(glossary "Least Powerful"), "exalt SELF twice"."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize(
    "other, survivor", [("Dust Pixie", "Troll"), ("Krump", "Troll"), ("Kelifi Dragon", "Kelifi Dragon")]
)
def test_destroyed_destroys_the_least_powerful_enemy_creature(kb_conn, tmp_path, other, survivor):
    assert_compiled(kb_conn, "Scaethe")
    # "Destroyed: Destroy the least powerful enemy creature.": Scaethe (2 power) dies attacking
    # Troll (8 power, 2 damage); the enemy creature with the lower power goes, Dust Pixie (1) or
    # Krump (6), but Troll when the other is Kelifi Dragon (12)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: scaethe
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{battleline: ["Scaethe"]}}
          player2: {{battleline: ["Troll", "{other}"]}}
        actions:
          - fight: {{attacker: Scaethe, target: Troll}}
        expect:
          "16.0": {{Scaethe.zone: discard, player2.battleline: ["{survivor}"]}}
        """,
        )
    )


@pytest.mark.parametrize("name, house, amber", [("Grimlocus Dux", "saurian", 2), ("Talon of Invidius", "dis", 3)])
def test_exalt_self_n_times(kb_conn, tmp_path, name, house, amber):
    assert_compiled(kb_conn, name)
    # "Play: Exalt Grimlocus Dux twice." / "Exalt Talon of Invidius 3 times.": 1 Æmber from the
    # supply each time
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: exalt-times
        setup:
          turn: {{active: player1, house: {house}}}
          player1: {{hand: ["{name}"]}}
        actions:
          - play: {name}
        expect:
          "16.0": {{{name}.amber: {amber}}}
        """,
        )
    )
