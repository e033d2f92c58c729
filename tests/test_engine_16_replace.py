"""Replacement effects (16.0 glossary "Replacement Effects", engine.rules.replacements): each mechanism on
a board of its own, apart from the bundled scenarios that replay the FAQ entries."""

from __future__ import annotations

from boards import assert_passed, replay


def test_a_steal_is_captured_by_the_active_players_creature_instead(kb_conn, tmp_path):
    # Gargantodon: the Æmber is captured, not stolen, so Nerve Blast's "if you do" is not met
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: garg
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, hand: ["Nerve Blast"], battleline: ["Troll"]}
          player2: {amber: 3, battleline: ["Gargantodon"]}
        actions: [{play: Nerve Blast}]
        expect:
          "16.0": {player1.amber: 0, player2.amber: 2, Troll.amber: 1, Gargantodon.amber: 0,
                   Troll.damage: 0, Gargantodon.damage: 0}
        """,
        )
    )


def test_amber_that_cannot_be_stolen_is_only_the_creatures_controllers(kb_conn, tmp_path):
    body = """
        id: disco
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, hand: ["Nerve Blast"], battleline: [%s]}
          player2: {amber: 2, battleline: [%s]}
        actions: [{play: Nerve Blast, choices: [Troll]}]
        expect:
          "16.0": {player1.amber: %d, player2.amber: %d, Troll.damage: %d}
        """
    protected = "{card: Urchin, upgrades: [Discombobulator]}"
    # on the thief's own creature: the opponent's Æmber can still be stolen
    assert_passed(replay(kb_conn, tmp_path, body % (f"Troll, {protected}", "Mooncurser", 1, 1, 2)))
    # on the victim's creature: nothing is stolen, no damage
    result = replay(kb_conn, tmp_path, body % ("Troll", protected, 0, 2, 0))
    assert result.error and "left over" in result.error  # no damage, so no target was asked
    assert_passed(replay(kb_conn, tmp_path, (body % ("Troll", protected, 0, 2, 0)).replace(", choices: [Troll]", "")))


def test_taken_from_the_common_supply_only_when_there_is_amber_to_take(kb_conn, tmp_path):
    body = """
        id: pixies
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, hand: ["Nerve Blast"], battleline: ["Troll"]}
          player2: {amber: %d, battleline: ["Po’s Pixies"]}
        actions: [{play: Nerve Blast, %s}]
        expect:
          "16.0": {player1.amber: %d, player2.amber: %d, Troll.damage: %d}
        """
    assert_passed(replay(kb_conn, tmp_path, body % (1, "choices: [Troll]", 1, 1, 2)))
    # an empty pool: nothing would be stolen, so nothing is replaced and nothing is stolen
    assert_passed(replay(kb_conn, tmp_path, body % (0, "choices: []", 0, 0, 0)))


def test_a_capture_bonus_icon_from_a_pixies_pool_comes_from_the_supply(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: icon-capture
        setup:
          turn: {active: player1, house: sanctum}
          player1: {amber: 0, hand: [{card: Shield of Justice, enhancements: [capture]}], battleline: ["Troll"]}
          player2: {amber: 2, battleline: ["Po’s Pixies"]}
        actions: [{play: Shield of Justice}]
        expect:
          "16.0": {player1.amber: 1, player2.amber: 2, Troll.amber: 1}
        """,
        )
    )


def test_optional_icon_replacements_are_asked_per_icon(kb_conn, tmp_path):
    body = """
        id: amphora
        setup:
          turn: {active: player1, house: logos}
          player1: {amber: 0, hand: [{card: Wild Wormhole, enhancements: [amber]}], battleline: ["Troll"],
                    artifacts: ["Amphora Captura"]}
          player2: {amber: 3}
        actions: [{play: Wild Wormhole, choices: %s}]
        expect:
          "16.0": {player1.amber: %d, player2.amber: %d, Troll.amber: %d}
        """
    # two Æmber icons (printed and enhanced) resolve one by one: the first becomes a capture
    assert_passed(replay(kb_conn, tmp_path, body % ('["yes", "no"]', 1, 2, 1)))
    assert_passed(replay(kb_conn, tmp_path, body % ('["no", "no"]', 2, 3, 0)))
    assert_passed(replay(kb_conn, tmp_path, body % ('["yes", "yes"]', 0, 1, 2)))


