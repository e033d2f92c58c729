"""Fights, damage, destruction and leaving play, replayed as small scenarios against the real KB:
taunt, elusive, assault, hazardous, skirmish, poison, armor per turn, simultaneous destruction with
"Destroyed:" abilities, captured Æmber and upgrades leaving play, use permissions, and the cards
written for the combat FAQ entries (Drummernaut, Sanctum Guardian, Spectral Tunneler)."""

from __future__ import annotations

import textwrap

from engine.replay.scenario_file import load_scenario
from engine.replay.scenario import run


def replay(kb_conn, tmp_path, body: str, version: str = "1.3"):
    path = tmp_path / "s.yaml"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return run(kb_conn, load_scenario(path), version)


def assert_passes(result) -> None:
    bad = [(c.path, c.expected, c.actual) for c in result.checks if not c.ok]
    assert result.passed, (result.error, bad, result.trace)


# ----------------------------------------------------------------------------- taunt


def test_taunt_protects_its_neighbors_but_not_itself(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: taunt
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [{card: Troll, id: T1}, {card: Troll, id: T2}]}
          player2: {battleline: [Bumpsy, Champion Anaphiel, Looter Goblin]}
        actions:
          - fight: {attacker: T1, target: Bumpsy}
          - fight: {attacker: T2, target: Champion Anaphiel}
        expect:
          "1.3": {illegal: 0, refusal_contains: "taunt", Bumpsy.damage: 0, T1.exhausted: false,
                  Champion Anaphiel.zone: discard, T2.damage: 6, T2.exhausted: true}
        """,
    )
    assert_passes(result)


# ----------------------------------------------------------------------------- elusive


def test_elusive_stops_only_the_first_attack_of_the_turn(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: elusive
        setup:
          turn: {active: player1, house: untamed}
          player1: {battleline: [{card: Dust Pixie, id: P1}, {card: Dust Pixie, id: P2}]}
          player2: {battleline: [Looter Goblin]}
        actions:
          - fight: {attacker: P1, target: Looter Goblin}
          - fight: {attacker: P2, target: Looter Goblin}
        expect:
          "1.3": {P1.damage: 0, P1.zone: battleline, Looter Goblin.damage: 1, P2.zone: discard}
        """,
    )
    assert_passes(result)
    assert any("is elusive" in line for line in result.trace)


def test_elusive_does_not_stop_assault_damage(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: elusive-assault
        setup:
          turn: {active: player1, house: untamed}
          player1: {battleline: [Ancient Bear]}
          player2: {battleline: [Looter Goblin]}
        actions:
          - fight: {attacker: Ancient Bear, target: Looter Goblin}
        expect:
          "1.3": {Looter Goblin.zone: discard, Ancient Bear.damage: 0}
        """,
    )
    assert_passes(result)


# ----------------------------------------------------------------------------- assault, hazardous, skirmish


def test_assault_that_destroys_the_defender_ends_the_fight(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: assault
        setup:
          turn: {active: player1, house: untamed}
          player1: {battleline: [Ancient Bear]}
          player2: {battleline: [Dust Pixie]}
        actions:
          - fight: {attacker: Ancient Bear, target: Dust Pixie}
        expect:
          "1.3": {Dust Pixie.zone: discard, Ancient Bear.damage: 0, Ancient Bear.exhausted: true}
        """,
    )
    assert_passes(result)


def test_hazardous_that_destroys_the_attacker_ends_the_fight(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: hazardous
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Looter Goblin, Troll]}
          player2: {battleline: [Briar Grubbling]}
        actions:
          - fight: {attacker: Looter Goblin, target: Briar Grubbling}
          - fight: {attacker: Troll, target: Briar Grubbling}
        expect:
          "1.3": {Looter Goblin.zone: discard, Troll.damage: 7, Briar Grubbling.zone: discard}
        """,
    )
    # hazardous 5 destroys the Goblin before the fight, so its power is never dealt; the Troll
    # survives 5 + 2 damage and destroys the Grubbling
    assert_passes(result)
    assert not any(line.startswith("Looter Goblin deals") for line in result.trace)


# ----------------------------------------------------------------------------- poison


def test_poison_destroys_whatever_its_power_damages_and_skirmish_takes_none(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: poison
        setup:
          turn: {active: player1, house: shadows}
          player1: {battleline: [Macis Asp]}
          player2: {battleline: [Troll]}
        actions:
          - fight: {attacker: Macis Asp, target: Troll}
        expect:
          "1.3": {Troll.zone: discard, Macis Asp.damage: 0}
        """,
    )
    assert_passes(result)


