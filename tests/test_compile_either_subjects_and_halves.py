"""A reaction's subject "a <noun phrase> or a <noun phrase>" (engine.compile.phrases.EitherNoun),
a count "half the number of <cards> (rounded up)", "Trojan Sauropod enters play under your
opponent's control" and "each <card> from it" after a whole hand was named."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_either_subject_reacts_to_a_friendly_creature_of_the_second_phrase(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Redeemer Amara")
    # "Each time an enemy creature or a Mutant creature is destroyed, make a token creature.": player
    # 1's own Mutant creature, Gloriana's Attendant (power 1), destroyed fighting Troll makes a Grunt;
    # a friendly non-Mutant would not (tests/scenarios/toc)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: amara-friendly-mutant
        setup:
          turn: {active: player1, house: untamed}
          player1: {token: Grunt, battleline: ["Redeemer Amara (ToC 159)", "Gloriana’s Attendant"],
                    deck: [{card: Pit Demon, id: t1}, Urchin]}
          player2: {battleline: [Troll]}
        actions:
          - fight: {attacker: "Gloriana’s Attendant", target: Troll}
            choices: [right]
        expect:
          "16.0": {"Gloriana’s Attendant.zone": discard, t1.token: Grunt, player1.battleline: [Redeemer Amara, t1]}
        """,
        )
    )


def test_half_the_number_rounds_up(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Rich Score")
    # "Play: Make a token creature. Steal A equal to half the number of friendly token creatures
    # (rounded up).": the only token is the one made: half of 1, rounded up, is 1
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: rich-score-one-token
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, token: Stooge, hand: ["Rich Score (ToC 210)"], deck: [Krump, Pit Demon]}
          player2: {amber: 5}
        actions:
          - play: Rich Score
        expect:
          "16.0": {player1.amber: 1, player2.amber: 4}
        """,
        )
    )


def test_each_creature_from_the_hand_the_opponent_revealed(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Trojan Sauropod")
    # "Your opponent reveals their hand and puts each creature from it into play ready": the hand of
    # the player who revealed it (the Sauropod's owner), never the hand of the player using it
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: trojan-sauropod-whose-hand
        setup:
          turn: {active: player2, house: brobnar}
          player1: {hand: [Troll, Punch], deck: [Urchin, Urchin, Urchin, Urchin, Urchin]}
          player2: {amber: 0, hand: [Krump], artifacts: [{card: "Trojan Sauropod (DT 166)", owner: player1}]}
        actions:
          - omni: Trojan Sauropod
        expect:
          "16.0": {Troll.zone: battleline, Troll.exhausted: false, Krump.zone: hand, player2.battleline: []}
        """,
        )
    )
