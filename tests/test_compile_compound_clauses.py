"""Clauses of card text compiled by the templates of engine/compile/templates/phrases_selectors.toml
that repeat a clause ("exalt SELF twice", "once for each"), put several verbs on one target
("exalt, ready, and use"), or act on players, keys and control ("unforge an opponent's key", "pay
your opponent 1", "give control of ... to your opponent", "move ... anywhere in your battleline")."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize("name, house, amber", [("Grimlocus Dux", "saurian", 2), ("Talon of Invidius", "dis", 3)])
def test_exalt_self_n_times(kb_conn, tmp_path, name, house, amber):
    assert_compiled(kb_conn, name)
    # "Play: Exalt Grimlocus Dux twice." / "Exalt Talon of Invidius 3 times.": 1 Æmber from the
    # supply each time
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: exalt-times
        setup:
          turn: {{active: player1, house: {house}}}
          player1: {{hand: ["{name}"]}}
        actions:
          - play: {name}
        expect:
          "16.0": {{{name}.amber: {amber}}}
        """,
        )
    )


@pytest.mark.parametrize("keys, zone, left", [(1, "purged", 0), (0, "discard", 1)])
def test_unforge_an_opponents_key(kb_conn, tmp_path, keys, zone, left):
    assert_compiled(kb_conn, "Art Project")
    # "Play: Unforge an opponent's key. If you do, purge Art Project, and your opponent draws 10
    # cards.": with a key forged (on any turn) it is unforged and the rest follows; with none,
    # nothing does
    hand = "[]" if keys else '["Troll"]'
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: art-project
        setup:
          turn: {{active: player1, house: ekwidon}}
          player1: {{hand: ["Art Project"]}}
          player2: {{keys: {keys}, hand: [], deck: ["Troll"]}}
        actions:
          - play: Art Project
        expect:
          "16.0": {{player2.keys: 0, Art Project.zone: {zone}, player2.deck: {hand if keys else '["Troll"]'}}}
        """,
        )
    )


def test_each_captures_from_their_opponent(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Trading Frenzy")
    # "Play: A friendly creature and an enemy creature each capture 3 from their opponent.": Krump
    # takes 3 of player2's, Troll 3 of player1's
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: trading-frenzy
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {amber: 4, hand: ["Trading Frenzy"], battleline: ["Krump"]}
          player2: {amber: 5, battleline: ["Troll"]}
        actions:
          - play: Trading Frenzy
        expect:
          "16.0": {Krump.amber: 3, Troll.amber: 3, player1.amber: 2, player2.amber: 2}
        """,
        )
    )


@pytest.mark.parametrize("giver, paid", [("Cap Reigns", 1), ("Urchin", 0)])
def test_pay_your_opponent(kb_conn, tmp_path, giver, paid):
    assert_compiled(kb_conn, "Cap Reigns")
    # "Each enemy creature gains, "After Reap: Pay your opponent 1."": player2's Troll reaps (1)
    # and pays it to player1, Cap Reigns' controller; without Cap Reigns it keeps it
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: cap-reigns
        setup:
          turn: {{active: player2, house: brobnar}}
          player1: {{amber: 0, battleline: ["{giver}"]}}
          player2: {{amber: 0, battleline: ["Troll"]}}
        actions:
          - reap: Troll
        expect:
          "16.0": {{player1.amber: {paid}, player2.amber: {1 - paid}}}
        """,
        )
    )


@pytest.mark.parametrize("flank, line", [("left", "[Urchin, Krump, Troll]"), ("right", "[Krump, Troll, Urchin]")])
def test_move_a_creature_to_a_flank_of_its_controllers_battleline(kb_conn, tmp_path, flank, line):
    assert_compiled(kb_conn, "Edge of the World")
    # "Play: Move a creature to a flank of its controller's battleline. Steal 1.": the flank chosen
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: edge-of-the-world
        setup:
          turn: {{active: player1, house: skyborn}}
          player1: {{hand: ["Edge of the World"]}}
          player2: {{amber: 2, battleline: ["Krump", "Urchin", "Troll"]}}
        actions:
          - {{play: Edge of the World, targets: [Urchin], choices: [{flank}]}}
        expect:
          "16.0": {{player2.battleline: {line}, player1.amber: 1, player2.amber: 1}}
        """,
        )
    )


@pytest.mark.parametrize("friendly, kept", [("Krump", '["Urchin"]'), ("Urchin", '["Krump"]')])
def test_give_control_of_a_friendly_creature_to_your_opponent(kb_conn, tmp_path, friendly, kept):
    assert_compiled(kb_conn, "Exile")
    # "Play: Give control of a friendly creature to your opponent.": the creature chosen changes sides
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: exile
        setup:
          turn: {{active: player1, house: saurian}}
          player1: {{hand: ["Exile"], battleline: ["Krump", "Urchin"]}}
        actions:
          - {{play: Exile, targets: [{friendly}]}}
        expect:
          "16.0": {{{friendly}.controller: player2, player1.battleline: {kept}}}
        """,
        )
    )


@pytest.mark.parametrize("token, used", [("true", 2), ("false", 1)])
def test_exalt_ready_and_use_then_another_friendly_creature(kb_conn, tmp_path, token, used):
    assert_compiled(kb_conn, "Symposium")
    # "Play: Exalt, ready, and use a friendly creature. If it is a token creature, you may exalt,
    # ready, and use another friendly creature.": the second is another creature than the first
    # (the action itself is never in play), and only after a token creature
    amber = {2: "Krump.amber: 1, Urchin.amber: 1", 1: "Krump.amber: 0, Urchin.amber: 1"}[used]
    second = "" if used == 1 else ", choices: [yes]"  # Urchin cannot be chosen again: Krump is the one option
    targets = "[Urchin]"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: symposium
        setup:
          turn: {{active: player1, house: saurian}}
          player1: {{token: Grunt, hand: ["Symposium"],
                    battleline: [{{card: Urchin, token: {token}, exhausted: true}}, {{card: Krump, exhausted: true}}]}}
        actions:
          - {{play: Symposium, targets: {targets}{second}}}
        expect:
          "16.0": {{{amber}}}
        """,
        )
    )