def test_poison_fully_prevented_by_armor_does_nothing(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: poison-armor
        setup:
          turn: {active: player1, house: shadows}
          player1: {battleline: [Mooncurser]}
          player2: {amber: 2, battleline: [Raiding Knight]}
        actions:
          - fight: {attacker: Mooncurser, target: Raiding Knight}
        expect:
          "1.3": {Raiding Knight.zone: battleline, Raiding Knight.damage: 0, Mooncurser.damage: 0,
                  player1.amber: 1, player2.amber: 1}
        """,
    )
    assert_passes(result)


def test_poison_destroys_the_creature_redirected_damage_reaches(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: poison-shadow-self
        setup:
          turn: {active: player1, house: shadows}
          player1: {battleline: [Macis Asp]}
          player2: {battleline: [Shadow Self, Raiding Knight]}
        actions:
          - fight: {attacker: Macis Asp, target: Raiding Knight}
        expect:
          "1.3": {Shadow Self.zone: discard, Raiding Knight.zone: battleline, Raiding Knight.damage: 0}
        """,
    )
    assert_passes(result)


# ----------------------------------------------------------------------------- armor


def test_armor_prevents_its_value_once_per_turn_and_renews(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: armor
        setup:
          turn: {active: player1, house: brobnar}
          player1:
            battleline: [{card: Looter Goblin, id: G1}, {card: Looter Goblin, id: G2}, {card: Looter Goblin, id: G3}]
          player2: {battleline: [Raiding Knight]}
        actions:
          - fight: {attacker: G1, target: Raiding Knight}
          - fight: {attacker: G2, target: Raiding Knight}
          - end_turn: true
          - end_turn: true
          - fight: {attacker: G3, target: Raiding Knight}
        expect:
          "1.3": {Raiding Knight.damage: 2, G3.zone: discard}
        """,
    )
    assert_passes(result)
    assert sum("armor prevents 2 damage" in line for line in result.trace) == 2


# ----------------------------------------------------------------------------- destruction


def test_simultaneous_destroyed_abilities_resolve_once_each_in_the_chosen_order(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: destroyed-order
        setup:
          turn: {active: player1, house: shadows}
          player1: {battleline: [{card: Bad Penny, power_counters: 1}]}
          player2: {amber: 0, battleline: [Dust Imp]}
        actions:
          - fight: {attacker: Bad Penny, target: Dust Imp}
          - choose: [Dust Imp]
        expect:
          "1.3": {player2.amber: 2, player2.discard: [Dust Imp], player1.hand: [Bad Penny]}
        """,
    )
    assert_passes(result)
    assert sum('Dust Imp\'s "Destroyed:"' in line for line in result.trace) == 1


def test_captured_amber_goes_to_the_opponent_when_the_creature_leaves_play(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: captured
        setup:
          turn: {active: player1, house: brobnar}
          player1: {amber: 1, battleline: [Troll]}
          player2: {amber: 0, battleline: [{card: Raiding Knight, amber: 2}]}
        actions:
          - fight: {attacker: Troll, target: Raiding Knight}
        expect:
          "1.3": {player1.amber: 3, player2.amber: 0, Raiding Knight.zone: discard, Raiding Knight.amber: 0}
        """,
    )
    assert_passes(result)


def test_upgrades_go_to_their_owners_discard_when_the_creature_leaves_play(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: upgrade-owner
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Troll]}
          player2: {battleline: [{card: Bumpsy, upgrades: [{card: Biomatrix Backup, owner: player1}]}]}
        actions:
          - fight: {attacker: Troll, target: Bumpsy}
        expect:
          "1.3": {player2.archives: [Bumpsy], player1.discard: [Biomatrix Backup], player2.discard: []}
        """,
    )
    assert_passes(result)


