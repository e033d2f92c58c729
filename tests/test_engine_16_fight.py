"""Fights, damage sources, power and armor, and play timing (issue 6, 16.0): each mechanism on a
board of its own, apart from the bundled scenarios that replay the FAQ entries."""

from __future__ import annotations

from boards import assert_passed, replay


# ----------------------------------------------------------------------------- before the fight

_BEAR_VS_GRUBBLING = """
    id: order
    setup:
      turn: {active: player1, house: untamed}
      player1: {battleline: [{card: Ancient Bear, amber: 1, upgrades: [Siren Horn]}]}
      player2: {battleline: [{card: Briar Grubbling, id: g}]}
    actions:
      - fight: {attacker: Ancient Bear, target: g}
        choices: %s
    expect:
      "16.0": {g.zone: discard, Ancient Bear.damage: %d, Ancient Bear.amber: %d, player1.amber: %d}
    """


def test_assault_hazardous_and_before_fight_abilities_are_ordered_by_the_active_player(kb_conn, tmp_path):
    # assault first destroys the grubbling (2 power): its hazardous 5 never resolves, nothing moves
    assert_passed(replay(kb_conn, tmp_path, _BEAR_VS_GRUBBLING % ("[assault]", 0, 1, 0)))
    survives = _BEAR_VS_GRUBBLING.replace(
        "g.zone: discard", "g.zone: battleline, Ancient Bear.zone: discard, g.amber: %d, player2.amber: %d"
    )
    # hazardous first: 5 damage to the bear (5 power) destroys it (its Æmber goes to player2); the
    # bear's assault and Siren Horn no longer resolve, and no choice is left to ask
    assert_passed(replay(kb_conn, tmp_path, survives % ("[hazardous]", 0, 1, 0, 0, 0)))
    # Siren Horn, then hazardous: the Æmber is on the grubbling when the bear is destroyed
    assert_passed(replay(kb_conn, tmp_path, survives % ("[Siren Horn, hazardous]", 1, 0, 0, 0, 0)))
    # Siren Horn, assault, and the hazardous left has no creature to reach: the Æmber on g goes to player1
    assert_passed(replay(kb_conn, tmp_path, _BEAR_VS_GRUBBLING % ("[Siren Horn, assault]", 0, 0, 1)))


def test_unanswered_before_fight_order_is_an_error_naming_the_decision(kb_conn, tmp_path):
    result = replay(kb_conn, tmp_path, _BEAR_VS_GRUBBLING % ("[]", 0, 1, 0))
    assert result.error and "Before Fight" in result.error and "assault" in result.error


# ----------------------------------------------------------------------------- source of damage


def test_cannot_be_dealt_damage_by_looks_at_the_card_dealing_it(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: source
        setup:
          turn: {active: player1, house: untamed}
          player1: {battleline: [{card: "Umbra-Beast (MoMu 437)", id: mutant}, {card: Dust Pixie, id: small},
                                 {card: Dust Pixie, id: big, power_counters: 4}]}
          player2: {battleline: ["Ardent Hero"]}
        actions:
          - fight: {attacker: mutant, target: Ardent Hero}
          - fight: {attacker: big, target: Ardent Hero}
          - fight: {attacker: small, target: Ardent Hero}
        expect:
          "16.0": {Ardent Hero.damage: 1, big.damage: 4, big.zone: battleline, small.zone: discard, mutant.damage: 0}
        """,
        )
    )


def test_damage_from_a_bonus_icon_has_no_source_card(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: icon
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: ["Rock-Hurling Giant"], hand: [{card: Anger, enhancements: [damage]}]}
          player2: {battleline: ["Ardent Hero"]}
        actions:
          - play: Anger
            choices: [Ardent Hero]
        expect:
          # the icon's 1 damage lands; the Giant's 6 fight damage does not (Ardent Hero deals it 4)
          "16.0": {Ardent Hero.damage: 1, Rock-Hurling Giant.damage: 4}
        """,
        )
    )


def test_rock_hurling_giant_may_deal_4_each_time_a_brobnar_card_is_discarded(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: giant
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: ["Rock-Hurling Giant"], hand: ["Anger", "Bumpsy"]}
          player2: {battleline: ["Troll"]}
        actions:
          - discard: Anger
            choices: ["yes", Troll]
          - discard: Bumpsy
            choices: ["no"]
        expect:
          "16.0": {Troll.damage: 4, player1.discard: ["Bumpsy", "Anger"]}
        """,
        )
    )


# ----------------------------------------------------------------------------- power and armor


def test_switching_power_and_armor_can_leave_a_creature_with_no_power(kb_conn, tmp_path):
    # the Evil Twin printing: "Action: Switch a creature's power and armor ..."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: twin
        setup:
          turn: {active: player1, house: sanctum}
          player1: {battleline: ["Lightsmith Clariel (DT 067)"]}
          player2: {battleline: ["Troll", "Sequis"]}
        actions:
          - action: Lightsmith Clariel
            choices: [Troll]
        expect:
          "16.0": {Troll.zone: discard, Sequis.power: 4, Sequis.armor: 2}
        """,
        )
    )
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: twin2
        setup:
          turn: {active: player1, house: sanctum}
          player1: {battleline: ["Lightsmith Clariel (DT 067)"]}
          player2: {battleline: ["Troll", "Sequis"]}
        actions:
          - action: Lightsmith Clariel
            choices: [Sequis]
        expect:
          "16.0": {Sequis.power: 2, Sequis.armor: 4}
        """,
        )
    )


def test_an_upgrades_armor_applies_to_its_creature_only(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: scutum
        setup:
          turn: {active: player1, house: saurian}
          player1: {battleline: [{card: Sequis, amber: 2, upgrades: ["Imperial Scutum"]}, "Troll"]}
        expect:
          "16.0": {Sequis.armor: 4, Troll.armor: 0, Sequis.power: 4}
        """,
        )
    )


