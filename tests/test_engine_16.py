"""Engine mechanisms added for the 16.0 rulebook (issue 6): each general, each tested here on a
board of its own, apart from the bundled scenarios that replay the FAQ entries."""

from __future__ import annotations

from boards import assert_passed, replay


def test_simultaneous_reactions_are_ordered_by_the_active_player(kb_conn, tmp_path):
    body = """
        id: order
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, battleline: ["Urchin"]}
          player2: {battleline: [{card: Sir Marrows, id: a}, {card: Sir Marrows, id: b}]}
        actions:
          - {reap: Urchin, choices: %s}
        expect:
          "16.0": {a.amber: %d, b.amber: %d, player1.amber: 0}
        """
    assert_passed(replay(kb_conn, tmp_path, body % ("[a]", 1, 0)))
    assert_passed(replay(kb_conn, tmp_path, body % ("[b]", 0, 1)))
    # left unanswered, the order is an error listing the reactions, never a silent default
    result = replay(kb_conn, tmp_path, body % ("[]", 1, 0))
    assert result.error and "which reaction" in result.error and "a" in result.error


def test_healing_does_not_untag_a_creature_tagged_for_destruction(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: untag
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: ["Poison Wave"]}
          player2: {battleline: [{card: Duma the Martyr, damage: 1}, {card: Urchin, id: u}, {card: Troll, damage: 5}],
                    deck: ["Mooncurser", "Bad Penny"]}
        actions: [{play: Poison Wave}]
        expect:
          "16.0": {player2.battleline: ["Troll"], Troll.damage: 0, u.zone: discard, player2.hand_size: 2}
        """,
        )
    )


def test_damage_named_twice_in_one_ability_is_one_simultaneous_instance(kb_conn, tmp_path):
    # with a Tolas next to the first target, sequential damage would let Tolas see the first death
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: lance
        setup:
          turn: {active: player1, house: sanctum}
          player1: {amber: 0, hand: ["Mighty Lance"]}
          player2: {amber: 0, battleline: ["Tolas", "Urchin", "Faygin"]}
        actions:
          - play: Mighty Lance
            targets: [Urchin]
            choices: [Tolas]
        expect:
          "16.0": {player2.battleline: ["Faygin"], player1.amber: 0, player2.amber: 0}
        """,
        )
    )


def test_damage_for_each_is_assigned_point_by_point_and_dealt_at_once(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: foreach
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 1, hand: ["Sack of Coins"], battleline: ["Tolas"]}
          player2: {amber: 0, battleline: ["Urchin", "Mooncurser"]}
        actions:
          - play: Sack of Coins
            choices: [Urchin, Mooncurser]
        expect:
          "16.0": {player2.battleline: [], player1.amber: 4, player2.amber: 0}
        """,
        )
    )
    # 1 + the bonus 1 = 2 points; Tolas sees both enemy creatures destroyed: player1 gains 2 more


def test_each_time_a_creature_is_destroyed_its_opponent_gains(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: tolas
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, battleline: ["Urchin"]}
          player2: {amber: 0, battleline: ["Tolas", "Troll"]}
        actions: [{fight: {attacker: Urchin, target: Troll}}]
        expect:
          "16.0": {player1.amber: 0, player2.amber: 1, player1.battleline: []}
        """,
        )
    )


def test_after_an_enemy_creature_enters_play(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: pingle
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: ["Troll", "Bumpsy"]}
          player2: {battleline: ["Pingle Who Annoys"]}
        actions: [{play: Troll}, {play: Bumpsy, flank: left, choices: [Bumpsy]}]
        expect:
          "16.0": {Troll.damage: 1, Bumpsy.damage: 1, Pingle Who Annoys.damage: 0}
        """,
        )
    )


def test_after_a_neighbor_fights_does_not_need_the_neighbor_to_survive(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: niff
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, battleline: ["Little Niff", "Urchin", "Faygin"]}
          player2: {amber: 2, battleline: ["Troll"]}
        actions:
          - fight: {attacker: Faygin, target: Troll}
          - fight: {attacker: Urchin, target: Troll}
        expect:
          "16.0": {player1.amber: 1, player2.amber: 1, player1.battleline: ["Little Niff"]}
        """,
        )
    )


