"""Entering play, putting into play and control (engine/compile/templates/abilities_entering.toml,
clauses_control.toml, and the hand definitions of the one-card shapes of that family)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_the_first_creature_you_play_each_turn_enters_play_ready_only_for_you(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Titanarpon")
    # "The first creature you play each turn enters play ready.": player 2, whose turn it is, plays
    # Troll, their first creature of the turn; Titanarpon is player 1's, so Troll enters exhausted
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: titanarpon-opponent
        setup:
          turn: {active: player2, house: brobnar}
          player1: {battleline: [Titanarpon]}
          player2: {hand: [Troll, Krump]}
        actions:
          - play: Troll
          - play: Krump
            flank: right
        expect:
          "16.0": {Troll.exhausted: true, Krump.exhausted: true}
        """,
        )
    )
    # on player 1's turn, the first creature they play enters ready, the second exhausted
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: titanarpon-own
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Titanarpon], hand: [Troll, Krump]}
        actions:
          - play: Krump
            flank: left
          - play: Troll
            flank: left
        expect:
          "16.0": {Krump.exhausted: false, Troll.exhausted: true}
        """,
        )
    )


def test_each_player_takes_control_of_each_creature_and_artifact_they_own(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Magistrate Crispus")
    # "At the end of your turn, each player takes control of each creature and artifact they own.":
    # player 1 gets back Krump and Gauntlet of Command from player 2, player 2 gets back Troll; the
    # cards each controls and owns stay put
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: crispus-both-ways
        setup:
          turn: {active: player1, house: saurian}
          player1: {houses: [saurian, brobnar, dis], battleline: [Magistrate Crispus, {card: Troll, owner: player2}], deck: [Krump, Krump, Krump, Krump, Krump, Krump, Krump, Krump]}
          player2: {houses: [brobnar, dis, shadows], battleline: [Urchin, {card: Krump, owner: player1}], artifacts: [{card: Gauntlet of Command, owner: player1}], deck: [Pit Demon, Pit Demon, Pit Demon, Pit Demon, Pit Demon, Pit Demon, Pit Demon, Pit Demon]}
        actions:
          - end_turn: true
            choices: [right, right, brobnar]
        expect:
          "16.0": {Troll.controller: player2, Krump.controller: player1, Gauntlet of Command.controller: player1, Urchin.controller: player2, player1.battleline: [Magistrate Crispus, Krump], player2.battleline: [Urchin, Troll]}
        """,
        )
    )