def test_declining_the_second_replacement_leaves_the_first(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: favian-no
        setup:
          turn: {active: player1, house: sanctum}
          player1: {amber: 0, hand: ["Shield of Justice"], battleline: ["Scrivener Favian"],
                    artifacts: ["Amphora Captura"]}
          player2: {amber: 3}
        actions: [{play: Shield of Justice, choices: ["yes", "no"]}]
        expect:
          "16.0": {player1.amber: 0, player2.amber: 2, Scrivener Favian.amber: 1}
        """,
        )
    )


def test_simultaneous_replacements_are_ordered_by_the_active_player(kb_conn, tmp_path):
    body = """
        id: order
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, hand: ["Nerve Blast"], battleline: ["Troll"]}
          player2: {amber: 2, battleline: ["Po’s Pixies", "Gargantodon"]}
        actions: [{play: Nerve Blast, choices: %s}]
        expect:
          "16.0": {player1.amber: 0, player2.amber: 2, Troll.amber: 1, Troll.damage: 0}
        """
    # either order ends in a capture from the common supply
    assert_passed(replay(kb_conn, tmp_path, body % '["Po’s Pixies"]'))
    assert_passed(replay(kb_conn, tmp_path, body % '["Gargantodon"]'))
    result = replay(kb_conn, tmp_path, body % "[]")
    assert result.error and "which replacement effect applies first" in result.error


def test_a_destruction_replacement_waits_for_the_destroyed_abilities(kb_conn, tmp_path):
    # Soulkeeper's "Destroyed:" resolves first (Remiel is still tagged), then the Cloak saves it
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: cloak
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: ["Poison Wave"]}
          player2:
            battleline: [{card: Commander Remiel, damage: 1, upgrades: [Armageddon Cloak, Soulkeeper]}]
        actions: [{play: Poison Wave}]
        expect:
          "16.0": {Commander Remiel.zone: battleline, Commander Remiel.damage: 0,
                   Commander Remiel.upgrades: ["Soulkeeper"], Armageddon Cloak.zone: discard}
        """,
        )
    )


def test_upgrades_give_hazardous_and_armor(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: upg
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: ["Troll"]}
          player2: {battleline: [{card: Sir Marrows, upgrades: [Armageddon Cloak]},
                                 {card: Urchin, upgrades: [Imperial Scutum]}]}
        actions:
          - {fight: {attacker: Troll, target: Sir Marrows}}
        expect:
          # hazardous 2, then Sir Marrows's 4; Troll's 8 destroys it, and the Cloak saves it
          "16.0": {Troll.damage: 6, Sir Marrows.zone: battleline, Sir Marrows.damage: 0,
                   Armageddon Cloak.zone: discard, Urchin.armor: 2}
        """,
        )
    )


def test_hyde_and_velum_replace_within_their_own_ability(kb_conn, tmp_path):
    body = """
        id: velum
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: ["Troll", "Urchin", "Mooncurser"], battleline: [%s]}
        actions: [{reap: Velum, choices: %s}]
        expect:
          "16.0": {player1.archives: %s}
        """
    assert_passed(replay(kb_conn, tmp_path, body % ("Velum", "[Urchin]", '["Urchin"]')))
    assert_passed(replay(kb_conn, tmp_path, body % ("Velum, Hyde", "[Urchin, Troll]", '["Urchin", "Troll"]')))


def test_hyde_destroyed_archives_velum_from_the_discard_pile_then_itself(kb_conn, tmp_path):
    body = """
        id: hyde
        setup:
          turn: {active: player2, house: shadows}
          player1: {battleline: [{card: Hyde, damage: 2}], discard: [%s]}
          player2: {hand: ["Poison Wave"]}
        actions: [{play: Poison Wave}]
        expect:
          "16.0": {player1.archives: %s, Hyde.zone: %s}
        """
    assert_passed(replay(kb_conn, tmp_path, body % ("Velum", '["Velum", "Hyde"]', "archives")))
    assert_passed(replay(kb_conn, tmp_path, body % ("Troll", "[]", "discard")))


def test_before_16_a_destruction_replacement_is_ordered_with_the_destroyed_abilities(kb_conn, tmp_path):
    body = """
        id: cloak-13
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: ["Poison Wave"], battleline: ["Troll"]}
          player2:
            battleline: [{card: Commander Remiel, damage: 1, upgrades: [Armageddon Cloak, Soulkeeper]}]
        actions: [{play: Poison Wave, choices: %s}]
        expect:
          "1.3": {Commander Remiel.zone: battleline, Commander Remiel.damage: 0, Troll.zone: discard,
                  Commander Remiel.upgrades: ["Soulkeeper"], Armageddon Cloak.zone: discard}
        """
    assert_passed(replay(kb_conn, tmp_path, body % '["Commander Remiel (Armageddon Cloak)"]', "1.3"))
    assert_passed(replay(kb_conn, tmp_path, body % '["Commander Remiel (Soulkeeper)"]', "1.3"))
    result = replay(kb_conn, tmp_path, body % "[]", "1.3")
    assert result.error and 'which "Destroyed:" ability' in result.error
    # 16.0: the replacement waits until Remiel would be put into the discard pile, nothing to order
    assert_passed(replay(kb_conn, tmp_path, (body % "[]").replace('"1.3"', '"16.0"')))
