"""A battleline divided in half (engine/compile/templates/clauses_battleline_halves.toml)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_divide_each_battleline_in_half_and_destroy_one_half(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Tectonic Shift")
    # "Divide each player's battleline in half as evenly as possible without changing the order of
    # creatures. For each battleline, destroy each creature in one of the halves.": player 1's four
    # creatures split two and two, the left half destroyed; player 2's three: the middle one (Urchin)
    # joins the right half, which is destroyed, so Bumpsy alone survives
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: tectonic-shift
        setup:
          turn: {active: player1, house: saurian}
          player1: {hand: [Tectonic Shift], battleline: [Troll, Krump, Dust Pixie, Nexus]}
          player2: {battleline: [Bumpsy, Urchin, Snufflegator]}
        actions:
          - play: Tectonic Shift
            choices: [right, left, right]
        expect:
          "16.0": {player1.battleline: [Dust Pixie, Nexus], player2.battleline: [Bumpsy],
                   Troll.zone: discard, Krump.zone: discard, Urchin.zone: discard, Snufflegator.zone: discard}
        """,
        )
    )
