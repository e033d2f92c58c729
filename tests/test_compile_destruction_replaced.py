"""A "Destroyed:" ability that replaces the destruction while a condition holds ("Destroyed: If Ley,
Earl of Hurl is not on a flank, fully heal it, exhaust it, ward it, and move it to a flank
instead."), compiled into a destruction replacement (engine/rules/destroyed_instead.py)."""

from __future__ import annotations

import pytest

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


_AUTOMATA = """
        id: {id}
        setup:
          turn: {{active: player1, house: logos}}
          player1: {{battleline: {line}}}
          player2: {{battleline: [Troll]}}
        actions:
          - fight: {{attacker: Self-Bolstering Automata, target: Troll}}
            {choices}
        expect:
          "16.0": {expect}
        """


def test_a_conditional_replacement_of_destruction(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Self-Bolstering Automata")
    # "Destroyed: If you have any other creatures in play, instead of destroying Self-Bolstering
    # Automata, fully heal it, exhaust it, and move it to a flank. If you do, give it two +1 power
    # counters.": destroyed fighting Troll beside Krump and Dust Pixie, it is healed, exhausted, moved
    # to the left flank and gets two +1 power counters
    board = _AUTOMATA.format(
        id="automata-replaced",
        line="[Krump, Self-Bolstering Automata, Dust Pixie]",
        choices="choices: [left]",
        expect="{Self-Bolstering Automata.zone: battleline, Self-Bolstering Automata.damage: 0, "
        "Self-Bolstering Automata.exhausted: true, Self-Bolstering Automata.power_counters: 2, "
        "player1.battleline: [Self-Bolstering Automata, Krump, Dust Pixie]}",
    )
    assert_passed(replay(kb_conn, tmp_path, board))
    # no other creature of player 1's in play: it is destroyed
    board = _AUTOMATA.format(
        id="automata-alone",
        line="[Self-Bolstering Automata]",
        choices="",
        expect="{Self-Bolstering Automata.zone: discard, player1.battleline: []}",
    )
    assert_passed(replay(kb_conn, tmp_path, board))


def test_a_replacement_given_to_enemy_creatures_for_the_turn(kb_conn, tmp_path):
    assert_compiled(kb_conn, "The Body Snatchers")
    # "Play: For the remainder of the turn, each enemy creature gains, "Destroyed: Fully heal this
    # creature and give control of it to your opponent instead."": Tunk destroys Bumpsy in a fight;
    # Bumpsy is healed and joins player 1's battleline (Tunk, 1 armor, takes 4)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: body-snatchers
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: [The Body Snatchers], battleline: [Tunk]}
          player2: {battleline: [Bumpsy, Urchin]}
        actions:
          - play: The Body Snatchers
          - fight: {attacker: Tunk, target: Bumpsy}
            choices: [right]
        expect:
          "16.0": {Bumpsy.controller: player1, Bumpsy.damage: 0, player1.battleline: [Tunk, Bumpsy], player2.battleline: [Urchin], Tunk.damage: 4}
        """,
        )
    )


@pytest.mark.parametrize("version", ["1.2", "16.0"])
def test_a_replacement_that_leaves_its_card_at_zero_power_does_not_save_it_again(kb_conn, tmp_path, version):
    # Reassembling Automaton: "Destroyed: If you have any other creatures in play, instead of
    # destroying Reassembling Automaton, fully heal it, exhaust it, and move it to a flank." Under
    # Plague Wind ("each non-Mars creature gets -3 power") it has 0 power: healed, it is destroyed
    # again at once, and that second destruction stands (else the replacement loops for ever). Before
    # 16.0 the replacement resolves among the "Destroyed:" abilities, and the same holds (the fuzzer
    # found it looping under 1.2)
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: automaton-at-zero-power
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: [Plague Wind], battleline: [Reassembling Automaton, Troll], deck: [Krump, Krump, Krump]}
          player2: {battleline: [Bumpsy]}
        actions:
          - play: Plague Wind
            choices: [left]
        expect:
          "%s": {Troll.zone: battleline, Reassembling Automaton.zone: discard, Troll.power: 5}
        """
        % version,
        version,
    )
    assert_passed(result)
