"""The "ready cards" step for a while (engine/library/turn_steps.py): a creature that does not ready
in its controller's next step (Kiri Giltspine), a player whose cards do not ready in the step of
their next turn (Storm Surge), a step skipped (Poised Strike's fate). 16.0 "Step 4: Ready cards":
"The active player readies all of their exhausted cards"."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


KIRI = """
        id: kiri-giltspine
        setup:
          turn: {active: player1, house: brobnar}
          player1: {houses: [brobnar], battleline: [Troll, Krump], deck: [Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy]}
          player2: {houses: [untamed], battleline: ["Kiri Giltspine", Dust Pixie], deck: [Dust Pixie, Dust Pixie, Dust Pixie, Dust Pixie, Dust Pixie, Dust Pixie, Dust Pixie]}
        actions:
          - reap: Troll
          - fight: {attacker: Krump, target: Dust Pixie}
"""


@pytest.mark.parametrize(
    "turns, expect",
    [
        # at the end of player 1's turn Krump readies, Troll not
        (1, "{Troll.exhausted: true, Krump.exhausted: false, active: player2}"),
        # in player 1's next step Troll readies: the effect is over
        (3, "{Troll.exhausted: false, active: player2}"),
    ],
)
def test_an_enemy_creature_that_reaped_does_not_ready_in_its_controllers_next_step(kb_conn, tmp_path, turns, expect):
    assert_compiled(kb_conn, "Kiri Giltspine")
    # "After an enemy creature reaps, it does not ready during its controller's next "ready cards"
    # step.": Troll reaped (player 2's Kiri), Krump fought
    answers = ["\n            choices: [untamed]", "", "\n            choices: [untamed]"][:turns]
    ends = "".join(f"          - end_turn: true{a}\n" for a in answers)
    body = (
        KIRI
        + ends
        + f"""        expect:
          "16.0": {expect}
"""
    )
    assert_passed(replay(kb_conn, tmp_path, body))


def test_the_opponents_cards_do_not_ready_in_the_step_of_their_next_turn(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Storm Surge")
    # "Your opponent cannot ready cards during the "ready cards" step of their next turn.": player
    # 1's own exhausted Troll readies at the end of this turn; player 2's Krump, exhausted, does not
    # at the end of player 2's next turn, nor does Krump, used that turn
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: storm-surge
        setup:
          turn: {active: player1, house: unfathomable}
          player1: {houses: [unfathomable], hand: [Storm Surge], battleline: [{card: Troll, exhausted: true}], deck: [Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy]}
          player2: {houses: [brobnar], battleline: [{card: Krump, exhausted: true}, Bumpsy], deck: [Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy]}
        actions:
          - play: Storm Surge
          - end_turn: true
          - reap: Bumpsy
          - end_turn: true
            choices: [unfathomable]
        expect:
          "16.0": {Troll.exhausted: false, Krump.exhausted: true, Bumpsy.exhausted: true, active: player1}
        """,
        )
    )


def test_a_fate_skips_the_ready_cards_step(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Poised Strike", "Overreach")
    # Poised Strike: "Fate: Skip your "ready cards" step this turn." under Overreach ("During your
    # opponent's turn, after an enemy creature is used to reap, fulfill Overreach."): Krump reaps on
    # player 2's turn; the fate resolves for player 2, whose Krump and Bumpsy stay exhausted
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: poised-strike-fate
        setup:
          turn: {active: player1, house: brobnar}
          player1: {houses: [brobnar], hand: [Poised Strike], prophecies: [Overreach], deck: [Troll, Troll, Troll, Troll, Troll, Troll, Troll]}
          player2: {houses: [brobnar], battleline: [Krump, {card: Bumpsy, exhausted: true}], deck: [Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy, Bumpsy]}
        actions:
          - activate_prophecy: {prophecy: Overreach, card: Poised Strike}
          - end_turn: true
          - reap: Krump
          - end_turn: true
        expect:
          "16.0": {"Poised Strike.zone": discard, Krump.exhausted: true, Bumpsy.exhausted: true, active: player1}
        """,
        )
    )


def test_refill_as_if_it_were_the_draw_cards_step_counts_chains(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Untrum’s Serenity")
    # "Each player discards their archives and their hand, then refills their hand as if it were
    # their "draw cards" step.": player 1, with 3 chains, draws one fewer (5) and sheds a chain, as
    # in the step; player 2 draws 6
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: untrums-serenity-chains
        setup:
          turn: {active: player1, house: untamed}
          player1: {chains: 3, hand: ["Untrum’s Serenity", Troll], archives: [Krump], deck: [Urchin, Urchin, Urchin, Urchin, Urchin, Urchin, Urchin]}
          player2: {hand: [Bumpsy], deck: [Dust Pixie, Dust Pixie, Dust Pixie, Dust Pixie, Dust Pixie, Dust Pixie, Dust Pixie]}
        actions:
          - play: Untrum’s Serenity
        expect:
          "16.0": {player1.hand_size: 5, player1.chains: 2, player2.hand_size: 6, Krump.zone: discard, Troll.zone: discard,
                   Bumpsy.zone: discard}
        """,
        )
    )


def test_a_fate_forbids_playing_using_and_discarding_for_the_turn(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Cosmic Recompense", "Overreach")
    # Cosmic Recompense: "Fate: You cannot play, use, or discard cards for the remainder of the
    # turn." under Overreach: Krump reaps on player 2's turn; then player 2 may not play Bumpsy,
    # reap with Troll nor discard Smith
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: cosmic-recompense-fate
        setup:
          turn: {active: player1, house: staralliance}
          player1: {houses: [staralliance], hand: [Cosmic Recompense], prophecies: [Overreach], deck: [Urchin, Urchin, Urchin, Urchin, Urchin, Urchin, Urchin]}
          player2: {houses: [brobnar], hand: [Bumpsy, Smith], battleline: [Krump, Troll], deck: [Dust Pixie, Dust Pixie, Dust Pixie, Dust Pixie, Dust Pixie, Dust Pixie, Dust Pixie]}
        actions:
          - activate_prophecy: {prophecy: Overreach, card: Cosmic Recompense}
          - end_turn: true
          - reap: Krump
          - play: Bumpsy
          - reap: Troll
          - discard: Smith
        expect:
          "16.0": {"Cosmic Recompense.zone": discard, Bumpsy.zone: hand, Troll.exhausted: false, Smith.zone: hand,
                   illegal: [3, 4, 5]}
        """,
        )
    )


def test_the_next_creature_used_after_a_reap_cannot_reap(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Edict of Nerotaurus")
    # "After a creature reaps, the next time a creature is used that turn, it cannot reap.": after
    # Troll reaps, Krump's reap is refused; Krump fights (the next use); Bumpsy then reaps
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: edict-of-nerotaurus-next-use
        setup:
          turn: {active: player1, house: brobnar}
          player1: {amber: 0, artifacts: [Edict of Nerotaurus], battleline: [Troll, Krump, Bumpsy]}
          player2: {battleline: [Dust Pixie]}
        actions:
          - reap: Troll
          - reap: Krump
          - fight: {attacker: Krump, target: Dust Pixie}
          - reap: Bumpsy
        expect:
          "16.0": {player1.amber: 2, Dust Pixie.zone: discard, Bumpsy.exhausted: true, illegal: [1]}
        """,
        )
    )
