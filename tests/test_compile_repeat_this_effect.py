""" "If <condition>, repeat this effect" (16.0 glossary "Repeat": "the entirety of the effect
resolves again, including the text to repeat the effect"), what each resolution did "this way", and
conditions on what happened in a fight or this turn ("if the creature Harlock fought was
destroyed", "if it is the first time a creature has reaped this turn")."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


def _passes(kb_conn, tmp_path, body: str) -> None:
    assert_passed(replay(kb_conn, tmp_path, body))


def test_repeat_while_one_or_more_creatures_are_destroyed_this_way(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Echoing Deathknell")
    # "Play: Deal 1 to each creature. If one or more creatures are destroyed this way, repeat this
    # effect.": Dust Pixie (1) goes in the first round, so 1 more to each; nothing is destroyed by
    # the second (Troll 8, Krump 6 at 2 damage), so it stops there, each repetition asking about
    # its own round only
    _passes(
        kb_conn,
        tmp_path,
        """
        id: echoing-deathknell
        setup:
          turn: {active: player1, house: unfathomable}
          player1: {hand: [Echoing Deathknell], battleline: [Troll]}
          player2: {battleline: [Dust Pixie, Krump]}
        actions:
          - play: Echoing Deathknell
        expect:
          "16.0": {Dust Pixie.zone: discard, Troll.damage: 2, Krump.damage: 2}
        """,
    )


@pytest.mark.parametrize("mine, left", [("[]", "[]"), ("[Troll]", "[Krump]")])
def test_repeat_this_effect_while_the_condition_holds(kb_conn, tmp_path, mine, left):
    assert_compiled(kb_conn, "Delta P")
    # "Play: Destroy an enemy creature. If your opponent controls more creatures than you, repeat
    # this effect.": with no creature of player 1's, the three go one by one (the last with no
    # choice left); with Troll, two go (1 left is not more than 1)
    _passes(
        kb_conn,
        tmp_path,
        f"""
        id: delta-p
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{hand: [Delta P], battleline: {mine}}}
          player2: {{battleline: [Dust Pixie, Bumpsy, Krump]}}
        actions:
          - play: Delta P
            targets: [Dust Pixie, Bumpsy]
        expect:
          "16.0": {{player2.battleline: {left}}}
        """,
    )


@pytest.mark.parametrize("target, tokens", [("Dust Pixie", 1), ("Troll", 0)])
def test_if_the_creature_it_fought_was_destroyed(kb_conn, tmp_path, target, tokens):
    assert_compiled(kb_conn, "Harlock")
    # "Skirmish. After Fight: If the creature Harlock fought was destroyed, make a token creature."
    battleline = "[Harlock, t1]" if tokens else "[Harlock]"
    choose = "\n          - choose: [right]" if tokens else ""
    _passes(
        kb_conn,
        tmp_path,
        f"""
        id: harlock
        setup:
          turn: {{active: player1, house: untamed}}
          player1: {{token: Grunt, battleline: [Harlock], deck: [{{card: Krump, id: t1}}]}}
          player2: {{battleline: [{target}]}}
        actions:
          - fight: {{attacker: Harlock, target: {target}}}{choose}
        expect:
          "16.0": {{player1.battleline: {battleline}}}
        """,
    )


def test_only_the_first_reap_of_the_turn(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Ragwarg")
    # "After a creature reaps, if it is the first time a creature has reaped this turn, deal 2 to
    # it.": Krump reaps first and takes 2; Bumpsy reaps second and takes nothing
    _passes(
        kb_conn,
        tmp_path,
        """
        id: ragwarg
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Krump, Bumpsy], artifacts: [Ragwarg]}
        actions:
          - reap: Krump
          - reap: Bumpsy
        expect:
          "16.0": {Krump.damage: 2, Bumpsy.damage: 0}
        """,
    )


@pytest.mark.parametrize("target, snufflegator, troll", [("Dust Pixie", "discard", 0), ("Troll", "battleline", 2)])
def test_if_this_damage_destroys_it_each_creature_sharing_a_house_with_the_destroyed_one(
    kb_conn, tmp_path, target, snufflegator, troll
):
    assert_compiled(kb_conn, "Infinity Strop")
    # "Play: Deal 2 to a creature. If this damage destroys that creature, deal 4 to each creature
    # that shares a house with the destroyed creature.": Dust Pixie (Untamed) is destroyed, so
    # Snufflegator (Untamed, 4 power) takes 4 and is destroyed, Troll (Brobnar) nothing; Troll survives
    # 2: nothing more
    _passes(
        kb_conn,
        tmp_path,
        f"""
        id: infinity-strop
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{hand: [Infinity Strop]}}
          player2: {{battleline: [Dust Pixie, Snufflegator, Troll]}}
        actions:
          - play: Infinity Strop
            targets: [{target}]
        expect:
          "16.0": {{Snufflegator.zone: {snufflegator}, Troll.damage: {troll}}}
        """,
    )