def test_reap_gain_replaced_by_steal_is_not_gained(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: door
        setup:
          turn: {active: player1, house: logos}
          player1: {amber: 0, hand: ["Dimension Door"], battleline: ["Replicator"]}
          player2: {amber: 0}
        actions: [{play: Dimension Door}, {reap: Replicator}]
        expect:
          "16.0": {player1.amber: 0, player2.amber: 0}
        """,
        )
    )


def test_extra_damage_joins_the_instance_and_ends_with_the_turn(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: extra
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: ["Lethal Distraction"], battleline: ["Urchin"]}
          player2: {battleline: [{card: Raiding Knight, id: k}, "Troll"]}
        actions:
          - play: Lethal Distraction
            choices: [Troll]
          - fight: {attacker: Urchin, target: k}
        expect:
          "16.0": {k.damage: 0, Troll.damage: 0}
        """,
        )
    )
    # armor prevents the whole hit on the Knight; and damage to Troll later carries the extra 2
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: extra2
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: ["Lethal Distraction"], battleline: ["Urchin"]}
          player2: {battleline: ["Troll"]}
        actions:
          - play: Lethal Distraction
            choices: [Troll]
          - fight: {attacker: Urchin, target: Troll}
        expect:
          "16.0": {Troll.damage: 3}
        """,
        )
    )


def test_use_a_creature_lets_the_player_choose_how(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: remiel
        setup:
          turn: {active: player1, house: sanctum}
          player1: {amber: 0, battleline: ["Commander Remiel", "Urchin"]}
          player2: {amber: 3, battleline: ["Troll"]}
        actions:
          - reap: Commander Remiel
            choices: [reap]
        expect:
          "16.0": {player1.amber: 2, player2.amber: 3, Urchin.exhausted: true}
        """,
        )
    )


def test_after_you_choose_a_house(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: jehu
        setup:
          turn: {active: player1, house: sanctum}
          player1: {amber: 0, battleline: ["Jehu the Bureaucrat"]}
          player2: {amber: 0, battleline: ["Jehu the Bureaucrat"], hand: ["Urchin", "Troll"]}
        actions:
          - end_turn: true
          - choose: [sanctum]
        expect:
          "16.0": {player2.amber: 2, player1.amber: 0, active_house: sanctum}
        """,
        )
    )


def test_capture_from_any_combination_does_as_much_as_it_can(kb_conn, tmp_path):
    body = """
        id: crasso
        setup:
          turn: {active: player1, house: saurian}
          player1: {amber: %d, hand: ["Crassosaurus"]}
          player2: {amber: %d}
        actions:
          - {play: Crassosaurus, choices: %s}
        expect:
          "16.0": %s
        """
    # 12 in the pools: the active player picks how much comes from the opponent (4 to 6 here)
    assert_passed(
        replay(kb_conn, tmp_path, body % (6, 6, "[5]", "{Crassosaurus.amber: 10, player1.amber: 1, player2.amber: 1}"))
    )
    # fewer than 10 in all: all of it is captured, then Crassosaurus is purged with it
    assert_passed(
        replay(
            kb_conn, tmp_path, body % (3, 4, "[]", "{Crassosaurus.zone: purged, player1.amber: 0, player2.amber: 7}")
        )
    )


def test_also_dealt_damage_is_for_fights_only(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: drecker
        setup:
          turn: {active: player1, house: sanctum}
          player1: {hand: ["Mighty Lance"]}
          player2: {battleline: ["Drecker", "Troll"]}
        actions:
          - play: Mighty Lance
            targets: [Troll]
        expect:
          "16.0": {Troll.damage: 3, Drecker.damage: 3}
        """,
        )
    )


def test_cannot_fight_is_refused_and_damage_replacement(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: shoulder
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, battleline: ["Shoulder Id"]}
          player2: {amber: 2, battleline: ["Troll"]}
        actions:
          - fight: {attacker: Shoulder Id, target: Troll}
          - reap: Shoulder Id
        expect:
          "16.0": {illegal: 0, refusal_contains: "cannot fight", player1.amber: 1, player2.amber: 2}
        """,
        )
    )


def test_most_powerful_enemy_creature_looks_at_one_side(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: soulkeeper
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: ["Poison Wave"], battleline: [{card: Urchin, upgrades: ["Soulkeeper"]}, "Kelifi Dragon"]}
          player2: {battleline: ["Troll", "Bumpsy"]}
        actions: [{play: Poison Wave}]
        expect:
          "16.0": {player2.battleline: ["Bumpsy"], player1.battleline: ["Kelifi Dragon"]}
        """,
        )
    )


