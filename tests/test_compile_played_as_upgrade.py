""" "<This card> may be played as an upgrade instead of a creature, with the text: "..."" read from
the text (engine.rules.mechanics.played_as_upgrade): the card may take that form only when the
quoted text reads as an upgrade's; played so it has only that text, its own quotation included
("This creature gains, 'Fight/Reap: Draw a card.'")."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay
from engine.compile import compile_text, Refused
from engine.rules.mechanics.played_as_upgrade import requote, upgrade_text


def test_calv_1n_played_as_an_upgrade_gives_its_creature_the_quoted_ability(kb_conn, tmp_path):
    assert_compiled(kb_conn, "CALV-1N")
    # CALV-1N: "Fight/Reap: Draw a card. CALV-1N may be played as an upgrade instead of a creature,
    # with the text: "This creature gains, 'Fight/Reap: Draw a card.'"" Played on Sensor Chief
    # Garcia, which then reaps: 1 amber and a card drawn; CALV-1N is an upgrade with no power
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: calv-1n-upgrade
        setup:
          turn: {active: player1, house: staralliance}
          player1: {amber: 0, hand: ["CALV-1N"], battleline: [Sensor Chief Garcia], deck: [Troll, Krump]}
        actions:
          - play: CALV-1N
            choices: [upgrade]
          - reap: Sensor Chief Garcia
        expect:
          "16.0": {Sensor Chief Garcia.upgrades: ["CALV-1N"], CALV-1N.type: upgrade, player1.amber: 1,
                   player1.hand: [Troll], player1.deck: [Krump]}
        """,
        )
    )


def test_a_keyword_text_played_as_an_upgrade_gives_the_keyword(kb_conn, tmp_path):
    # PYR*0 (GR): "Splash-attack 3. PYR*0 may be played as an upgrade instead of a creature, with
    # the text: "This creature gains splash-attack 3."" Played as the upgrade on Garcia: Garcia
    # attacks the middle of three enemies and deals 3 to each neighbor
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: pyr0-upgrade-splash
        setup:
          turn: {active: player1, house: staralliance}
          player1: {hand: ["PYR*0 (GR 263)"], battleline: [Sensor Chief Garcia]}
          player2: {battleline: [Troll, "Dust Pixie", Krump]}
        actions:
          - play: PYR*0
            choices: [upgrade, Sensor Chief Garcia]
          - fight: {attacker: Sensor Chief Garcia, target: Dust Pixie}
        expect:
          "16.0": {Dust Pixie.zone: discard, Troll.damage: 3, Krump.damage: 3}
        """,
        )
    )


def test_the_quotation_inside_the_quoted_text_is_read_as_one():
    assert (
        requote("This creature gains, ‘Fight/Reap: Draw a card.’") == "This creature gains, “Fight/Reap: Draw a card.”"
    )
    # an apostrophe is no quotation mark
    assert requote("This creature may be used as if it belonged to either of its neighbor’s houses.").count("“") == 0
    assert upgrade_text("X may be played as an upgrade instead of a creature, with the text: “Y.”") == "Y."


def test_a_form_whose_text_does_not_read_refuses_the_card():
    with pytest.raises(Refused) as refused:
        compile_text(
            "Gizmo may be played as an upgrade instead of a creature, with the text: “This creature frobs.”",
            "Gizmo",
            "creature",
        )
    assert "played as an upgrade" in str(refused.value)
