"""Control (CC archon power): "When resolving an A bonus icon, you may instead capture 1A." The player
captures: a creature they control takes 1 from the opponent's pool (16.0 glossary "Capture"), and the
Æmber icon gives nothing."""

from __future__ import annotations

import pytest

from boards import assert_passed, replay


@pytest.mark.parametrize(
    "answers, mine, captured, theirs", [("[yes, Troll, Krump]", 0, 1, 2), ("[no, Krump]", 1, 0, 3)]
)
def test_control_captures_instead_of_an_amber_icon(kb_conn, tmp_path, answers, mine, captured, theirs):
    # Punch (Æmber bonus 1, "Play: Deal 3D to a creature") deals its 3 to Krump
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
            id: control-captures
            setup:
              turn: {{active: player1, house: brobnar}}
              player1: {{amber: 0, archon_power: Control, hand: [Punch], battleline: [Troll, Krump]}}
              player2: {{amber: 3}}
            actions:
              - play: Punch
                choices: {answers}
            expect:
              "16.0": {{player1.amber: {mine}, Troll.amber: {captured}, player2.amber: {theirs}}}
            """,
        )
    )
