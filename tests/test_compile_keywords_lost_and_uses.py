"""Constant abilities about keywords and uses read from the text: keywords lost ("each creature
loses elusive, taunt, poison, and skirmish") and gained during your turn only, uses forbidden
unless a condition holds, and abilities of a trigger forbidden ("Destroyed effects cannot
resolve": engine.rules.statics ``loses_keywords``, ``blocks_trigger``)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_destroyed_effects_cannot_resolve_while_purifier_of_souls_is_in_play(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Purifier of Souls")
    # Dust Imp: "Destroyed: Gain 2A." Troll destroys it in a fight: with Purifier of Souls ("Destroyed
    # effects cannot resolve.") in play its owner gains nothing; without it, 2
    board = """
        id: purifier-{with}
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{battleline: [Troll{purifier}]}}
          player2: {{amber: 0, battleline: ["Dust Imp"]}}
        actions:
          - fight: {{attacker: Troll, target: Dust Imp}}
        expect:
          "16.0": {{Dust Imp.zone: discard, player2.amber: {amber}}}
        """
    assert_passed(
        replay(kb_conn, tmp_path, board.format(**{"with": "with", "purifier": ', "Purifier of Souls"', "amber": 0}))
    )
    assert_passed(replay(kb_conn, tmp_path, board.format(**{"with": "without", "purifier": "", "amber": 2})))


def test_a_token_gains_poison_during_its_controllers_turn_only(kb_conn, tmp_path):
    # Raider (token creature): "Raider gains poison during your turn." On player 1's turn the
    # Raider (power 1) attacks Troll and destroys it; on player 2's turn Troll attacks the Raider,
    # which deals its 1 damage back without poison
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: raider-poison-own-turn
        setup:
          turn: {active: player1, house: unfathomable}
          player1: {token: Raider, battleline: [{card: Krump, id: r1, token: true}]}
          player2: {battleline: [Troll]}
        actions:
          - fight: {attacker: r1, target: Troll}
        expect:
          "16.0": {Troll.zone: discard, r1.zone: discard}
        """,
        )
    )
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: raider-no-poison-their-turn
        setup:
          turn: {active: player2, house: brobnar}
          player1: {token: Raider, battleline: [{card: Krump, id: r1, token: true}]}
          player2: {battleline: [Troll]}
        actions:
          - fight: {attacker: Troll, target: r1}
        expect:
          "16.0": {Troll.zone: battleline, Troll.damage: 1, r1.zone: discard}
        """,
        )
    )


def test_a_token_cannot_reap_unless_there_are_no_enemy_creatures(kb_conn, tmp_path):
    # Warrior (token creature): "Warrior cannot reap unless there are no enemy creatures in play."
    board = """
        id: warrior-reap-{n}
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{token: Warrior, amber: 0, battleline: [{{card: Krump, id: w1, token: true}}]}}
          player2: {{battleline: [{enemies}]}}
        actions:
          - reap: w1
        expect:
          "16.0": {expect}
        """
    refused = board.format(n=1, enemies="Troll", expect="{illegal: 0, player1.amber: 0}")
    assert_passed(replay(kb_conn, tmp_path, refused))
    reaps = board.format(n=2, enemies="", expect="{player1.amber: 1}")
    assert_passed(replay(kb_conn, tmp_path, reaps))


def test_creatures_more_powerful_than_elite_disruptzord_cannot_be_played(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Elite Disruptzord")
    # Elite Disruptzord (power 6): "Creatures more powerful than Elite Disruptzord cannot be
    # played." Its opponent cannot play Troll (8) but plays Krump (6, not more powerful)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: elite-disruptzord
        setup:
          turn: {active: player2, house: brobnar}
          player1: {battleline: ["Elite Disruptzord"]}
          player2: {hand: [Troll, Krump]}
        actions:
          - play: Troll
          - play: Krump
        expect:
          "16.0": {illegal: 0, Troll.zone: hand, Krump.zone: battleline}
        """,
        )
    )


def test_purged_cards_count_toward_haunted_with_junkyard_cemetery(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Junkyard Cemetery")
    # Junkyard Cemetery: "While there is a combined total of 10 or more cards between your purged
    # cards and discard pile, you are haunted." 6 discarded and 4 purged: player 1 is haunted, so
    # player 2's Tangimangi ("While your opponent is haunted, their keys cost +3.") raises their
    # key cost to 9; with 3 purged, 6
    board = """
        id: junkyard-{n}
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{artifacts: ["Junkyard Cemetery"], discard: [Krump, Krump, Krump, Krump, Krump, Krump],
                    purged: [{purged}]}}
          player2: {{battleline: [Tangimangi]}}
        actions: []
        expect:
          "16.0": {{player1.key_cost: {cost}}}
        """
    four = board.format(n=4, purged="Troll, Troll, Troll, Troll", cost=9)
    assert_passed(replay(kb_conn, tmp_path, four))
    three = board.format(n=3, purged="Troll, Troll, Troll", cost=6)
    assert_passed(replay(kb_conn, tmp_path, three))


def test_each_haunted_player_skips_their_forge_a_key_step(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Dark Heart of the Forest")
    # Dark Heart of the Forest: "Each haunted player skips their "forge a key" step." Player 1 has
    # 6 amber at the start of their turn: haunted (10 cards in their discard pile) they forge no
    # key; with 9 cards there, they forge
    board = """
        id: dark-heart-{n}
        setup:
          turn: {{active: player2, house: brobnar}}
          player1: {{amber: 6, houses: [brobnar, dis, logos], discard: [{discard}],
                    deck: [Krump, Krump, Krump, Krump, Krump, Krump, Krump]}}
          player2: {{artifacts: ["Dark Heart of the Forest"], deck: [Krump, Krump, Krump, Krump, Krump, Krump, Krump]}}
        actions:
          - end_turn: true
            choices: [brobnar]
        expect:
          "16.0": {expect}
        """
    haunted = board.format(n=10, discard=", ".join(["Troll"] * 10), expect="{player1.keys: 0, player1.amber: 6}")
    assert_passed(replay(kb_conn, tmp_path, haunted))
    not_haunted = board.format(n=9, discard=", ".join(["Troll"] * 9), expect="{player1.keys: 1, player1.amber: 0}")
    assert_passed(replay(kb_conn, tmp_path, not_haunted))


def test_cursed_tomb_is_purged_once_no_creature_is_in_play(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Cursed Tomb")
    # Cursed Tomb: "... If there are no creatures in play, purge Cursed Tomb." Troll destroys the
    # last enemy creature and dies of its damage back: no creature is left, the Tomb is purged
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: cursed-tomb
        setup:
          turn: {active: player1, house: brobnar}
          player1: {artifacts: ["Cursed Tomb"], battleline: [{card: Troll, damage: 7, amber: 1}]}
          player2: {battleline: [Krump]}
        actions:
          - fight: {attacker: Troll, target: Krump}
        expect:
          "16.0": {Troll.zone: discard, Krump.zone: purged, Cursed Tomb.zone: purged}
        """,
        )
    )