def test_a_creature_played_by_an_effect_enters_play_stunned(kb_conn, tmp_path):
    # Imperial Road (hand-defined): "Omni: Play a Saurian creature. That creature enters play
    # stunned.": on a Brobnar turn, Cornicen Octavia (Saurian) is played from hand, stunned; Troll,
    # not Saurian, stays in hand
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: imperial-road
        setup:
          turn: {active: player1, house: brobnar}
          player1: {artifacts: [Imperial Road], hand: [Troll, Cornicen Octavia], battleline: [Krump]}
        actions:
          - omni: Imperial Road
            choices: [right]
        expect:
          "16.0": {Cornicen Octavia.stunned: true, Cornicen Octavia.exhausted: true, Krump.stunned: false, player1.hand: [Troll], player1.battleline: [Krump, Cornicen Octavia], Imperial Road.exhausted: true}
        """,
        )
    )


def test_the_player_with_the_fewest_creatures_takes_control_at_the_start_of_each_turn(kb_conn, tmp_path):
    assert_compiled(kb_conn, "The Promised Blade")
    # "At the start of each player's turn, the player with the fewest creatures in play takes control
    # of SELF.": at the start of player 2's turn, player 2 (1 creature against 2) takes it
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: promised-blade-fewest
        setup:
          turn: {active: player1, house: sanctum}
          player1: {houses: [sanctum, brobnar, dis], artifacts: [The Promised Blade], battleline: [Troll, Krump], deck: [Krump, Krump, Krump, Krump, Krump, Krump, Krump, Krump]}
          player2: {houses: [brobnar, dis, shadows], battleline: [Urchin], deck: [Pit Demon, Pit Demon, Pit Demon, Pit Demon, Pit Demon, Pit Demon, Pit Demon, Pit Demon]}
        actions:
          - end_turn: true
            choices: [brobnar]
        expect:
          "16.0": {The Promised Blade.controller: player2, player2.artifacts: [The Promised Blade], player1.artifacts: []}
        """,
        )
    )
    # as many creatures each: no player has the fewest, the Blade stays where it is
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: promised-blade-tie
        setup:
          turn: {active: player1, house: sanctum}
          player1: {houses: [sanctum, brobnar, dis], artifacts: [The Promised Blade], battleline: [Troll], deck: [Krump, Krump, Krump, Krump, Krump, Krump, Krump, Krump]}
          player2: {houses: [brobnar, dis, shadows], battleline: [Urchin], deck: [Pit Demon, Pit Demon, Pit Demon, Pit Demon, Pit Demon, Pit Demon, Pit Demon, Pit Demon]}
        actions:
          - end_turn: true
            choices: [brobnar]
        expect:
          "16.0": {The Promised Blade.controller: player1, player1.artifacts: [The Promised Blade]}
        """,
        )
    )


def test_swap_control_of_this_creature_and_the_creature_it_fights(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Shĭzyokŭ Swopper")
    # "After Fight: Swap control of this creature and the creature it fights. (Both creatures must
    # survive the fight.)": Swopper (1 power, 5 armor) fights Bumpsy; both survive and swap sides,
    # each taking the other's place (16.0 glossary "Swap Control")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: swopper-swaps
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {battleline: [Troll, Shĭzyokŭ Swopper]}
          player2: {battleline: [Urchin, Bumpsy]}
        actions:
          - fight: {attacker: Shĭzyokŭ Swopper, target: Bumpsy}
        expect:
          "16.0": {Shĭzyokŭ Swopper.controller: player2, Bumpsy.controller: player1, player1.battleline: [Troll, Bumpsy], player2.battleline: [Urchin, Shĭzyokŭ Swopper], Bumpsy.damage: 1}
        """,
        )
    )
    # the creature it fights is destroyed: nothing is swapped
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: swopper-defender-destroyed
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {battleline: [Troll, Shĭzyokŭ Swopper]}
          player2: {battleline: [Dust Pixie, Bumpsy]}
        actions:
          - fight: {attacker: Shĭzyokŭ Swopper, target: Dust Pixie}
        expect:
          "16.0": {Shĭzyokŭ Swopper.controller: player1, Dust Pixie.zone: discard, player1.battleline: [Troll, Shĭzyokŭ Swopper], player2.battleline: [Bumpsy]}
        """,
        )
    )


def test_rearrange_other_friendly_creatures_while_in_the_center(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Aero O’Fore")
    # "While Aero O'Fore is in the center of your battleline, it gains, "After Reap: You may
    # rearrange other friendly creatures in your battleline. Each friendly flank creature captures
    # 2."": Aero keeps the center; Troll goes to the left flank, Krump takes the right; both capture 2
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: aero-center
        setup:
          turn: {active: player1, house: skyborn}
          player1: {amber: 0, battleline: [Krump, Aero O’Fore, Troll]}
          player2: {amber: 5}
        actions:
          - reap: Aero O’Fore
            choices: ["yes", Troll]
        expect:
          "16.0": {player1.battleline: [Troll, Aero O’Fore, Krump], Troll.amber: 2, Krump.amber: 2, Aero O’Fore.amber: 0, player2.amber: 1, player1.amber: 1}
        """,
        )
    )
    # not in the center: it has no such ability
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: aero-flank
        setup:
          turn: {active: player1, house: skyborn}
          player1: {amber: 0, battleline: [Aero O’Fore, Krump, Troll]}
          player2: {amber: 5}
        actions:
          - reap: Aero O’Fore
        expect:
          "16.0": {player1.battleline: [Aero O’Fore, Krump, Troll], Troll.amber: 0, Aero O’Fore.amber: 0, player2.amber: 5, player1.amber: 1}
        """,
        )
    )


def test_cannot_be_attacked_only_while_its_controller_controls_a_token_creature(kb_conn, tmp_path):
    # Halo of Enlightenment (hand-defined): "This creature cannot be attacked while its controller
    # controls a token creature.": player 1 has no token creature, so Bumpsy may attack Troll
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: halo-no-token
        setup:
          turn: {active: player2, house: brobnar}
          player1: {token: Grunt, battleline: [{card: Troll, upgrades: ["Halo of Enlightenment"]}, Dust Pixie]}
          player2: {battleline: [Bumpsy]}
        actions:
          - fight: {attacker: Bumpsy, target: Troll}
        expect:
          "16.0": {Troll.damage: 5, Bumpsy.zone: discard}
        """,
        )
    )
