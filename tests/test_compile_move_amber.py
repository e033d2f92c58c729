""" "Move N Æmber from <cards or a pool> to <a pool, the common supply or a card>" and "move each
(all) Æmber from ..." (engine.library.amber_on_cards.MoveAmber; glossary "Move": a move is not a
capture, a steal or a gain)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_move_one_from_a_creature_to_another_creature(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Altruist’s Rostrum")
    # "Action: Move 1 from a creature to another creature.": the creature chosen first (among those
    # with Æmber on them), then a creature other than it (an enemy one here); one Æmber of three moves
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: altruists-rostrum-move
        setup:
          turn: {active: player1, house: saurian}
          player1: {artifacts: ["Altruist’s Rostrum"], battleline: [{card: Troll, amber: 3}, {card: Krump, amber: 1}]}
          player2: {battleline: ["Dust Pixie"]}
        actions:
          - action: Altruist’s Rostrum
            choices: [Troll, Dust Pixie]
        expect:
          "16.0": {Troll.amber: 2, Dust Pixie.amber: 1, Krump.amber: 1, player1.amber: 0}
        """,
        )
    )


def test_move_each_amber_from_that_creature_to_your_pool(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Crepuscular Rays")
    # "Choose a friendly creature. Move each A from that creature to your pool. Destroy that
    # creature.": all 3 reach the pool (none left on it for the opponent as it leaves play), after
    # the card's 1 Æmber bonus
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: crepuscular-rays-move
        setup:
          turn: {active: player1, house: geistoid}
          player1: {amber: 1, hand: ["Crepuscular Rays"], battleline: [{card: Troll, amber: 3}, "Krump"]}
        actions:
          - play: Crepuscular Rays
            choices: [Troll]
        expect:
          "16.0": {player1.amber: 5, Troll.zone: discard, player2.amber: 0}
        """,
        )
    )


def test_if_you_do_after_a_move_to_the_common_supply(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Wurm Tunnel")
    # "Move 1 from a creature to the common supply. If you do, draw 2 cards.": a creature with no
    # Æmber moves none, and no card is drawn; with Æmber on it, 1 leaves and 2 cards are drawn
    for amber, after, hand in ((0, 0, 0), (2, 1, 2)):
        assert_passed(
            replay(
                kb_conn,
                tmp_path,
                f"""
            id: wurm-tunnel-move
            setup:
              turn: {{active: player1, house: logos}}
              player1: {{hand: ["Wurm Tunnel"], deck: [Punch, Bumpsy], battleline: [{{card: Troll, amber: {amber}}}]}}
            actions:
              - play: Wurm Tunnel
            expect:
              "16.0": {{Troll.amber: {after}, player1.hand_size: {hand}, player1.amber: 0, player2.amber: 0}}
            """,
            )
        )


def test_move_each_amber_to_a_named_creature(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Governess Silvina")
    # "Play: Move each A from a friendly creature to the most powerful enemy creature."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: governess-silvina-move
        setup:
          turn: {active: player1, house: saurian}
          player1: {hand: ["Governess Silvina"], battleline: [{card: Krump, amber: 2}]}
          player2: {battleline: ["Dust Pixie", "Troll"]}
        actions:
          - play: Governess Silvina
            flank: right
            choices: [Krump]
        expect:
          "16.0": {Krump.amber: 0, Troll.amber: 2, Dust Pixie.amber: 0}
        """,
        )
    )
