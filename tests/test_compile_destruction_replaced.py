"""A "Destroyed:" ability that replaces the destruction, compiled: "Destroyed: If <condition>,
instead of destroying SELF, ..." and "Destroyed: ... instead." (engine/compile/instead.py
destruction_replaced, engine/rules/destroyed_instead.py)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay

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
