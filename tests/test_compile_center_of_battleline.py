"""'While SELF is in the center of your battleline, ...' (16.0 glossary "Center of the
Battleline": "A creature is in the center of the battleline when there are an equal number of
creatures to both that creature's left and right side. ... When there is an even number of
creatures in a battleline, there is no center.")."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize(
    "line, damage", [('["Krump", "Kaloch Stonefather", "Troll"]', 0), ('["Krump", "Kaloch Stonefather"]', 1)]
)
def test_keyword_while_in_the_center(kb_conn, tmp_path, line, damage):
    assert_compiled(kb_conn, "Kaloch Stonefather")
    # "... each friendly creature gains skirmish.": Krump takes no damage fighting Dust Pixie while
    # Kaloch is in the center of 3; with 2 creatures there is no center, and Krump takes 1
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: kaloch-stonefather-center
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{battleline: {line}}}
          player2: {{battleline: ["Dust Pixie"]}}
        actions:
          - fight: {{attacker: Krump, target: Dust Pixie}}
        expect:
          "16.0": {{Krump.damage: {damage}, Dust Pixie.zone: discard}}
        """,
        )
    )


def test_ability_gained_while_in_the_center(kb_conn, tmp_path):
    assert_compiled(kb_conn, "The Shadow Council")
    # 'it gains, "Action: Steal 2."': in the center of 3 creatures, its action steals 2
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: shadow-council-center
        setup:
          turn: {active: player1, house: shadows}
          player1: {battleline: ["Urchin", "The Shadow Council", "Troll"]}
          player2: {amber: 5}
        actions:
          - action: The Shadow Council
        expect:
          "16.0": {player1.amber: 2, player2.amber: 3}
        """,
        )
    )
    # on a flank it has no action ability: using it for one is refused
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: shadow-council-flank
        setup:
          turn: {active: player1, house: shadows}
          player1: {battleline: ["The Shadow Council", "Urchin"]}
          player2: {amber: 5}
        actions:
          - action: The Shadow Council
        expect:
          "16.0": {illegal: 0, refusal_contains: "Action:", player2.amber: 5}
        """,
        )
    )