def test_upgrade_gives_power_and_a_before_fight_ability(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Z-Ray Blaster")
    # "This creature gets +3 power and gains, "Before Fight: Deal 3 to each neighbor of the
    # creature this creature fights."": Krump (6 + 3) fights Troll; Troll's neighbors take 3 each
    # before the fight, Troll takes 9 and is destroyed
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: z-ray-blaster
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [{card: Krump, upgrades: ["Z-Ray Blaster"]}]}
          player2: {battleline: ["Urchin", "Troll", "Bumpsy"]}
        actions:
          - fight: {attacker: Krump, target: Troll}
        expect:
          "16.0": {Krump.power: 9, Urchin.zone: discard, Bumpsy.damage: 3, Troll.zone: discard, Krump.damage: 8}
        """,
        )
    )


@pytest.mark.parametrize("on, mine, theirs", [(3, 2, 1), (4, 2, 2)])
def test_move_half_the_amber_rounding_up_and_the_rest(kb_conn, tmp_path, on, mine, theirs):
    assert_compiled(kb_conn, "Patronage")
    # "Play: Move half the Æmber from a creature to your pool (rounding up). Move the remaining
    # Æmber from that creature to your opponent's pool.": 3 on Troll, 2 and 1; 4, 2 and 2
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: patronage
        setup:
          turn: {{active: player1, house: saurian}}
          player1: {{amber: 0, hand: ["Patronage"]}}
          player2: {{amber: 0, battleline: [{{card: Troll, amber: {on}}}]}}
        actions:
          - play: Patronage
        expect:
          "16.0": {{Troll.amber: 0, player1.amber: {mine}, player2.amber: {theirs}}}
        """,
        )
    )


@pytest.mark.parametrize("line, amber", [('["Pride", "Krump"]', 2), ('["Krump"]', 1)])
def test_exalt_self_once_for_each_friendly_sin_creature(kb_conn, tmp_path, line, amber):
    assert_compiled(kb_conn, "Gluttony")
    # "Play: Exalt Gluttony once for each friendly Sin creature.": Gluttony and Pride are Sins
    # (Krump is not): exalted twice; alone with Krump, once
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: gluttony
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{hand: ["Gluttony"], battleline: {line}}}
        actions:
          - {{play: Gluttony, flank: right}}
        expect:
          "16.0": {{Gluttony.amber: {amber}}}
        """,
        )
    )


def test_it_after_make_a_token_creature_is_the_token(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Request Donations")
    # "Play: Make a token creature. It captures 2.": the token made captures, not Krump
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: request-donations
        setup:
          turn: {active: player1, house: sanctum}
          player1: {token: Grunt, hand: ["Request Donations"], battleline: ["Krump"], deck: [{card: Anger, id: t1}]}
          player2: {amber: 3}
        actions:
          - {play: Request Donations, choices: [right]}
        expect:
          "16.0": {t1.token: Grunt, t1.amber: 2, Krump.amber: 0, player2.amber: 1}
        """,
        )
    )


def test_the_active_player_takes_control_of_this_creature(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Freelancer")
    # "At the start of each turn, the active player takes control of this creature.": player1's
    # Krump, wearing it, goes to player2 as player2's turn starts; Troll, without it, stays
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: freelancer
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [{card: Krump, upgrades: ["Freelancer"]}, "Troll"]}
          player2: {battleline: ["Urchin"]}
        actions:
          - {end_turn: true, choices: [left, shadows]}
        expect:
          "16.0": {Krump.controller: player2, Troll.controller: player1, player2.battleline: [Krump, Urchin]}
        """,
        )
    )


@pytest.mark.parametrize("line, captured", [('["Krump", "Troll", "Urchin"]', 2), ('["Krump", "Troll"]', 1)])
def test_for_each_house_represented_among_friendly_creatures(kb_conn, tmp_path, line, captured):
    assert_compiled(kb_conn, "Xenotraining")
    # "Play: For each house represented among friendly creatures, a friendly creature captures
    # 1.": Brobnar and Shadows, twice (Krump chosen each time); Brobnar alone, once
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: xenotraining
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{hand: ["Xenotraining"], battleline: {line}}}
          player2: {{amber: 5}}
        actions:
          - {{play: Xenotraining, targets: {["Krump"] * captured}}}
        expect:
          "16.0": {{Krump.amber: {captured}, player2.amber: {5 - captured}}}
        """,
        )
    )


@pytest.mark.parametrize("place, line", [(0, "[Troll, Krump, Urchin]"), (2, "[Krump, Urchin, Troll]")])
def test_move_a_creature_anywhere_in_your_battleline(kb_conn, tmp_path, place, line):
    assert_compiled(kb_conn, "Shifting Battlefield")
    # "Play: Move a friendly creature anywhere in your battleline. That creature captures 1.":
    # Troll goes to the place chosen, the others keep their order
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: shifting-battlefield
        setup:
          turn: {{active: player1, house: sanctum}}
          player1: {{hand: ["Shifting Battlefield"], battleline: ["Krump", "Troll", "Urchin"]}}
          player2: {{amber: 2}}
        actions:
          - {{play: Shifting Battlefield, targets: [Troll], choices: [{place}]}}
        expect:
          "16.0": {{player1.battleline: {line}, Troll.amber: 1, player2.amber: 1}}
        """,
        )
    )
