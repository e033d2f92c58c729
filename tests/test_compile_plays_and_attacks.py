"""Constant abilities that allow or forbid plays and attacks, read from the text (engine.rules.hooks):
"if a player has more creatures in play than their opponent, they cannot play creatures", "you may
play upgrades as if they belonged to the active house", "enemy creatures cannot be used to fight
friendly creatures unless the friendly creature has taunt"."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_a_player_with_more_creatures_cannot_play_creatures(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Quixxle Stone")
    # Quixxle Stone: either player. Player 1 has 2 creatures to 1: Krump cannot be played; once
    # player 2 has 2 too, Krump can
    board = """
        id: quixxle-{n}
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{hand: [Krump], battleline: [Troll, "Bumpsy"], artifacts: ["Quixxle Stone"]}}
          player2: {{battleline: [{enemies}]}}
        actions:
          - play: Krump
            flank: right
        expect:
          "16.0": {expect}
        """
    assert_passed(
        replay(kb_conn, tmp_path, board.format(n=1, enemies="Troll", expect="{illegal: 0, Krump.zone: hand}"))
    )
    two = board.format(n=2, enemies='Troll, "Dust Pixie"', expect="{Krump.zone: battleline}")
    assert_passed(replay(kb_conn, tmp_path, two))


def test_upgrades_are_played_as_if_of_the_active_house(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Matter Maker")
    # Matter Maker: "You may play upgrades as if they belonged to the active house." With Brobnar
    # active, player 1 plays Flame-Wreathed (Dis) on Troll; a Dis creature stays unplayable
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: matter-maker
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: ["Flame-Wreathed", "Pit Demon"], battleline: [Troll], artifacts: ["Matter Maker"]}
        actions:
          - play: Flame-Wreathed
          - play: Pit Demon
        expect:
          "16.0": {illegal: 1, Troll.upgrades: ["Flame-Wreathed"], Pit Demon.zone: hand}
        """,
        )
    )


def test_only_a_friendly_creature_with_taunt_may_be_attacked(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Loyal Packmate")
    # Loyal Packmate: "Taunt. Enemy creatures cannot be used to fight friendly creatures unless the
    # friendly creature has taunt." Its enemy's Troll cannot attack Dust Pixie (on the far side,
    # not its neighbor) but attacks the Packmate
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: loyal-packmate
        setup:
          turn: {active: player2, house: brobnar}
          player1: {battleline: ["Loyal Packmate", Krump, "Dust Pixie"]}
          player2: {battleline: [Troll]}
        actions:
          - fight: {attacker: Troll, target: Dust Pixie}
          - fight: {attacker: Troll, target: Loyal Packmate}
        expect:
          "16.0": {illegal: 0, Dust Pixie.zone: battleline, Loyal Packmate.zone: discard}
        """,
        )
    )


def test_neighbors_may_be_used_as_if_of_a_house(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Staff Sergeant Rhea")
    # Staff Sergeant Rhea: "Staff Sergeant Rhea's neighbors may be used as if they belonged to house
    # Star Alliance." With Star Alliance active, Troll (its neighbor) reaps; Krump (not) cannot
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: rhea-neighbors
        setup:
          turn: {active: player1, house: staralliance}
          player1: {amber: 0, battleline: [Troll, "Staff Sergeant Rhea", "Dust Pixie", Krump]}
        actions:
          - reap: Troll
          - reap: Krump
        expect:
          "16.0": {illegal: 1, player1.amber: 1, Krump.exhausted: false}
        """,
        )
    )


def test_a_damaged_creature_deals_no_damage_to_eldritch_synan(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Eldritch Synan")
    # Eldritch Synan: "Eldritch Synan cannot be dealt damage by damaged creatures." A damaged Troll
    # attacks it: it is dealt no damage
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: eldritch-synan
        setup:
          turn: {active: player2, house: brobnar}
          player1: {battleline: ["Eldritch Synan"]}
          player2: {battleline: [{card: Troll, damage: 1}, Krump]}
        actions:
          - fight: {attacker: Troll, target: Eldritch Synan}
        expect:
          "16.0": {Eldritch Synan.damage: 0}
        """,
        )
    )


def test_a_creature_used_as_if_of_a_neighbors_house(kb_conn, tmp_path):
    assert_compiled(kb_conn, "T3R-35A")
    # T3R-35A: "T3R-35A may be used as if it belonged to either of its neighbor's houses." Next to
    # Troll, with Brobnar active, it reaps; on its own it could not
    board = """
        id: t3r-35a-{n}
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{amber: 0, battleline: [{line}]}}
        actions:
          - reap: T3R-35A
        expect:
          "16.0": {expect}
        """
    beside = board.format(n=1, line='Troll, "T3R-35A"', expect="{player1.amber: 1}")
    assert_passed(replay(kb_conn, tmp_path, beside))
    alone = board.format(n=2, line='"T3R-35A"', expect="{illegal: 0, player1.amber: 0}")
    assert_passed(replay(kb_conn, tmp_path, alone))


def test_no_player_chooses_the_house_of_their_previous_turn_again(kb_conn, tmp_path):
    assert_compiled(kb_conn, "The Ulfberht Device")
    # The Ulfberht Device: "Each player cannot choose the same active house they chose on their
    # previous turn." Player 2 chooses Dis on turn 2; on turn 4 Dis is refused and Logos is taken
    deck = "[Krump, Krump, Krump, Krump, Krump, Krump, Krump, Krump, Krump, Krump, Krump, Krump]"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: ulfberht
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{houses: [staralliance, brobnar, logos], artifacts: ["The Ulfberht Device"], deck: {deck}}}
          player2: {{houses: [dis, logos, brobnar], deck: {deck}}}
        actions:
          - end_turn: true
            choices: [dis]
          - end_turn: true
            choices: [brobnar]
          - {{end_turn: true, to_step: 2}}
          - choose_house: dis
          - choose_house: logos
        expect:
          "16.0": {{illegal: 3, active: player2, active_house: logos}}
        """,
        )
    )


def test_each_artifacts_text_box_is_blank_while_blossom_drake_is_in_play(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Blossom Drake")
    # Proclamation 346E: "While your opponent does not control creatures from 3 different houses,
    # their keys cost +2." Player 2 has one house's creatures: their keys cost 8; with Blossom Drake
    # ("Each artifact's text box is considered blank (except for traits).") in play, 6
    board = """
        id: blossom-drake-{n}
        setup:
          turn: {{active: player1, house: untamed}}
          player1: {{artifacts: ["Proclamation 346E"], battleline: [{drake}]}}
          player2: {{battleline: [Troll]}}
        actions: []
        expect:
          "16.0": {{player2.key_cost: {cost}}}
        """
    assert_passed(replay(kb_conn, tmp_path, board.format(n=1, drake='"Blossom Drake"', cost=6)))
    assert_passed(replay(kb_conn, tmp_path, board.format(n=2, drake="", cost=8)))
