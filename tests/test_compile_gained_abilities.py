"""Abilities a card gives that the compiler reads from the quotes: constant abilities and reactions
an upgrade gives its creature (in force as the creature's own: "you" is the creature's controller),
abilities that name the card giving them ("attach Molina's Blaster to Armsmaster Molina", "archive
Ghostform": ``Context.giver``), abilities of several triggers given to a group, and the constant
abilities and reactions added with them (keywords while a condition holds, reactions to fights,
uses and damage)."""

from __future__ import annotations

import pytest

from boards import assert_passed, replay
from engine.compile import compile_text, Refused


def test_an_upgrade_on_an_enemy_creature_gives_it_a_key_cost_ability_of_its_own(kb_conn, tmp_path):
    # Efficient Æmber Burner: "This creature gains, "Your opponent's keys cost -1 for each A on this
    # creature."" Player 1 plays it on player 2's Troll, which has 2 amber: "your opponent" is the
    # opponent of the creature's controller (player 2), so player 1's keys cost 6 - 2 = 4 and
    # player 2's keys stay at 6
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: burner-on-enemy
        setup:
          turn: {active: player1, house: skyborn}
          player1: {hand: ["Efficient Æmber Burner"]}
          player2: {battleline: [{card: Troll, amber: 2}]}
        actions:
          - play: Efficient Æmber Burner
        expect:
          "16.0": {player1.key_cost: 4, player2.key_cost: 6, Troll.upgrades: ["Efficient Æmber Burner"]}
        """,
        )
    )


def test_a_reaction_given_by_an_upgrade_resolves_for_its_creature_only_while_attached(kb_conn, tmp_path):
    # Void Shields: "This creature gains, "At the end of your turn, ward this creature."": at the end
    # of player 1's turn the Troll carrying it is warded, its neighbor Krump is not
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: void-shields-end-of-turn
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [{card: Troll, upgrades: ["Void Shields"]}, Krump]}
        actions:
          - end_turn: true
        expect:
          "16.0": {Troll.ward: true, Krump.ward: false}
        """,
        )
    )


def test_a_valued_keyword_is_gained_only_while_the_condition_holds(kb_conn, tmp_path):
    # Imperator Drusilla: "While there are more enemy creatures than friendly creatures, Imperator
    # Drusilla gains splash-attack 4." 1 friendly against 3 enemies: attacking the middle Krump
    # (power 6, Drusilla 4) deals 4 splash damage to each of its neighbors
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: drusilla-splash
        setup:
          turn: {active: player1, house: saurian}
          player1: {battleline: ["Imperator Drusilla"]}
          player2: {battleline: [Troll, Krump, "Dust Pixie"]}
        actions:
          - fight: {attacker: Imperator Drusilla, target: Krump}
        expect:
          "16.0": {Krump.damage: 4, Troll.damage: 4, Dust Pixie.zone: discard}
        """,
        )
    )
    # 1 friendly against 1 enemy: no splash-attack
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: drusilla-no-splash
        setup:
          turn: {active: player1, house: saurian}
          player1: {battleline: ["Imperator Drusilla"]}
          player2: {battleline: [Troll]}
        actions:
          - fight: {attacker: Imperator Drusilla, target: Troll}
        expect:
          "16.0": {Troll.damage: 4}
        """,
        )
    )


