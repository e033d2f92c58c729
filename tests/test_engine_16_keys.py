"""Forging keys (engine.rules.forging), "as if it were yours" (engine.rules.as_if_yours), abilities gained
mid-timing-point and self-referential gained text (engine.rules.gained_text), "if this leaves play"
(engine.rules.leaves_play), and the Keyforgery and Magda the Rat errata: each on a board of its own."""

from __future__ import annotations

from boards import assert_passed, replay


# ------------------------------------------------------------------ forging


def test_forge_step_spends_amber_on_senator_shrix_and_forging_is_not_optional(kb_conn, tmp_path):
    # 2 in the pool and 4 on Shrix: the key is forged at the start of player2's turn; the active
    # player (player2 now) decides the split, here 3 from Shrix and 3 from the pool
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: shrix-step
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Troll]}
          player2: {amber: 3, battleline: [{card: Senator Shrix, amber: 4}]}
        actions:
          - {end_turn: true, choices: [3]}
        expect:
          "16.0": {player2.keys: 1, player2.amber: 0, Senator Shrix.amber: 1}
        """,
        )
    )
    # not enough between them: no key, nothing spent
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: shrix-short
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Troll]}
          player2: {amber: 2, battleline: [{card: Senator Shrix, amber: 3}]}
        actions:
          - {end_turn: true}
        expect:
          "16.0": {player2.keys: 0, player2.amber: 2, Senator Shrix.amber: 3}
        """,
        )
    )


def test_the_active_player_decides_where_the_opponents_amber_comes_from(kb_conn, tmp_path):
    body = """
        id: shrix-split
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Troll]}
          player2: {amber: 5, battleline: [{card: Senator Shrix, amber: 5}, Keyfrog]}
        actions:
          - {fight: {attacker: Troll, target: Keyfrog}, choices: %s}
        expect:
          "16.0": {player2.keys: 1, player2.amber: %d, Senator Shrix.amber: %d}
        """
    assert_passed(replay(kb_conn, tmp_path, body % ("[1]", 0, 4)))
    # only 1..5 may come from Shrix (the pool holds 5): 0 and 6 are not options
    result = replay(kb_conn, tmp_path, body % ("[0]", 0, 4))
    assert result.error and "player1: how much" in result.error and "1, 2, 3, 4, 5" in result.error
    # unanswered, the split is an error naming the decision, never a default
    result = replay(kb_conn, tmp_path, body % ("[]", 0, 4))
    assert result.error and "Senator Shrix" in result.error


def test_after_a_key_is_forged_the_active_player_orders_graft_and_og(kb_conn, tmp_path):
    body = """
        id: graft-og
        setup:
          turn: {active: player1, house: logos}
          player1: {amber: 0, hand: [Interdimensional Graft]}
          player2: {amber: 10, battleline: [Forgemaster Og]}
        actions:
          - play: Interdimensional Graft
          - {end_turn: true, choices: [%s]}
        expect:
          "16.0": {player2.keys: 1, player2.amber: 0, player1.amber: %d}
        """
    assert_passed(replay(kb_conn, tmp_path, body % ("Interdimensional Graft", 5)))
    assert_passed(replay(kb_conn, tmp_path, body % ("Forgemaster Og", 1)))


def test_interdimensional_graft_lasts_for_the_opponents_next_turn_only(kb_conn, tmp_path):
    # player2 cannot forge on their next turn (5 Æmber); on their turn after that they can, and
    # the Graft no longer applies
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: graft-later
        setup:
          turn: {active: player1, house: logos}
          player1: {amber: 0, hand: [Interdimensional Graft], battleline: [Troll]}
          player2: {amber: 5, battleline: [Urchin]}
        actions:
          - play: Interdimensional Graft
          - end_turn: true
          - reap: Urchin
          - {end_turn: true, choices: [brobnar]}
          - end_turn: true
        expect:
          "16.0": {player2.keys: 1, player2.amber: 0, player1.amber: 1}
        """,
        )
    )


def test_key_hammer_needs_a_key_forged_on_the_opponents_previous_turn(kb_conn, tmp_path):
    # player2's key was forged before: Key Hammer unforges nothing, player2 still gains 6
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: hammer-none
        setup:
          turn: {active: player1, house: dis}
          player1: {amber: 0, hand: [Key Hammer]}
          player2: {amber: 0, keys: 2}
        actions:
          - play: Key Hammer
        expect:
          "16.0": {player2.keys: 2, player2.amber: 6, player1.amber: 1}
        """,
        )
    )


