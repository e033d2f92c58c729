"""Splash-attack (X), valued keywords gained twice, and repeating the preceding effect with a cost
(engine.rules.mechanics.splash_attack, engine.rules.keywords.add_gained, engine.rules.ability RepeatPrecedingIf ``cost``)."""

from __future__ import annotations

from boards import assert_passed, replay


# ----------------------------------------------------------------------------- splash-attack


def test_splash_attack_hits_each_neighbor_of_the_fought_creature_through_the_damage_chart(kb_conn, tmp_path):
    # Crogg (7, splash-attack 2) fights Bumpsy (5): Bumpsy destroyed, Crogg takes 5; the warded
    # neighbor loses its ward instead of taking 2, the other takes 2; Crogg's own neighbor nothing
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: splash
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Crogg the Clumsy, {card: Troll, id: mine}]}
          player2: {battleline: [{card: Troll, id: a, ward: true}, Bumpsy, {card: Troll, id: b}]}
        actions:
          - fight: {attacker: Crogg the Clumsy, target: Bumpsy}
        expect:
          "16.0": {Bumpsy.zone: discard, Crogg the Clumsy.damage: 5, a.damage: 0, a.ward: false,
                   b.damage: 2, mine.damage: 0}
        """,
        )
    )


def test_splash_attack_is_not_stopped_by_elusive(kb_conn, tmp_path):
    # elusive stops only the power damage between Urchin and Crogg (glossary "Elusive")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: elusive
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Crogg the Clumsy]}
          player2: {battleline: [{card: Troll, id: a}, Urchin, {card: Troll, id: b}]}
        actions:
          - fight: {attacker: Crogg the Clumsy, target: Urchin}
        expect:
          "16.0": {Urchin.zone: battleline, Urchin.damage: 0, Crogg the Clumsy.damage: 0, a.damage: 2, b.damage: 2}
        """,
        )
    )


def test_splash_attack_on_a_flank_creature_and_its_destructions_are_simultaneous(kb_conn, tmp_path):
    # fighting the flank creature: one neighbor; what the step destroys goes together
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: flank
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Crogg the Clumsy]}
          player2: {battleline: [Bumpsy, Dust Pixie, {card: Troll, id: far}]}
        actions:
          - fight: {attacker: Crogg the Clumsy, target: Bumpsy}
        expect:
          "16.0": {player2.battleline: [far], far.damage: 0, Bumpsy.zone: discard, Dust Pixie.zone: discard}
        """,
        )
    )


def test_no_splash_when_the_fight_does_not_occur_and_gained_hazardous_adds_up(kb_conn, tmp_path):
    # Briar Grubbling's hazardous 5 and the Cloak's hazardous 2 add up to 7 (glossary "Hazardous
    # (X)"): Crogg (7 power) is destroyed before the fight, so no splash reaches the neighbor
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: hazardous
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Crogg the Clumsy]}
          player2: {battleline: [{card: Briar Grubbling, upgrades: [Armageddon Cloak]}, Troll]}
        actions:
          - fight: {attacker: Crogg the Clumsy, target: Briar Grubbling}
        expect:
          "16.0": {Crogg the Clumsy.zone: discard, Briar Grubbling.damage: 0, Troll.damage: 0}
        """,
        )
    )


# ----------------------------------------------------------------------------- repeat the preceding effect

PHALANX = """
    id: phalanx
    setup:
      turn: {active: player1, house: saurian}
      player1: {amber: 0, hand: [Phalanx Strike], battleline: %s}
      player2: {amber: 0, battleline: [Troll, Bumpsy]}
    actions:
      - play: Phalanx Strike
        choices: %s
    expect:
      "16.0": %s
    """


def test_repeating_the_preceding_effect_chooses_again(kb_conn, tmp_path):
    # "Choose a creature. Deal 1 to it for each friendly creature." resolves again entirely
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            PHALANX
            % (
                "[Senator Shrix, Mutant Cutpurse]",
                "[Troll, 'yes', Mutant Cutpurse, Bumpsy]",
                "{Troll.damage: 2, Bumpsy.damage: 2, Mutant Cutpurse.amber: 1, Senator Shrix.amber: 0}",
            ),
        )
    )
    # the new choice may be the same creature: a second instance of damage
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            PHALANX
            % (
                "[Senator Shrix, Mutant Cutpurse]",
                "[Troll, 'yes', Senator Shrix, Troll]",
                "{Troll.damage: 4, Bumpsy.damage: 0, Senator Shrix.amber: 1}",
            ),
        )
    )
    # the second choice is a decision of its own: left unanswered, it is an error naming it
    result = replay(
        kb_conn,
        tmp_path,
        PHALANX % ("[Senator Shrix, Mutant Cutpurse]", "[Troll, 'yes', Senator Shrix]", "{Troll.damage: 4}"),
    )
    assert not result.passed and result.error and "choose any creature" in result.error


def test_a_repeat_whose_cost_is_not_paid_does_not_happen(kb_conn, tmp_path):
    # declining the exalt: no repeat, no second choice
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            PHALANX
            % (
                "[Senator Shrix, Mutant Cutpurse]",
                "[Troll, 'no']",
                "{Troll.damage: 2, Bumpsy.damage: 0, Senator Shrix.amber: 0, Mutant Cutpurse.amber: 0}",
            ),
        )
    )
    # no friendly creature to exalt: the cost is not even offered (0 damage, nothing asked)
    assert_passed(replay(kb_conn, tmp_path, PHALANX % ("[]", "[Troll]", "{Troll.damage: 0, Bumpsy.damage: 0}")))
