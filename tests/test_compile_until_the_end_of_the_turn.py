"""Effects lasting to the end of the turn in their other wordings: "Until the end of the turn, ...",
"... for the remainder of the turn" after the effect, as "For the remainder of the turn, ...", and
"You may use <friendly Mars creatures> this turn" (engine/compile/templates/combinators.toml)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, card, engine_for, replay
from engine.compile import compile_text
from engine.rules.ability import Context, resolve_all


def test_until_the_end_of_the_turn_each_non_mars_creature_gets_less_power(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Plague Wind")
    # Plague Wind: "Play: Until the end of the turn, each non-Mars creature gets -3 power." Troll (8)
    # has 5, Dust Pixie (1) has none left and is destroyed, Zorg (Mars) keeps 7
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: plague-wind
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: [Plague Wind], battleline: [Zorg]}
          player2: {battleline: [Troll, Dust Pixie]}
        actions:
          - play: Plague Wind
        expect:
          "16.0": {Troll.power: 5, Zorg.power: 7, Dust Pixie.zone: discard}
        """,
        )
    )
    # the turn over, Troll has its 8 power again
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: plague-wind-turn-over
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: [Plague Wind], battleline: [Zorg]}
          player2: {houses: [brobnar, dis, logos], battleline: [Troll]}
        actions:
          - play: Plague Wind
          - end_turn: true
            choices: [brobnar]
        expect:
          "16.0": {Troll.power: 8}
        """,
        )
    )


def test_a_keyword_with_its_value_for_the_remainder_of_the_turn(kb_conn):
    # Green Aeronaut's shape ("A friendly Nautilixian gains Splash-attack 3 for the remainder of the
    # turn"; no card of the sample's data has that trait): the creature chosen has splash-attack 3
    # while the turn lasts, with its value, and the enemy creature none
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"battleline": ["Troll"]},
            "player2": {"battleline": ["Krump"]},
        },
    )
    variant = compile_text("Action: A friendly creature gains splash-attack 3 for the remainder of the turn.")
    troll, krump = card(eng, "Troll"), card(eng, "Krump")
    resolve_all(variant.action, Context(eng, troll, "player1"))
    assert eng.has(troll, "splash-attack") == 3 and not eng.has(krump, "splash-attack")


def test_you_may_use_a_group_this_turn(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Loyalty Implants")
    # Loyalty Implants: "Omni: Destroy Loyalty Implants. You may use friendly Mars creatures this
    # turn." With Brobnar active, player 1 uses it, then reaps with Zorg (Mars): 1 Æmber
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: loyalty-implants
        setup:
          turn: {active: player1, house: brobnar}
          player1: {amber: 0, artifacts: [Loyalty Implants], battleline: [Zorg]}
          player2: {battleline: [Troll]}
        actions:
          - omni: Loyalty Implants
          - reap: Zorg
        expect:
          "16.0": {player1.amber: 1, Loyalty Implants.zone: discard}
        """,
        )
    )
    # without it, Zorg may not be used with Brobnar active: the reap is refused
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: no-loyalty-implants
        setup:
          turn: {active: player1, house: brobnar}
          player1: {amber: 0, battleline: [Zorg]}
          player2: {battleline: [Troll]}
        actions:
          - reap: Zorg
        expect:
          "16.0": {player1.amber: 1}
        """,
    )
    assert not result.passed
