"""Reactions about a player of the event ("that player <does X>"), to a card played beside this one
("after a Giant creature is played adjacent to SELF"), to a neighbor dealt damage that the damage
destroyed, and the house a creature taken belongs to while its taker controls it
(engine/compile/templates/abilities_reactions.toml, clauses_each_player.toml, clauses_instead.toml)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay
from engine.compile import compile_report


def test_that_player_is_refused_where_no_player_was_named():
    # "that player" in a "Play:" ability names no one: refused by name, never read as "you"
    variant, refusals = compile_report("Play: That player gains 2A.", "Nobody", "action")
    assert variant is None
    assert any("that player" in r.message for r in refusals)


def test_at_the_start_of_each_players_turn_that_player_is_whose_turn_it_is(kb_conn):
    # the player whose turn starts resolves the clause as their own: read, where "Play:" is refused
    variant, refusals = compile_report(
        "At the start of each player's turn, that player gains 1A.", "Someone", "artifact"
    )
    assert refusals == () and variant.reactions[0].event == "start_of_turn"


def test_a_giant_creature_played_adjacent_readies_and_fights(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Stilt-Kin")
    # Stilt-Kin: "Skirmish. After a Giant creature is played adjacent to Stilt-Kin, ready and fight
    # with Stilt-Kin." Krump (Giant) is played on the right flank beside the exhausted Stilt-Kin: it
    # readies and fights Dust Pixie (power 1), which is destroyed; skirmish: Stilt-Kin takes no damage
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: stilt-kin-adjacent
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [{card: Stilt-Kin, exhausted: true}], hand: [Krump]}
          player2: {battleline: [Dust Pixie]}
        actions:
          - {play: Krump, flank: right}
        expect:
          "16.0": {Dust Pixie.zone: discard, Stilt-Kin.exhausted: true, Stilt-Kin.damage: 0,
                   player1.battleline: [Stilt-Kin, Krump]}
        """,
        )
    )
    # on the far flank, beside Troll and not Stilt-Kin: Stilt-Kin stays exhausted, no fight
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: stilt-kin-not-adjacent
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Troll, {card: Stilt-Kin, exhausted: true}], hand: [Krump]}
          player2: {battleline: [Dust Pixie]}
        actions:
          - {play: Krump, flank: left}
        expect:
          "16.0": {Dust Pixie.zone: battleline, Stilt-Kin.exhausted: true,
                   player1.battleline: [Krump, Troll, Stilt-Kin]}
        """,
        )
    )


def test_its_neighbor_of_a_creature_that_may_have_two_is_refused():
    # "its neighbor" is one creature for a flank creature (The Evil in the Ranks reads); said of any
    # creature it could be either of two: refused, never dealt to both
    assert compile_report("Play: Each enemy flank creature deals damage to its neighbor equal to its power.")[1] == ()
    variant, refusals = compile_report("Play: Each creature deals damage to its neighbor equal to its power.")
    assert variant is None and "its neighbor" in refusals[0].message


def test_each_creature_deals_its_power_to_its_right_neighbor_at_once(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Infighting")
    # Infighting: "Play: Each creature deals damage equal to its power to its right neighbor." Player
    # 2's line Troll (8), Krump (6), Dust Pixie (1): Troll deals 8 to Krump and Krump 6 to Dust
    # Pixie at once (Krump is not destroyed before it deals its damage): both are destroyed; Troll,
    # leftmost, takes nothing
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: infighting-at-once
        setup:
          turn: {active: player1, house: untamed}
          player1: {hand: [Infighting]}
          player2: {battleline: [Troll, Krump, Dust Pixie]}
        actions:
          - play: Infighting
        expect:
          "16.0": {Troll.damage: 0, Krump.zone: discard, Dust Pixie.zone: discard}
        """,
        )
    )


def test_after_amber_is_stolen_from_you_for_each_amber_stolen(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Molephin")
    # Molephin: "After A is stolen from you, deal 1D to each enemy creature for each A stolen."
    # Player 2 plays Cutthroat Research ("Steal 2 if your opponent has 8 or more") against player
    # 1's 8: 2 stolen, so each of player 2's creatures (Molephin's enemies) takes 1 twice
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: molephin-stolen
        setup:
          turn: {active: player2, house: logos}
          player1: {amber: 8, battleline: [Molephin]}
          player2: {amber: 0, hand: [Cutthroat Research], battleline: [Troll, Krump]}
        actions:
          - play: Cutthroat Research
        expect:
          "16.0": {player1.amber: 6, Troll.damage: 2, Krump.damage: 2, Molephin.damage: 0}
        """,
        )
    )
    # nothing stolen (7 is not 8 or more): no damage
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: molephin-nothing-stolen
        setup:
          turn: {active: player2, house: logos}
          player1: {amber: 7, battleline: [Molephin]}
          player2: {amber: 0, hand: [Cutthroat Research], battleline: [Troll, Krump]}
        actions:
          - play: Cutthroat Research
        expect:
          "16.0": {player1.amber: 7, Troll.damage: 0, Krump.damage: 0}
        """,
        )
    )
