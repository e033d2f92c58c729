""" "Choose one:" with its options on the lines after it, one a line, with or without a bullet
("Play: Choose one:\\n• Destroy a flank creature.\\n• Return 2 enemy creatures to their owners'
hands."): the player picks one option by its words; only that option resolves."""

from __future__ import annotations

import pytest

from boards import assert_passed, replay
from engine.cards import REGISTRY, _key
from engine.compile import compile_text


def assert_print_compiled(kb_conn, name: str, set_code: str) -> None:
    """That printing's own text compiles (the layout with option lines is the later sets')."""
    assert _key(name) not in REGISTRY, name
    text, typ = kb_conn.execute(
        "SELECT text, type FROM cards WHERE name = ? AND set_code = ?", (name, set_code)
    ).fetchone()
    assert "\n" in text.strip()  # the options on lines of their own
    compile_text(text, name, typ)


@pytest.mark.parametrize(
    "choice, expect",
    [
        ("gain 1 amber", "{player1.amber: 1, Pit Demon.zone: battleline, Shooler.zone: battleline}"),
        (
            "destroy each dis creature",
            "{player1.amber: 0, Pit Demon.zone: discard, Shooler.zone: discard, Troll.zone: battleline}",
        ),
    ],
)
def test_begone_lines_without_bullets(kb_conn, tmp_path, choice, expect):
    # Begone! (CC 128): "Play: Choose one:\nDestroy each Dis creature.\nGain 1A." One option only:
    # the Æmber, or every Dis creature on both sides destroyed (Troll, Brobnar, stays)
    assert_print_compiled(kb_conn, "Begone!", "CC")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: begone-cc
        setup:
          turn: {{active: player1, house: sanctum}}
          player1: {{hand: ["Begone! (CC 128)"], battleline: [Shooler, Troll]}}
          player2: {{battleline: [Pit Demon]}}
        actions:
          - play: "Begone!"
            choices: ["{choice}"]
        expect:
          "16.0": {expect}
        """,
        )
    )


def test_wrath_or_ruin_bulleted_options(kb_conn, tmp_path):
    # Wrath or Ruin (DT 351): "Play: Choose one:\n• Destroy a flank creature.\n• Return 2 enemy
    # creatures to their owners' hands." The second: two enemy creatures to hand, none destroyed
    assert_print_compiled(kb_conn, "Wrath or Ruin", "DT")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: wrath-or-ruin-dt
        setup:
          turn: {active: player1, house: unfathomable}
          player1: {hand: ["Wrath or Ruin (DT 351)"], battleline: [Troll]}
          player2: {battleline: [Krump, Bumpsy, Grumpus]}
        actions:
          - play: Wrath or Ruin
            choices: ["return 2 enemy creatures to their owners' hands", Krump, Grumpus]
        expect:
          "16.0": {Krump.zone: hand, Grumpus.zone: hand, Bumpsy.zone: battleline, Troll.zone: battleline}
        """,
        )
    )


def test_burning_glare_an_option_line_without_its_full_stop(kb_conn, tmp_path):
    # Burning Glare (ToC 166): "Play: Choose one:\nStun an enemy creature\nStun each enemy Mutant
    # creature." Two options (the first line lacks its full stop): each enemy Mutant is stunned,
    # the enemy Troll not; the friendly Mutant (Dark Minion) neither
    assert_print_compiled(kb_conn, "Burning Glare", "ToC")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: burning-glare-toc
        setup:
          turn: {active: player1, house: redemption}
          player1: {hand: ["Burning Glare (ToC 166)"], battleline: [Dark Minion]}
          player2: {battleline: [Skippy Timehog, Troll, Project Z.Y.X.]}
        actions:
          - play: Burning Glare
            choices: ["stun each enemy mutant creature"]
        expect:
          "16.0": {Skippy Timehog.stunned: true, Project Z.Y.X..stunned: true, Troll.stunned: false, Dark Minion.stunned: false}
        """,
        )
    )
