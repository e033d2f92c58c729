"""Where upgrades may go and where damage goes: an upgrade's "Attach only to <a creature>"
(engine.rules.play.PlayRules.hosts), damage divided among a creature's neighbors (Friendship:
engine.rules.damage_receivers); and a house given "until <this card> leaves play" (Immortal Greking)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_attach_only_to_a_friendly_legendary_keyraken(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Primordial")
    # "Attach only to a friendly Legendary Keyraken. It gains, "After Reap: Draw 2 cards."": Troll is
    # no host, so Primordial goes on the Keyraken without a question; reaping with it draws 2
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: primordial-host
        setup:
          turn: {active: player1, house: keyraken}
          player1: {amber: 0, hand: ["Primordial (MG24 254)"], battleline: [{card: Troll, house: keyraken}, "Legendary Keyraken (MG24 244)"],
                    deck: [Urchin, Urchin, Urchin]}
        actions:
          - play: Primordial
          - reap: Legendary Keyraken
        expect:
          "16.0": {Legendary Keyraken.upgrades: [Primordial], Troll.upgrades: [], player1.hand_size: 2, player1.amber: 1}
        """,
        )
    )


def test_attach_only_to_a_friendly_creature_refuses_an_enemy_one(kb_conn, tmp_path):
    # the only Legendary Keyraken is the opponent's: Primordial cannot attach, so it cannot be played
    # (rule "Upgrades": "If an upgrade cannot attach to a card in play, the upgrade cannot enter play")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: primordial-no-host
        setup:
          turn: {active: player1, house: keyraken}
          player1: {hand: ["Primordial (MG24 254)"], battleline: [{card: Troll, house: keyraken}]}
          player2: {battleline: ["Legendary Keyraken (MG24 244)"]}
        actions:
          - play: Primordial
        expect:
          "16.0": {illegal: 0, Primordial.zone: hand, Legendary Keyraken.upgrades: []}
        """,
        )
    )


def test_damage_divided_as_evenly_as_possible(kb_conn, tmp_path):
    # Friendship: "... that damage is divided among its neighbors as evenly as possible instead":
    # Punch's 3 damage to Krump is 1 and 1, and the 1 left over goes to the neighbor the active
    # player chooses (Pit Demon)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: friendship-odd
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: [Punch]}
          player2: {battleline: [Bumpsy, {card: Krump, upgrades: ["Friendship (WoE 179)"]}, Pit Demon]}
        actions:
          - play: Punch
            choices: [Krump, Pit Demon]
        expect:
          "16.0": {Krump.damage: 0, Bumpsy.damage: 1, Pit Demon.damage: 2}
        """,
        )
    )


def test_house_given_until_greking_leaves_play(kb_conn, tmp_path):
    # Immortal Greking: "Until Immortal Greking leaves play, that creature belongs to Immortal
    # Greking's house.": Troll, taken, is Geistoid; on player 2's turn Punch (3) and Krump's fight
    # (6) destroy Greking (power 7), and Troll, still player 1's, is Brobnar again
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: greking-house-ends
        setup:
          turn: {active: player1, house: geistoid}
          player1: {hand: ["Immortal Greking (GR R05)"], deck: [Urchin, Urchin, Urchin, Urchin, Urchin, Urchin]}
          player2: {hand: [Punch], battleline: [Troll, Krump], deck: [Urchin, Urchin, Urchin, Urchin, Urchin, Urchin]}
        actions:
          - play: Immortal Greking
            choices: [Troll, right]
          - end_turn: true
            choices: [brobnar]
          - play: Punch
            choices: [Immortal Greking]
          - fight: {attacker: Krump, target: Immortal Greking}
        expect:
          "16.0": {Immortal Greking.zone: discard, Troll.controller: player1, Troll.house: brobnar}
        """,
        )
    )