def test_a_blaster_attaches_itself_to_its_titled_creature_and_then_reacts(kb_conn, tmp_path):
    # Molina's Blaster (WC): "This creature gains, "Fight/Reap: You may deal 2D to a creature, or
    # attach Molina's Blaster to Armsmaster Molina." After you attach Molina's Blaster to Armsmaster
    # Molina, you may deal 3D to a creature." Troll reaps, the Blaster moves to Armsmaster Molina,
    # and its reaction deals 3 to the enemy Krump
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: molina-blaster-attach
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [{card: Troll, upgrades: ["Molina's Blaster (WC 302)"]}, "Armsmaster Molina (WC 292)"]}
          player2: {battleline: [Krump]}
        actions:
          - reap: Troll
            choices: ["yes", "attach Molina's Blaster to Armsmaster Molina", "yes", Krump]
        expect:
          "16.0": {Troll.upgrades: [], Armsmaster Molina.upgrades: ["Molina's Blaster"], Krump.damage: 3,
                   player1.amber: 1}
        """,
        )
    )


def test_an_ability_naming_its_giver_acts_on_the_giver(kb_conn, tmp_path):
    # Ghostform: "This creature gains, "Fight/Reap: Archive Ghostform."": Troll reaps and
    # Ghostform (not Troll) goes to its owner's archives
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: ghostform-archives-itself
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [{card: Troll, upgrades: [Ghostform]}]}
        actions:
          - reap: Troll
        expect:
          "16.0": {Troll.zone: battleline, Troll.upgrades: [], Ghostform.zone: archives, player1.amber: 1}
        """,
        )
    )


def test_after_one_of_its_neighbors_is_used_the_guide_may_be_used(kb_conn, tmp_path):
    # Friendly Guide: "After you use one of Friendly Guide's neighbors, you may use Friendly
    # Guide." Troll (its neighbor) reaps; the Guide is then used (no enemy to fight: it reaps): 2 amber
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: friendly-guide
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Troll, "Friendly Guide", Krump]}
        actions:
          - reap: Troll
            choices: ["yes"]
        expect:
          "16.0": {player1.amber: 2, Friendly Guide.exhausted: true, Krump.exhausted: false}
        """,
        )
    )


def test_a_given_ability_destroying_its_creature_before_attaching_the_giver_is_refused():
    # read as written, the upgrade would already be discarded with its creature (16.0 "Upgrades")
    with pytest.raises(Refused) as refused:
        compile_text(
            "This creature gains, “After Reap: Destroy this creature and attach Paw Thing to another creature.”",
            "Paw Thing",
            "upgrade",
        )
    assert "attaching the giving card after destroying its creature" in str(refused.value)


def test_a_given_ability_names_its_giver_and_this_creature_together():
    # "this creature" inside the quotes is the creature that has the ability, the upgrade's name the
    # upgrade (Officer's Blaster): a triggered ability knows its giver ...
    variant = compile_text(
        "This creature gains, “Destroyed: Attach Paw Thing to this creature's right neighbor.”", "Paw Thing", "upgrade"
    )
    assert [type(e).__name__ for e in variant.gains["destroyed"]] == ["Choose", "AttachGiver"]
    # ... a reaction given does not (its creature resolves it as its own): refused
    with pytest.raises(Refused) as refused:
        compile_text(
            "This creature gains, “At the end of your turn, attach Paw Thing to this creature's right neighbor.”",
            "Paw Thing",
            "upgrade",
        )
    assert "the giving card named inside a gained ability" in str(refused.value)


def test_a_noun_phrase_is_never_read_as_a_title():
    # "attach <the giver> to <a title>" reads a card's title; "another creature" goes to the noun
    # phrase instead, and "each creature" (a group, not one to attach to) is no title either
    variant = compile_text(
        "This creature gains, “Destroyed: Attach Paw Thing to another creature.”", "Paw Thing", "upgrade"
    )
    assert "destroyed" in variant.gains
    with pytest.raises(Refused):
        compile_text("After you attach Paw Thing to each creature, gain 1A.", "Paw Thing", "upgrade")


def test_a_creature_you_control_with_academy_training_belongs_to_logos_instead(kb_conn, tmp_path):
    # Academy Training: "If you control this creature, it belongs to house Logos. (Instead of its
    # original house.) This creature gains, "Reap: Draw a card."" On player 1's Troll: with Logos
    # active Troll reaps and draws; with Brobnar active it is no longer of the active house
    board = """
        id: academy-training-{house}
        setup:
          turn: {{active: player1, house: {house}}}
          player1: {{amber: 0, battleline: [{{card: Troll, upgrades: ["Academy Training"]}}], deck: [Krump]}}
        actions:
          - reap: Troll
        expect:
          "16.0": {expect}
        """
    logos = board.format(house="logos", expect="{player1.amber: 1, player1.hand: [Krump]}")
    assert_passed(replay(kb_conn, tmp_path, logos))
    brobnar = board.format(house="brobnar", expect="{illegal: 0, player1.amber: 0}")
    assert_passed(replay(kb_conn, tmp_path, brobnar))


def test_the_creatures_named_before_belong_to_a_house_for_the_turn(kb_conn, tmp_path):
    # Orator Hissaro: "Deploy. Play: Ready and exalt each of Orator Hissaro's neighbors. For the
    # remainder of the turn, they belong to house Saurian." Played on the right flank, its neighbor
    # Krump is readied, exalted and of house Saurian: it reaps with Saurian active; Troll does not
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: orator-hissaro-saurian
        setup:
          turn: {active: player1, house: saurian}
          player1: {amber: 0, hand: ["Orator Hissaro"],
                    battleline: [{card: Troll, exhausted: true}, {card: Krump, exhausted: true}]}
        actions:
          - play: Orator Hissaro
            position: 2
          - reap: Krump
          - reap: Troll
        expect:
          "16.0": {illegal: 2, player1.amber: 1, Krump.amber: 1, Krump.exhausted: true, Troll.amber: 0}
        """,
        )
    )


