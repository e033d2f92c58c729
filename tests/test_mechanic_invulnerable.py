"""Invulnerable (16.0 glossary "Invulnerable": "If a creature has the invulnerable keyword, it cannot
be dealt damage and cannot be destroyed ... it remains in play even if its power is 0"), on a
creature that gains it until its controller's next turn (Treok, The Wise: "After Reap: Choose a
creature. Until the start of your next turn, that creature gains invulnerable.")."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay
from engine.compile import Refused, compile_text


def test_destroy_effects_and_fights_pass_over_an_invulnerable_creature(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Treok, The Wise")
    # player1 reaps with Treok and chooses Krump; on player2's turn Gateway to Dis ("Destroy each
    # creature. Gain 3 chains.") destroys each creature but Krump, which takes no damage either
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: treok-invulnerable-gateway
        setup:
          turn: {active: player1, house: brobnar}
          player1: {houses: [brobnar, dis, shadows], battleline: ["Treok, The Wise", Krump], deck: [Troll, Troll, Troll, Troll, Troll, Troll]}
          player2: {houses: [brobnar, dis, shadows], hand: ["Gateway to Dis"], battleline: [Urchin], deck: [Troll, Troll, Troll, Troll, Troll, Troll]}
        actions:
          - reap: "Treok, The Wise"
          - choose: [Krump]
          - end_turn: true
            choices: [dis]
          - play: Gateway to Dis
        expect:
          "16.0": {Krump.zone: battleline, Krump.damage: 0, "Treok, The Wise.zone": discard, Urchin.zone: discard, player2.chains: 3}
        """,
        )
    )


def test_an_upgrade_naming_itself_inside_a_gained_reaction_is_refused(kb_conn):
    # Painmail: the reaction it gives names Painmail ("put Painmail into its owner's archives"); a
    # gained reaction has no giver to name (a gained triggered ability does: Ghostform's "Archive
    # Ghostform" archives the upgrade, tests/test_compile_gained_abilities.py), so it stays refused
    text, typ = kb_conn.execute("SELECT text, type FROM cards WHERE name = 'Painmail' LIMIT 1").fetchone()
    with pytest.raises(Refused, match="giving card named inside a gained ability"):
        compile_text(text, "Painmail", typ)
