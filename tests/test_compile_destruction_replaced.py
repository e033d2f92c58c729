"""A "Destroyed:" ability that replaces the destruction while a condition holds ("Destroyed: If Ley,
Earl of Hurl is not on a flank, fully heal it, exhaust it, ward it, and move it to a flank
instead."), compiled into a destruction replacement (engine/rules/destroyed_instead.py)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay
from engine.compile import compile_report


def _ley(kb_conn, tmp_path, line: str, expect: str):
    return replay(
        kb_conn,
        tmp_path,
        f"""
        id: ley
        setup:
          turn: {{active: player2, house: brobnar}}
          player1: {{battleline: {line}}}
          player2: {{battleline: [Krump]}}
        actions:
          - fight: {{attacker: Krump, target: "Ley, Earl of Hurl"}}
            choices: [right]
        expect:
          "16.0": {expect}
        """,
    )


def test_not_on_a_flank_it_survives_healed_exhausted_warded_on_a_flank(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Ley, Earl of Hurl")
    # Krump (6) destroys Ley (4 power, 2 armor) in the middle of its battleline: Ley stays, healed,
    # exhausted, warded, moved to the right flank (Krump takes 4)
    result = _ley(
        kb_conn,
        tmp_path,
        "[Troll, {card: 'Ley, Earl of Hurl'}, Dodger]",
        "{'Ley, Earl of Hurl.zone': battleline, 'Ley, Earl of Hurl.damage': 0, 'Ley, Earl of Hurl.exhausted': true,"
        " 'Ley, Earl of Hurl.ward': true, player1.battleline: [Troll, Dodger, 'Ley, Earl of Hurl'], Krump.damage: 4}",
    )
    assert_passed(result)


def test_on_a_flank_it_is_destroyed(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: ley-flank
        setup:
          turn: {active: player2, house: brobnar}
          player1: {battleline: [Troll, "Ley, Earl of Hurl"]}
          player2: {battleline: [Krump]}
        actions:
          - fight: {attacker: Krump, target: "Ley, Earl of Hurl"}
        expect:
          "16.0": {"Ley, Earl of Hurl.zone": discard}
        """,
    )
    assert_passed(result)


def test_a_replacement_in_another_ability_is_refused():
    variant, refusals = compile_report("Play: If you are haunted, draw 2 cards instead.", "Test Card", "action")
    assert variant is None and "replacement of the destruction" in refusals[0].message
