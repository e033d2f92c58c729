"""Token creatures named by their card's name: "If you do, make a Minion"
(engine/compile/templates/clauses_tokens.toml)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay

_SUZERAIN = """
        id: {id}
        setup:
          turn: {{active: player1, house: geistoid}}
          player1: {{token: {token}, battleline: [Suzerain], deck: [{{card: Troll, id: t1}}, Krump]}}
          player2: {{deck: [Urchin, Bumpsy]}}
        actions:
          - reap: Suzerain
            choices: {choices}
        expect:
          "16.0": {expect}
        """


def test_make_a_named_token_creature(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Suzerain")
    # "After Reap: Purge the top card of a player's deck. If you do, make a Minion.": Urchin, the
    # top of player 2's deck, is purged; Troll, the top of player 1's, becomes a Minion
    board = _SUZERAIN.format(
        id="suzerain-minion",
        token="Minion",
        choices="[player2, right]",
        expect="{Urchin.zone: purged, t1.token: Minion, player1.battleline: [Suzerain, t1], player1.deck: [Krump]}",
    )
    assert_passed(replay(kb_conn, tmp_path, board))
    # a player whose token creature is another makes no Minion
    board = _SUZERAIN.format(
        id="suzerain-other-token",
        token="Blorb",
        choices="[player2]",
        expect="{Urchin.zone: purged, player1.battleline: [Suzerain], player1.deck: [t1, Krump]}",
    )
    assert_passed(replay(kb_conn, tmp_path, board))
