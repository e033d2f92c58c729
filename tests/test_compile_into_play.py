"""Cards put into play out of a discard pile or a hand (engine.library.zones.PutIntoPlay): "put
<cards> into play [ready / under your control]", "each creature put into play this way", and "a
different creature from your discard pile" (other than the card named before)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_each_creature_of_the_discard_pile_into_play_ready_fights_then_is_destroyed(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Final Refrain")
    # "Play: Put each creature from your discard pile into play ready, then fight with them one at a
    # time. Destroy each creature put into play this way.": Troll and Krump come back ready, each
    # fights (Troll destroys Dust Pixie, then Krump the only creature left, Ganger Chieftain), then
    # both are destroyed; Valdr, in play before, stays
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: final-refrain
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: [Final Refrain], discard: [Troll, Krump, Punch], battleline: [Valdr]}
          player2: {battleline: [Dust Pixie, Ganger Chieftain]}
        actions:
          - play: Final Refrain
            choices: [right, right, Dust Pixie]
        expect:
          "16.0":
            Dust Pixie.zone: discard
            Ganger Chieftain.zone: discard
            Troll.zone: discard
            Krump.zone: discard
            Punch.zone: discard
            player1.battleline: [Valdr]
        """,
        )
    )


def test_a_creature_from_any_discard_pile_under_your_control(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Shell of a Ghost")
    # "Play: Destroy each creature that is not on a flank. Put a creature from any discard pile into
    # play under your control. Gain 2 chains.": Krump (player2's, destroyed in the middle) comes back
    # on player1's side
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: shell-of-a-ghost
        setup:
          turn: {active: player1, house: geistoid}
          player1: {hand: [Shell of a Ghost]}
          player2: {battleline: [Troll, Krump, Bumpsy]}
        actions:
          - play: Shell of a Ghost
        expect:
          "16.0": {player1.battleline: [Krump], Krump.controller: player1, player2.battleline: [Troll, Bumpsy], player1.chains: 2}
        """,
        )
    )


def test_a_different_creature_returned_after_one_is_destroyed(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Ritual of Life")
    # "Action: Destroy a friendly creature. If you do, return a different creature from your discard
    # pile to your hand.": Troll, just destroyed, is not offered; Krump is returned
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: ritual-of-life
        setup:
          turn: {active: player1, house: untamed}
          player1: {artifacts: [Ritual of Life], battleline: [Troll], discard: [Krump]}
        actions:
          - action: Ritual of Life
        expect:
          "16.0": {player1.hand: [Krump], Troll.zone: discard}
        """,
        )
    )


def test_each_player_puts_each_creature_of_their_hand_into_play_ready(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Æmberlution")
    # "Play: Destroy each creature. Each player reveals their hand and puts each creature from their
    # hand into play ready.": from each hand (not only the cards already in play), under their player
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: aemberlution
        setup:
          turn: {active: player1, house: untamed}
          player1: {hand: ["Æmberlution", Troll, Punch], battleline: [Dust Pixie]}
          player2: {hand: [Krump], battleline: [Bumpsy]}
        actions:
          - play: "Æmberlution"
        expect:
          "16.0":
            player1.battleline: [Troll]
            player2.battleline: [Krump]
            Troll.exhausted: false
            Krump.exhausted: false
            player1.hand: [Punch]
            Dust Pixie.zone: discard
        """,
        )
    )
