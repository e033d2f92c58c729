"""Hand definitions of Prophetic Visions cards, the parts no written scenario covers: Sample 42-C
below 4 Æmber (no key, not purged) and its fate (the most powerful creature of the fate card's owner
captures half of the resolving player's Æmber), Dissonant Chord's fate (the resolving player's
creatures with Æmber on them are stunned), Refit's fate (an upgrade on a creature of the resolving player
is destroyed)."""

from __future__ import annotations

from boards import assert_passed, replay

DECK = "[Urchin, Urchin, Urchin, Urchin, Urchin, Urchin, Urchin]"


def test_sample_42_c_below_4_amber_keeps_it_in_play_and_forges_nothing(kb_conn, tmp_path):
    # 1 on it + 1 moved from player 2's pool: 2, fewer than 4
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: sample-42-c-below-4
        setup:
          turn: {active: player1, house: staralliance}
          player1: {amber: 6, artifacts: [{card: Sample 42-C, amber: 1}]}
          player2: {amber: 2}
        actions:
          - action: Sample 42-C
        expect:
          "16.0": {player1.keys: 0, player1.amber: 6, player2.amber: 1, Sample 42-C.amber: 2, Sample 42-C.zone: artifacts}
        """,
        )
    )


def _fate_board(fate: str, player1: str, player2: str) -> str:
    """Player 1 puts ``fate`` under Overreach ("During your opponent's turn, after an enemy creature is
    used to reap, fulfill Overreach."); on player 2's turn Krump reaps: the fate resolves for player 2."""
    return f"""
        id: fate-{fate}
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{hand: ["{fate}"], prophecies: [Overreach], deck: {DECK}, {player1}}}
          player2: {{houses: [brobnar], deck: {DECK}, {player2}}}
        actions:
          - activate_prophecy: {{prophecy: Overreach, card: "{fate}"}}
          - {{end_turn: true, to_step: 2}}
          - choose_house: brobnar
          - reap: Krump
    """


def test_sample_42_c_fate_the_owners_most_powerful_creature_captures_half_of_the_resolvers_amber(kb_conn, tmp_path):
    # player 2 has 5, reaps to 6: Troll (player 1's most powerful) captures 3 of them
    board = _fate_board("Sample 42-C", "battleline: [Dust Pixie, Troll]", "amber: 5, battleline: [Krump]")
    board += """
        expect:
          "16.0": {Troll.amber: 3, Dust Pixie.amber: 0, player2.amber: 3, Sample 42-C.zone: discard}
    """
    assert_passed(replay(kb_conn, tmp_path, board))


def test_dissonant_chord_fate_stuns_the_resolvers_creatures_with_amber_on_them(kb_conn, tmp_path):
    board = _fate_board(
        "Dissonant Chord",
        "battleline: [{card: Troll, amber: 1}]",
        "amber: 0, battleline: [{card: Krump, amber: 1}, Bumpsy]",
    )
    board += """
        expect:
          "16.0": {Krump.stunned: true, Bumpsy.stunned: false, Troll.stunned: false, Dissonant Chord.zone: discard}
    """
    assert_passed(replay(kb_conn, tmp_path, board))


def test_refit_fate_destroys_an_upgrade_on_a_creature_of_the_resolver(kb_conn, tmp_path):
    # player 2 resolves the fate: their own Krump's upgrade, not player 1's Troll's
    board = _fate_board(
        "Refit",
        'battleline: [{card: Troll, upgrades: ["Blood of Titans (AoA 018)"]}]',
        'amber: 0, battleline: [{card: Krump, upgrades: ["Rocket Boots"]}]',
    )
    board += """
        expect:
          "16.0": {Krump.upgrades: [], Troll.upgrades: [Blood of Titans], Rocket Boots.zone: discard, Refit.zone: discard}
    """
    assert_passed(replay(kb_conn, tmp_path, board))
