""" "<creatures> gain(s) the <trait> trait" (engine.rules.traits): a gained trait counts wherever a
printed one does, and only for as long as the effect lasts."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, card, engine_for, replay
from engine.rules.traits import has_trait


@pytest.mark.parametrize("mist, lost", [(True, 2), (False, 0)])
def test_the_mist_makes_each_creature_a_mutant_for_heed_the_horde(kb_conn, tmp_path, mist, lost):
    # The Mist: "Omni: Destroy The Mist. For the remainder of the turn, each creature gains the Mutant
    # trait." Heed the Horde: "Play: For each friendly Mutant creature, your opponent loses 1A."
    # Troll and Krump print no Mutant trait: with The Mist used first, both count
    assert_compiled(kb_conn, "The Mist", "Heed the Horde")
    omni = "- omni: The Mist" if mist else ""
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: the-mist-heed-the-horde
        setup:
          turn: {{active: player1, house: redemption}}
          player1: {{hand: [Heed the Horde], battleline: [Troll, Krump], artifacts: [The Mist]}}
          player2: {{amber: 5, battleline: [Bumpsy]}}
        actions:
          {omni}
          - play: Heed the Horde
        expect:
          "16.0": {{player2.amber: {5 - lost}}}
        """,
        )
    )


def test_mutation_of_fury_gives_assault_3_and_the_mutant_trait_until_your_next_turn(kb_conn, tmp_path):
    # Mutation of Fury: "Play: Until the start of your next turn, a creature gains assault 3 and the
    # Mutant trait." Snufflegator (power 4) with assault 3 fights Krump (power 6): 3 before the
    # fight, 4 in it: Krump is destroyed (without assault it would keep 4 damage)
    assert_compiled(kb_conn, "Mutation of Fury")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: mutation-of-fury
        setup:
          turn: {active: player1, house: untamed}
          player1: {hand: [Mutation of Fury], battleline: [Snufflegator]}
          player2: {battleline: [Krump]}
        actions:
          - play: Mutation of Fury
            targets: [Snufflegator]
          - fight: {attacker: Snufflegator, target: Krump}
        expect:
          "16.0": {Krump.zone: discard, Snufflegator.damage: 0}
        """,
        )
    )
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "untamed"},
            "player1": {"hand": ["Mutation of Fury"], "battleline": ["Bumpsy"]},
            "player2": {"battleline": ["Troll"]},
        },
        answers=["Bumpsy"],
    )
    eng.play(card(eng, "Mutation of Fury"))
    assert has_trait(eng, card(eng, "Bumpsy"), "mutant") and not has_trait(eng, card(eng, "Troll"), "mutant")


@pytest.mark.parametrize("mist, trait, gained", [(False, "giant", 2), (False, "mutant", 0), (True, "mutant", 2)])
def test_congregate_counts_the_friendly_creatures_with_the_chosen_trait(kb_conn, tmp_path, mist, trait, gained):
    # Congregate (CC): "Play: Choose a trait. if there are 2 or more friendly creatures with that
    # trait, gain 2." Troll and Krump are Giants; a Mutant only by The Mist's "For the remainder of
    # the turn, each creature gains the Mutant trait." (its Omni, used first: any house)
    assert_compiled(kb_conn, "Congregate")
    omni = "- omni: The Mist" if mist else ""
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: congregate
        setup:
          turn: {{active: player1, house: sanctum}}
          player1: {{amber: 0, hand: [Congregate], battleline: [Troll, Krump], artifacts: [The Mist]}}
          player2: {{battleline: [Bumpsy, Dark Minion]}}
        actions:
          {omni}
          - play: Congregate
            choices: [{trait}]
        expect:
          "16.0": {{player1.amber: {gained}}}
        """,
        )
    )