def test_sensor_chief_garcia_raises_key_cost_during_the_opponents_next_turn(kb_conn, tmp_path):
    body = """
        id: garcia-cost
        setup:
          turn: {active: player1, house: staralliance}
          player1: {hand: [Sensor Chief Garcia]}
          player2: {amber: %d, battleline: [Troll]}
        actions:
          - play: Sensor Chief Garcia
          - end_turn: true
        expect:
          "16.0": {player2.keys: %d}
        """
    assert_passed(replay(kb_conn, tmp_path, body % (7, 0)))
    assert_passed(replay(kb_conn, tmp_path, body % (8, 1)))


# ------------------------------------------------------------------ Keyforgery (16.0 erratum)


KEYFORGERY_ON_MY_TURN = """
    id: keyforgery-my-turn
    setup:
      turn: {active: player1, house: brobnar}
      player1: {battleline: [Troll], artifacts: [Keyforgery], hand: [Anger]}
      player2: {amber: 6, battleline: [Keyfrog]}
    actions:
      - {fight: {attacker: Troll, target: Keyfrog}, choices: %s}
    expect:
      "%s": {player2.keys: %d, player2.amber: %d, Keyforgery.zone: %s}
    """


def test_printed_keyforgery_stops_a_key_forged_on_its_owners_turn(kb_conn, tmp_path):
    # printed text: any time the opponent would forge; the revealed card (brobnar) is not of the
    # named house: Keyforgery is destroyed and no key is forged, no Æmber spent
    assert_passed(replay(kb_conn, tmp_path, KEYFORGERY_ON_MY_TURN % ("[untamed]", "1.3", 0, 6, "discard"), "1.3"))
    # naming the revealed card's house: the key is forged, Keyforgery stays
    assert_passed(replay(kb_conn, tmp_path, KEYFORGERY_ON_MY_TURN % ("[brobnar]", "1.3", 1, 0, "artifacts"), "1.3"))


def test_errata_keyforgery_applies_on_the_opponents_turn_only(kb_conn, tmp_path):
    # 16.0 erratum "on their turn": a key forged on player1's turn is not stopped, nothing named
    assert_passed(replay(kb_conn, tmp_path, KEYFORGERY_ON_MY_TURN % ("[]", "16.0", 1, 0, "artifacts")))
    # on player2's own turn it applies
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: keyforgery-their-turn
        setup:
          turn: {active: player1, house: shadows}
          player1: {artifacts: [Keyforgery], hand: [Troll]}
          player2: {amber: 7, battleline: [Keyfrog]}
        actions:
          - {end_turn: true, choices: [shadows]}
        expect:
          "16.0": {player2.keys: 0, player2.amber: 7, Keyforgery.zone: discard}
        """,
        )
    )


# ------------------------------------------------------------------ Magda the Rat (16.0 erratum)


MAGDA_NOT_PLAYED = """
    id: magda-not-played
    setup:
      turn: {active: player1, house: shadows}
      player1: {amber: 3, battleline: [Magda the Rat]}
      player2: {amber: 0, battleline: [Troll]}
    actions:
      - fight: {attacker: Magda the Rat, target: Troll}
    expect:
      "%s": {Magda the Rat.zone: discard, player1.amber: %d, player2.amber: %d}
    """


def test_printed_magda_leaves_play_ability_works_whenever_she_is_in_play(kb_conn, tmp_path):
    # printed "Leaves Play:": Magda put into play without being played still has it
    assert_passed(replay(kb_conn, tmp_path, MAGDA_NOT_PLAYED % ("1.3", 1, 2), "1.3"))


def test_errata_magda_steal_on_leaving_is_set_up_by_her_play_ability(kb_conn, tmp_path):
    # 16.0 erratum: "If Magda the Rat leaves play, ..." belongs to her "Play:" ability: not played,
    # she leaves without a steal
    assert_passed(replay(kb_conn, tmp_path, MAGDA_NOT_PLAYED % ("16.0", 3, 0)))
    # played: she steals 2, and when she is destroyed on a later turn her opponent steals 2 back
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: magda-played
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, hand: [Magda the Rat]}
          player2: {amber: 4, hand: [Gateway to Dis]}
        actions:
          - play: Magda the Rat
          - end_turn: true
          - play: Gateway to Dis
        expect:
          "16.0": {Magda the Rat.zone: discard, player1.amber: 0, player2.amber: 4}
        """,
        )
    )


