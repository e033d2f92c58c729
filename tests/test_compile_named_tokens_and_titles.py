"""Cards named by their printed name: token creatures ("If you do, make a Minion":
engine/compile/templates/clauses_tokens.toml) and a creature's title in a count ("for each upgrade
on Chief Engineer Walls": phrases_in_play.toml)."""

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


def test_make_a_named_token_then_forge_and_purge_if_forged(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Beta-Forge")
    # "Action: Make an Alpha-Gamma. You may forge a key at +12 current cost, reduced by 1 for each
    # card in your archives. If you forge a key this way, purge Beta-Forge.": 6 cards archived, a
    # key at 6 + 12 - 6 = 12; forged, Beta-Forge is purged
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: beta-forge-forged
        setup:
          turn: {active: player1, house: logos}
          player1: {amber: 13, token: Alpha-Gamma, artifacts: [Beta-Forge], deck: [{card: Troll, id: t1}, Krump], archives: [Urchin, Urchin, Urchin, Urchin, Urchin, Urchin]}
        actions:
          - action: Beta-Forge
            choices: ["yes"]
        expect:
          "16.0": {t1.token: Alpha-Gamma, player1.keys: 1, player1.amber: 1, Beta-Forge.zone: purged}
        """,
        )
    )
    # declined: no key, Beta-Forge stays
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: beta-forge-declined
        setup:
          turn: {active: player1, house: logos}
          player1: {amber: 13, token: Alpha-Gamma, artifacts: [Beta-Forge], deck: [{card: Troll, id: t1}, Krump], archives: [Urchin, Urchin, Urchin, Urchin, Urchin, Urchin]}
        actions:
          - action: Beta-Forge
            choices: ["no"]
        expect:
          "16.0": {t1.token: Alpha-Gamma, player1.keys: 0, player1.amber: 13, Beta-Forge.zone: artifacts}
        """,
        )
    )


def test_for_each_upgrade_on_a_creature_named_by_its_title(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Walls’ Blaster")
    # "After you attach Walls' Blaster to Chief Engineer Walls, stun a creature for each upgrade on
    # Chief Engineer Walls.": moved from Explo-rover to Walls, who already wears Armageddon Cloak: 2
    # upgrades, 2 creatures stunned
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: walls-blaster
        setup:
          turn: {active: player1, house: staralliance}
          player1: {amber: 0, battleline: [{card: Explo-rover, upgrades: ["Walls’ Blaster (WC 352)"]}, {card: Chief Engineer Walls, upgrades: [Armageddon Cloak]}]}
          player2: {battleline: [Troll, Krump, Urchin]}
        actions:
          - reap: Explo-rover
            choices: ["yes", "attach Walls’ Blaster to Chief Engineer Walls", Troll, Krump]
        expect:
          "16.0": {Chief Engineer Walls.upgrades: [Armageddon Cloak, "Walls’ Blaster"], Explo-rover.upgrades: [], Troll.stunned: true, Krump.stunned: true, Urchin.stunned: false, player1.amber: 1}
        """,
        )
    )
