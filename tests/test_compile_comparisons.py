"""Conditions that compare: "if there are more enemy creatures than friendly creatures", "... more
friendly Mars creatures than enemy Mars creatures", "if your opponent has more forged keys than
you", "if your opponent has an odd (even) amount of amber" (engine.library.conditions)."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize(
    "card, pool, stolen",
    [("Odd Clawde", 3, 1), ("Odd Clawde", 4, 0), ("Even Ivan", 4, 1), ("Even Ivan", 0, 0), ("Even Ivan", 3, 0)],
)
def test_odd_or_even_amount_of_amber(kb_conn, tmp_path, card, pool, stolen):
    assert_compiled(kb_conn, card)
    # "Action: If your opponent has an odd (even) amount of A, steal 1." (0 is even, but there is
    # nothing to steal)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: odd-even
        setup:
          turn: {{active: player1, house: logos}}
          player1: {{battleline: ["{card}"]}}
          player2: {{amber: {pool}}}
        actions:
          - action: {card}
        expect:
          "16.0": {{player1.amber: {stolen}, player2.amber: {pool - stolen}}}
        """,
        )
    )


@pytest.mark.parametrize(
    "enemies, choices, destroyed", [('["Troll", "Krump"]', "[Troll]", "discard"), ('["Troll"]', "[]", "battleline")]
)
def test_more_enemy_creatures_than_friendly(kb_conn, tmp_path, enemies, choices, destroyed):
    assert_compiled(kb_conn, "Retribution")
    # "Play: If there are more enemy creatures than friendly creatures, destroy an enemy creature.":
    # 2 against 1, Troll is destroyed; 1 against 1, nothing happens (no creature is even chosen)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: retribution
        setup:
          turn: {{active: player1, house: sanctum}}
          player1: {{hand: ["Retribution (WoE 223)"], battleline: ["Sequis"]}}
          player2: {{battleline: {enemies}}}
        actions:
          - play: Retribution
            choices: {choices}
        expect:
          "16.0": {{Troll.zone: {destroyed}}}
        """,
        )
    )


def test_more_friendly_creatures_of_a_house_than_enemy_ones(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Mind Your Elders")
    # "If there are more friendly Mars creatures than enemy Mars creatures, a friendly creature
    # captures 3.": 2 friendly Mars creatures against 1 enemy one (the enemy's non-Mars creatures
    # do not count)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: mind-your-elders
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: ["Mind Your Elders"], battleline: ["Zorg", "Mindwarper"]}
          player2: {amber: 5, battleline: ["Zorg", "Troll", "Krump"]}
        actions:
          - play: Mind Your Elders
            choices: [Mindwarper]
        expect:
          "16.0": {Mindwarper.amber: 3, player2.amber: 2}
        """,
        )
    )


@pytest.mark.parametrize("line, captured", [('["Envy", "Pride"]', 5), ('["Envy", "Troll"]', 0)])
def test_if_there_are_n_or_more_of_a_kind(kb_conn, tmp_path, line, captured):
    assert_compiled(kb_conn, "Envy")
    # "After Reap: If there are 2 or more friendly Sin creatures, capture all of your opponent's
    # A.": Envy and Pride are 2 Sins; Envy and Troll are 1
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: envy
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{battleline: {line}}}
          player2: {{amber: 5}}
        actions:
          - reap: Envy
        expect:
          "16.0": {{Envy.amber: {captured}, player2.amber: {5 - captured}, player1.amber: 1}}
        """,
        )
    )