# ------------------------------------------------------------------ as if it were yours


def test_a_card_used_as_if_it_were_yours_is_friendly_to_you_only(kb_conn, tmp_path):
    # player1's own Shard and the used Shard count; player2's other Shard is an enemy Shard
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: shards
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, battleline: [Nexus], artifacts: [{card: Shard of Greed, id: mine, exhausted: true}]}
          player2: {amber: 0, artifacts: [{card: Shard of Greed, id: theirs},
                                          {card: Shard of Greed, id: other, exhausted: true}]}
        actions:
          - {reap: Nexus, choices: [theirs]}
        expect:
          "16.0": {player1.amber: 3, theirs.exhausted: true, theirs.controller: player2, player2.amber: 0}
        """,
        )
    )
    # an exhausted artifact cannot be used: only the reap's Æmber
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: shard-exhausted
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, battleline: [Nexus]}
          player2: {artifacts: [{card: Shard of Greed, exhausted: true}]}
        actions:
          - reap: Nexus
        expect:
          "16.0": {player1.amber: 1}
        """,
        )
    )


# ------------------------------------------------------------------ gained abilities


def test_an_ability_gained_during_a_timing_point_triggers_once_and_own_abilities_do_not_repeat(kb_conn, tmp_path):
    # Nexus's own "Reap:" resolves once, the gained "Reap: Draw a card" once (not again and again)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: gained-once
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, battleline: [Nexus], deck: [Urchin, Bad Penny, Mooncurser]}
          player2: {artifacts: [Spectral Tunneler], battleline: [Troll]}
        actions:
          - {reap: Nexus, choices: [Nexus]}
        expect:
          "16.0": {player1.hand: [Urchin], player1.amber: 1}
        """,
        )
    )
    # choosing the enemy Troll instead: Nexus gains nothing, nobody draws
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: gained-elsewhere
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, battleline: [Nexus], deck: [Urchin]}
          player2: {artifacts: [Spectral Tunneler], battleline: [Troll]}
        actions:
          - {reap: Nexus, choices: [Troll]}
        expect:
          "16.0": {player1.hand: [], player2.hand: []}
        """,
        )
    )


def test_garcias_blaster_on_another_creature_moves_to_a_garcia_and_steals(kb_conn, tmp_path):
    # on a Sensor Chief Garcia the attach option is not offered (not even to the other copy): the
    # only option, the damage, is taken without asking, so an answer naming the attach is refused
    # by the next decision (the creature to damage)
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: blaster-stays
        setup:
          turn: {active: player1, house: staralliance}
          player1: {amber: 0, battleline: [{card: Sensor Chief Garcia, id: g},
                                           {card: Sensor Chief Garcia, id: h, upgrades: ["Garcia’s Blaster"]}]}
          player2: {amber: 2, battleline: [Troll]}
        actions:
          - {reap: h, choices: ["yes", "attach Garcia’s Blaster to Sensor Chief Garcia"]}
        expect:
          "16.0": {h.upgrades: ["Garcia’s Blaster"]}
        """,
    )
    assert result.error and "choose any creature" in result.error and "is not an option" in result.error
    # on a creature that is not a Sensor Chief Garcia, "Sensor Chief Garcia" names any of them:
    # attaching is offered, and attaching steals 1
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: blaster-from-other
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, battleline: [{card: Urchin, upgrades: ["Garcia’s Blaster"]},
                                           {card: Sensor Chief Garcia, id: g}]}
          player2: {amber: 2}
        actions:
          - {reap: Urchin, choices: ["yes", "attach Garcia’s Blaster to Sensor Chief Garcia"]}
        expect:
          "16.0": {g.upgrades: ["Garcia’s Blaster"], Urchin.upgrades: [], player1.amber: 2, player2.amber: 1}
        """,
        )
    )


def test_playing_garcias_blaster_on_sensor_chief_garcia_steals(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: blaster-play
        setup:
          turn: {active: player1, house: staralliance}
          player1: {amber: 0, hand: ["Garcia’s Blaster"], battleline: [Sensor Chief Garcia, Troll]}
          player2: {amber: 2}
        actions:
          - {play: "Garcia’s Blaster", choices: [Sensor Chief Garcia]}
        expect:
          "16.0": {Sensor Chief Garcia.upgrades: ["Garcia’s Blaster"], player1.amber: 2, player2.amber: 1}
        """,
        )
    )
