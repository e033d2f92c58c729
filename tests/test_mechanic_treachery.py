"""The treachery keyword (engine.rules.mechanics.treachery), read from its reminder text since the
16.0 rulebook does not define it: "(This card enters play under your opponent's control.)"."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_a_treachery_creature_enters_play_under_the_opponents_control(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Infiltrator")
    # Infiltrator ("Skirmish. Treachery. Versatile. At the end of your turn, destroy Infiltrator's
    # neighbors."): played by player1, it enters player2's battleline; its "your turn" is then
    # player2's, so player1's turn ending leaves player2's creatures, its neighbors, alone
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: infiltrator-treachery
        setup:
          turn: {active: player1, house: geistoid}
          player1: {hand: ["Infiltrator"], battleline: ["Urchin"]}
          player2: {battleline: ["Troll"]}
        actions:
          - play: Infiltrator
            flank: right
          - end_turn: true
            to_step: 1
        expect:
          "16.0": {player2.battleline: [Troll, Infiltrator], player1.battleline: [Urchin], Troll.zone: battleline}
        """,
        )
    )