def test_considered_to_have_1_power_covers_creatures_entering_play_later(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: pale
        setup:
          turn: {active: player1, house: untamed}
          player1: {artifacts: ["The Pale Star", "Dark Æmber Vault"], hand: ["Chonkers"], deck: ["Troll"]}
          player2: {battleline: ["Sequis"]}
        actions:
          - omni: The Pale Star
          - play: Chonkers
            choices: [Chonkers]
        expect:
          "16.0": {Chonkers.power: 1, Chonkers.power_counters: 1, Sequis.power: 1, Sequis.armor: 0,
                   player1.hand: ["Troll"]}
        """,
        )
    )


def test_dark_aember_vault_boosts_friendly_mutants_only(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: vault
        setup:
          turn: {active: player1, house: untamed}
          player1: {artifacts: ["Dark Æmber Vault"], battleline: [{card: Chonkers, power_counters: 1}, "Dust Pixie"],
                    hand: ["Dust Pixie"], deck: ["Troll"]}
          player2: {battleline: [{card: "Umbra-Beast (MoMu 437)", id: theirs}]}
        actions:
          - play: Dust Pixie
            flank: right
        expect:
          "16.0": {Chonkers.power: 4, theirs.power: 3, player1.hand: []}
        """,
        )
    )


def test_chonkers_doubles_its_counters_after_destroying_a_creature_in_a_fight(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: chonk
        setup:
          turn: {active: player1, house: untamed}
          player1: {battleline: [{card: Chonkers, power_counters: 3}]}
          player2: {battleline: ["Dust Pixie"]}
        actions:
          - fight: {attacker: Chonkers, target: Dust Pixie}
        expect:
          "16.0": {Dust Pixie.zone: discard, Chonkers.power_counters: 6, Chonkers.power: 7, Chonkers.damage: 0}
        """,
        )
    )


# ----------------------------------------------------------------------------- neighbors after leaving


def test_neighbors_of_a_creature_destroyed_in_the_fight_are_those_it_had(kb_conn, tmp_path):
    # the attacked creature dies alone: its neighbors, still in play, take Smite's damage
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: smite
        setup:
          turn: {active: player1, house: sanctum}
          player1: {battleline: ["Troll"], hand: ["Smite"]}
          player2: {battleline: [{card: Dust Pixie, id: a}, {card: Dust Pixie, id: b, power_counters: 1},
                                 {card: Dust Pixie, id: c, power_counters: 2}, {card: Dust Pixie, id: e, power_counters: 3}]}
        actions:
          - play: Smite
            choices: [b]
        expect:
          "16.0": {b.zone: discard, a.zone: discard, c.damage: 2, e.damage: 0, Troll.damage: 2}
        """,
        )
    )


def test_smite_with_a_surviving_defender_uses_its_neighbors_now(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: smite2
        setup:
          turn: {active: player1, house: sanctum}
          player1: {battleline: [{card: Dust Pixie, id: mine}], hand: ["Smite"]}
          player2: {battleline: [{card: Dust Pixie, id: a, power_counters: 5}, "Troll",
                                 {card: Dust Pixie, id: c, power_counters: 5}, {card: Dust Pixie, id: e, power_counters: 5}]}
        actions:
          - play: Smite
            choices: [Troll]
        expect:
          "16.0": {Troll.damage: 1, a.damage: 2, c.damage: 2, e.damage: 0, mine.zone: discard}
        """,
        )
    )


# ----------------------------------------------------------------------------- play timing


def test_encounter_suit_wards_before_the_play_effect_for_any_players_action(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: suit
        setup:
          turn: {active: player1, house: shadows}
          player1: {battleline: [{card: Troll, upgrades: ["Encounter Suit"]}], hand: ["Poison Wave"]}
          player2: {battleline: ["Sequis"]}
        actions:
          - play: Poison Wave
        expect:
          "16.0": {Troll.damage: 0, Troll.ward: false, Sequis.damage: 0}
        """,
        )
    )
    # a creature played is not an action card: no ward
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: suit2
        setup:
          turn: {active: player1, house: untamed}
          player1: {battleline: [{card: Troll, upgrades: ["Encounter Suit"]}], hand: ["Dust Pixie"]}
        actions:
          - play: Dust Pixie
            flank: right
        expect:
          "16.0": {Troll.ward: false}
        """,
        )
    )


def test_a_ward_spent_on_a_power_drop_leaves_the_creature_to_the_next_check(kb_conn, tmp_path):
    # The Pale Star drops Troll to 1 power with 4 damage on it: its ward replaces the destruction,
    # and the damage still reaching its power destroys it at once
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: ward
        setup:
          turn: {active: player1, house: dis}
          player1: {artifacts: ["The Pale Star"]}
          player2: {battleline: [{card: Troll, damage: 4, ward: true}, {card: Sequis, ward: true}]}
        actions:
          - omni: The Pale Star
        expect:
          "16.0": {Troll.zone: discard, Sequis.zone: battleline, Sequis.ward: true, Sequis.power: 1}
        """,
        )
    )
