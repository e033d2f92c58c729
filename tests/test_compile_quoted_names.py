"""A card name printed with quotes (Shae “Cloudkicker”) read as the card itself (SELF) in its own
text (engine/compile/lexer.py ``normalise``)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_a_name_printed_with_quotes_is_the_card_itself(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Shae “Cloudkicker”")
    # "Play/After Reap: Swap Shae “Cloudkicker” with another friendly creature in your battleline.":
    # played on the right flank, Shae swaps places with Troll, on the left flank (the board lists
    # a card by its name without quotes)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: shae-cloudkicker
        setup:
          turn: {active: player1, house: skyborn}
          player1: {hand: [Shae “Cloudkicker”], battleline: [Troll, Krump]}
        actions:
          - play: Shae “Cloudkicker”
            choices: [right, Troll]
        expect:
          "16.0": {player1.battleline: [Shae Cloudkicker, Krump, Troll]}
        """,
        )
    )