def test_stealer_of_souls_purges_what_it_destroys_when_it_survives(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: stealer
        setup:
          turn: {active: player1, house: dis}
          player1: {battleline: [Stealer of Souls]}
          player2: {battleline: [Bumpsy]}
        actions:
          - fight: {attacker: Stealer of Souls, target: Bumpsy}
        expect:
          "1.3": {player2.purged: [Bumpsy], player2.discard: [], player1.amber: 1, Stealer of Souls.damage: 5}
        """,
    )
    assert_passes(result)


def test_looter_goblin_counts_enemy_creatures_not_artifacts(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: looter
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Looter Goblin, Troll]}
          player2: {battleline: [Bumpsy]}
        actions:
          - reap: Looter Goblin
          - fight: {attacker: Troll, target: Bumpsy}
        expect:
          "1.3": {player1.amber: 2, Bumpsy.zone: discard}
        """,
    )
    assert_passes(result)


# ----------------------------------------------------------------------------- permissions


def test_combat_pheromones_covers_two_other_mars_cards_only(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: pheromones
        setup:
          turn: {active: player1, house: brobnar}
          player1: {artifacts: [Combat Pheromones], battleline: [John Smyth, Mindwarper, Yxilo Bolter]}
        actions:
          - omni: Combat Pheromones
          - reap: Mindwarper
          - reap: John Smyth
            targets: [Mindwarper]
          - reap: Yxilo Bolter
          - reap: Mindwarper
        expect:
          "1.3": {illegal: 3, refusal_contains: "not of the active house", player1.amber: 3,
                  Yxilo Bolter.exhausted: false}
        """,
    )
    assert_passes(result)


# ----------------------------------------------------------------------------- cards

DRUMMERNAUT = """
    id: drummernaut
    setup:
      turn: {active: player1, house: brobnar}
      player1: {hand: [Drummernaut], battleline: [Looter Goblin, {card: Valdr, owner: player2}]}
    actions:
      - play: Drummernaut
        flank: right
    expect:
      "1.1": {player2.hand: [Valdr], player1.hand: [], player1.battleline: [Looter Goblin, Drummernaut]}
    """


def test_drummernaut_returns_another_friendly_giant_to_its_owners_hand(kb_conn, tmp_path):
    # Looter Goblin is no Giant and Drummernaut cannot pick itself: Valdr is the only option (no
    # question), and it goes to its owner's hand. The 1.3 erratum's text is the card data's text.
    for version in ("1.1", "1.3"):
        assert_passes(replay(kb_conn, tmp_path, DRUMMERNAUT, version))


def test_drummernaut_reap_asks_which_giant(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: drummernaut-reap
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Drummernaut, Troll, Bumpsy]}
        actions:
          - reap: Drummernaut
            targets: [Bumpsy]
        expect:
          "1.3": {player1.hand: [Bumpsy], player1.battleline: [Drummernaut, Troll], player1.amber: 1}
        """,
    )
    assert_passes(result)


def test_sanctum_guardian_swaps_within_its_own_battleline(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: guardian
        setup:
          turn: {active: player1, house: sanctum}
          player1: {battleline: [Sanctum Guardian, Raiding Knight, Champion Anaphiel]}
        actions:
          - reap: Sanctum Guardian
            targets: [Champion Anaphiel]
        expect:
          "1.3": {player1.battleline: [Champion Anaphiel, Raiding Knight, Sanctum Guardian]}
        """,
    )
    assert_passes(result)


def test_spectral_tunneler_gives_reap_draw_for_the_turn(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: tunneler
        setup:
          turn: {active: player1, house: logos}
          player1:
            artifacts: [Spectral Tunneler]
            battleline: [Replicator, {card: Troll, house: logos}]
            deck: [Bumpsy]
        actions:
          - action: Spectral Tunneler
            targets: [Troll]
          - reap: Troll
        expect:
          "1.3": {player1.hand: [Bumpsy], player1.amber: 1}
        """,
    )
    assert_passes(result)
