""" "If SELF is on a flank, destroy it": a constant ability checked whenever the state is
(engine.rules.hooks.DestroyedWhile), "it" naming the card itself."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize("where, zone", [("position: 1", "battleline"), ("position: 2", "discard")])
def test_destroyed_on_a_flank(kb_conn, tmp_path, where, zone):
    assert_compiled(kb_conn, "Weasand")
    # "Deploy. ... If Weasand is on a flank, destroy it.": deployed between two creatures it stays;
    # on a flank it is destroyed at once
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: weasand
        setup:
          turn: {{active: player1, house: shadows}}
          player1: {{hand: [Weasand], battleline: [Troll, Krump]}}
        actions:
          - play: Weasand
            {where}
        expect:
          "16.0": {{Weasand.zone: {zone}}}
        """,
        )
    )