def test_look_at_top_cards_and_discard_one(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: survey
        setup:
          turn: {active: player1, house: staralliance}
          player1: {hand: ["Survey"], deck: ["Urchin"]}
        actions: [{play: Survey}]
        expect:
          "16.0": {player1.deck: [], player1.discard: ["Survey", "Urchin"]}
        """,
        )
    )


def test_key_cost_for_the_opponents_next_turn_only(kb_conn, tmp_path):
    body = """
        id: nightmare
        setup:
          turn: {active: player1, house: dis}
          player1: {amber: 7, hand: ["Waking Nightmare"], battleline: ["Tolas"], deck: %s}
          player2: {amber: %d, houses: [brobnar, shadows, logos], deck: %s}
        actions:
          - play: Waking Nightmare
          - {end_turn: true, choices: [brobnar]}
          - end_turn: true
            to_step: 2
        expect:
          "16.0": {player2.keys: %d, player1.keys: 1}
        """
    deck = '["Urchin", "Urchin", "Urchin", "Urchin", "Urchin", "Urchin", "Urchin", "Urchin"]'
    # 1 Dis creature: player2's keys cost 7 on their next turn; player1's later turn costs 6 again
    assert_passed(replay(kb_conn, tmp_path, body % (deck, 7, deck, 1)))
    assert_passed(replay(kb_conn, tmp_path, body % (deck, 6, deck, 0)))


def test_ready_step_replaced(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: chosen
        setup:
          turn: {active: player1, house: shadows}
          player1: {battleline: [{card: Urchin, exhausted: true}, "Faygin"]}
          player2: {battleline: ["The Chosen One"]}
        actions:
          - end_turn: true
            to_step: 1
        expect:
          "16.0": {The Chosen One.damage: 1, Urchin.exhausted: true}
        """,
        )
    )


def test_purging_from_the_opponents_archives_is_random_not_chosen(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: knowdrone
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: ["Yzphyz Knowdrone"]}
          player2: {archives: ["Urchin", "Troll"]}
        actions:
          - {play: Yzphyz Knowdrone, choices: ["yes"]}
        expect:
          "16.0": {player1.archives: []}
        """,
    )
    assert_passed(result)  # no answer names the purged card: the identities are never offered
    assert any("at random" in line for line in result.trace)
    assert sum(line.endswith("is put into player2's purged") for line in result.trace) == 1


def test_an_effect_triggers_again_only_while_its_card_is_in_play(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: shark
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: ["Neutron Shark"], battleline: ["Urchin"], deck: ["Troll", "Bumpsy", "Faygin"]}
          player2: {battleline: ["Faygin", "Bumpsy"]}
        actions:
          - {play: Neutron Shark, flank: right, choices: [Faygin, Urchin]}
        expect:
          "16.0": {player2.battleline: [], player1.battleline: [], player1.deck: ["Faygin"]}
        """,
        )
    )


def test_armor_prevention_is_an_event_and_protection_comes_first(kb_conn, tmp_path):
    body = """
        id: maruck
        setup:
          turn: {active: player1, house: sanctum}
          player1: {artifacts: ["Hallowed Shield"], battleline: ["Maruck the Marked"]}
          player2: {amber: 3, battleline: ["Yxilo Bolter"]}
        actions: %s
        expect:
          "16.0": %s
        """
    # unprotected: the armor prevents 1 of Yxilo Bolter's 3 and Maruck captures 1 for it
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            body
            % (
                "[{fight: {attacker: Maruck the Marked, target: Yxilo Bolter}}]",
                "{Maruck the Marked.amber: 1, Maruck the Marked.damage: 2, player2.amber: 2}",
            ),
        )
    )
    # protected on the enemy's side: the enemy creature takes nothing from the fight
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            body
            % (
                "[{action: Hallowed Shield, choices: [Yxilo Bolter]}, "
                "{fight: {attacker: Maruck the Marked, target: Yxilo Bolter}}]",
                "{Yxilo Bolter.damage: 0, Maruck the Marked.amber: 1}",
            ),
        )
    )


def test_after_a_creature_is_played_on_a_flank(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: flanks
        setup:
          turn: {active: player2, house: brobnar}
          player1: {battleline: ["Sinestra", "Dexus"]}
          player2: {amber: 3, hand: ["Troll", "Bumpsy"], battleline: ["Valdr"]}
        actions:
          - {play: Troll, flank: left}
          - {play: Bumpsy, flank: right, choices: [Dexus]}
        expect:
          "16.0": {player2.amber: 1, player2.battleline: ["Troll", "Valdr", "Bumpsy"]}
        """,
        )
    )


def test_card_beneath_is_archived_when_destroyed_on_the_other_turn(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: jargogle
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: ["Poison Wave"]}
          player2: {battleline: [{card: Jargogle, beneath: ["Urchin"]}]}
        actions: [{play: Poison Wave}]
        expect:
          "16.0": {player2.archives: ["Urchin"], Jargogle.zone: discard, player2.battleline: []}
        """,
        )
    )