def test_power_x_is_the_amber_of_both_pools_and_geistoids_gain_play_destroyed(kb_conn, tmp_path):
    # Kaspara (power X): "X is the combined total of A between each player's pools. Each friendly
    # Geistoid creature gains, "Play/Destroyed: Each player gains 1."" Pools 3 and 4: power 7;
    # playing Paradrone (Geistoid) gives each player 1: power 9
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: kaspara-power-x
        setup:
          turn: {active: player1, house: geistoid}
          player1: {amber: 3, hand: [Paradrone], battleline: [Kaspara]}
          player2: {amber: 4}
        actions:
          - play: Paradrone
            flank: right
        expect:
          "16.0": {player1.amber: 4, player2.amber: 5, Kaspara.power: 9}
        """,
        )
    )


def test_a_valued_keyword_x_is_the_count_now(kb_conn, tmp_path):
    # Ignitus: "Ignitus gains splash-attack X, where X is the number of exhausted creatures." Two
    # exhausted creatures (Krump and, once it attacks, Ignitus itself): splash 2 on Troll's neighbors
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: ignitus-splash-x
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Ignitus, {card: Krump, exhausted: true}]}
          player2: {battleline: ["Dust Pixie", Troll, "Bumpsy"]}
        actions:
          - fight: {attacker: Ignitus, target: Troll}
        expect:
          "16.0": {Dust Pixie.zone: discard, Bumpsy.damage: 2}
        """,
        )
    )


def test_an_upgrade_lowers_its_creatures_power_by_the_amber_on_it(kb_conn, tmp_path):
    # Essence Entangler: "This creature gets -X power, where X is the number of A on this creature."
    # Troll (power 8) with 3 amber on it: power 5
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: essence-entangler
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [{card: Troll, amber: 3, upgrades: ["Essence Entangler"]}, Krump]}
        actions: []
        expect:
          "16.0": {Troll.power: 5, Krump.power: 6}
        """,
        )
    )


def test_the_opponents_keys_cost_more_by_the_creatures_power(kb_conn, tmp_path):
    # Mookling (MG2024): "Your opponent's keys cost +X, where X is Mookling's power."
    # Power 2 and two +1 power counters: 4 more for the opponent
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: mookling
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [{card: "Mookling (MG2024 773)", power_counters: 2}]}
        actions: []
        expect:
          "16.0": {player2.key_cost: 10, player1.key_cost: 6}
        """,
        )
    )
