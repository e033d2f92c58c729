"""Constant abilities and reactions about using creatures and the houses they belong to: "while
<condition>, SELF cannot be used" (no fight, reap or action), "after a creature is used to fight,
..." (the creature that fought, even one destroyed in that fight), "this creature belongs to house
X in addition to its other houses"."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay
from engine.compile import compile_text


@pytest.mark.parametrize("tide, illegal", [(", tide_high: player2", "[0]"), ("", "[]")])
def test_cannot_be_used_while(kb_conn, tmp_path, tide, illegal):
    assert_compiled(kb_conn, "Valoocanth")
    # "While the tide is low, Valoocanth cannot be used.": low for player1 (high for player2), it
    # cannot reap; neutral, it can
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: valoocanth
        setup:
          turn: {{active: player1, house: brobnar{tide}}}
          player1: {{battleline: [Valoocanth]}}
        actions:
          - reap: Valoocanth
        expect:
          "16.0": {{illegal: {illegal}}}
        """,
        )
    )


@pytest.mark.parametrize("attacker, bumpsy, troll", [("Bumpsy", 1, 0), ("Troll", 0, 1)])
def test_after_a_creature_is_used_to_fight(kb_conn, tmp_path, attacker, bumpsy, troll):
    assert_compiled(kb_conn, "Shattered Throne")
    # "After a creature is used to fight, it captures 1.": the creature that fought captures from
    # its opponent (player2 has 3)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: shattered-throne
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{artifacts: [Shattered Throne], battleline: [Bumpsy, Troll]}}
          player2: {{amber: 3, battleline: [Dust Pixie]}}
        actions:
          - fight: {{attacker: {attacker}, target: Dust Pixie}}
        expect:
          "16.0": {{Bumpsy.amber: {bumpsy}, Troll.amber: {troll}, player2.amber: 2}}
        """,
        )
    )


@pytest.mark.parametrize("upgrades, illegal", [("[Badge of Unity]", "[]"), ("[]", "[0]")])
def test_belongs_to_a_house_in_addition(kb_conn, tmp_path, upgrades, illegal):
    assert_compiled(kb_conn, "Badge of Unity")
    # "This creature belongs to house Star Alliance in addition to its other houses.": Troll can be
    # used with Star Alliance active
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: badge-of-unity
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{battleline: [{{card: Troll, upgrades: {upgrades}}}]}}
        actions:
          - reap: Troll
        expect:
          "16.0": {{illegal: {illegal}}}
        """,
        )
    )


@pytest.mark.parametrize("house, amber", [("dis", 2), ("brobnar", 1)])
def test_after_a_player_chooses_a_house_matching_no_card(kb_conn, tmp_path, house, amber):
    assert_compiled(kb_conn, "Sci. Officer Qincan")
    # "After a player chooses an active house which matches no cards in play, steal 1.": player2
    # chooses Dis (no Dis card in play): player1 steals; Brobnar (Troll is in play): nothing
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: qincan
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{amber: 1, battleline: [Sci. Officer Qincan]}}
          player2: {{amber: 3, houses: [brobnar, dis, shadows], battleline: [Troll]}}
        actions:
          - end_turn: true
            choices: [{house}]
        expect:
          "16.0": {{player1.amber: {amber}, active_house: {house}}}
        """,
        )
    )


@pytest.mark.parametrize("kaupe, illegal", [('["Kaupe (GR 304)"]', "[1]"), ("[]", "[]")])
def test_cannot_play_more_than_one_card_of_each_type(kb_conn, tmp_path, kaupe, illegal):
    # Kaupe as Grim Reminders prints it (the other Dark Tidings text has a sentence no template
    # reads): "Your opponent cannot play more than 1 card of each card type (action, artifact,
    # creature, upgrade) each turn.": a second creature (Krump) is refused, an artifact after the
    # creature is not
    text, typ = kb_conn.execute("SELECT text, type FROM cards WHERE name = 'Kaupe' AND set_code = 'GR'").fetchone()
    compile_text(text, "Kaupe", typ)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: kaupe
        setup:
          turn: {{active: player2, house: brobnar}}
          player1: {{battleline: {kaupe}}}
          player2: {{hand: [Troll, Krump, The Warchest]}}
        actions:
          - play: Troll
          - play: Krump
            flank: right
          - play: The Warchest
        expect:
          "16.0": {{illegal: {illegal}, The Warchest.zone: artifacts}}
        """,
        )
    )


def test_cannot_play_nor_discard_self_from_hand(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Cursed Relic")
    # "You cannot play Cursed Relic. Cursed Relic cannot be discarded from your hand except through
    # card abilities.": neither is allowed in step 3; another Ekwidon card (a maverick Troll) may still be discarded
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: cursed-relic
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {hand: [Cursed Relic, {card: Troll, house: ekwidon}]}
        actions:
          - play: Cursed Relic
          - discard: Cursed Relic
          - discard: Troll
        expect:
          "16.0": {illegal: [0, 1], player1.hand: [Cursed Relic], player1.discard: [Troll]}
        """,
        )
    )
