"""16.0 mechanisms, second batch (issue 6): bonus icons, ward, "enters play ready". Kept apart
from tests/test_engine_16.py to keep each file under ~400 lines; same helpers."""

from __future__ import annotations

from boards import assert_passed, replay


def test_bonus_icons_resolve_top_to_bottom_before_play(kb_conn, tmp_path):
    # Charette: printed Æmber icon, then an enhanced capture icon (Charette itself may capture),
    # then "Play: capture 3" — the opponent's 5 Æmber: 1 by the icon, then 3 by the ability
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: icons
        setup:
          turn: {active: player1, house: dis}
          player1: {amber: 0, hand: [{card: Charette, enhancements: [capture, draw]}], deck: ["Urchin"]}
          player2: {amber: 5}
        actions: [play: Charette]
        expect:
          "16.0": {Charette.amber: 4, player2.amber: 1, player1.hand: ["Urchin"]}
        """,
    )
    assert_passed(result)
    trace = result.trace
    capture_icon = next(i for i, line in enumerate(trace) if "capture bonus icon" in line)
    play = next(i for i, line in enumerate(trace) if '"Play:" ability resolves' in line)
    assert capture_icon < play


def test_damage_icon_choice_is_asked_and_ward_absorbs_it(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: ward
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: [{card: Urchin, enhancements: [damage]}]}
          player2: {amber: 2, battleline: [{card: Troll, ward: true, damage: 7}]}
        actions: [{play: Urchin, choices: [Troll]}]
        expect:
          "16.0": {Troll.damage: 7, Troll.ward: false, Troll.zone: battleline, player1.amber: 1}
        """,
        )
    )


def test_ward_keeps_a_creature_from_being_destroyed_once(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: ward-destroy
        setup:
          turn: {active: player1, house: dis}
          player1: {hand: ["Gateway to Dis"]}
          player2: {battleline: [{card: Troll, ward: true}, "Urchin"]}
        actions: [play: Gateway to Dis]
        expect:
          "16.0": {player2.battleline: ["Troll"], Troll.ward: false, Urchin.zone: discard}
        """,
        )
    )


def test_enters_ready_when_a_friendly_creature_was_destroyed_this_turn(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: bonesaw
        setup:
          turn: {active: player1, house: dis}
          player1: {hand: ["Gateway to Dis", "Bonesaw"], battleline: ["Dust Imp"]}
        actions: [play: Gateway to Dis, play: Bonesaw]
        expect:
          "16.0": {Bonesaw.exhausted: false}
        """,
        )
    )


def test_a_card_that_left_play_does_not_resolve_its_play_ability(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: penny
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, hand: [{card: Rad Penny, enhancements: [damage]}], battleline: ["Troll"]}
          player2: {amber: 2}
        actions: [{play: Rad Penny, choices: [right, Troll]}]
        expect:
          "16.0": {player1.amber: 1, player2.amber: 1, Troll.damage: 1}
        """,
        )
    )


def test_unknown_bonus_icon_is_refused(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: bad
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: [{card: Urchin, enhancements: [steal]}]}
        actions: []
        expect: {"16.0": {player1.amber: 0}}
        """,
    )
    assert result.error and "unknown bonus icons ['steal']" in result.error


def test_a_discard_icon_is_added_but_resolving_it_stops_with_why(kb_conn, tmp_path):
    # Grim Reminders prints a discard bonus icon (Open the Seal's Enhance adds three) that the 16.0
    # glossary "Bonus Icons" does not list: the card can carry it, but playing it stops the replay
    # naming the icon, never a guess at what it does; the enhanced Æmber icon above it has resolved
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: discard-icon
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, hand: [{card: Urchin, enhancements: [amber, discard]}, Troll]}
        actions:
          - play: Urchin
        expect: {"16.0": {player1.amber: 1}}
        """,
    )
    assert not result.passed
    assert "Urchin: a discard bonus icon cannot be resolved" in result.error
    assert "no bundled rulebook defines" in result.error
    assert any(line.startswith("player1 gains 1 Æmber") for line in result.trace), result.trace


def test_an_enraged_creature_must_fight_if_able_and_loses_its_counter(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: enrage
        setup:
          turn: {active: player1, house: brobnar}
          player1: {amber: 0, battleline: [{card: Troll, enraged: true}]}
          player2: {battleline: ["Dust Imp"]}
        actions:
          - reap: Troll
          - {fight: {attacker: Troll, target: Dust Imp}}
        expect:
          "16.0": {illegal: 0, refusal_contains: enraged, Troll.enraged: false, Dust Imp.zone: discard, player1.amber: 0}
        """,
        )
    )
    # with no enemy creature in play it may reap
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: enrage-alone
        setup:
          turn: {active: player1, house: brobnar}
          player1: {amber: 0, battleline: [{card: Troll, enraged: true}]}
        actions: [reap: Troll]
        expect:
          "16.0": {player1.amber: 1, Troll.enraged: true}
        """,
        )
    )


def test_raising_the_tide_triggers_after_raise_reactions(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: tide
        setup:
          turn: {active: player1, house: untamed, tide_high: player2}
          player1: {hand: ["Cross Porpoises"], artifacts: ["Hydrocataloguer"], deck: ["Fertility Chant", "Mooncurser"]}
          player2: {battleline: ["Dust Imp", "Troll", "Urchin"]}
        actions: [{play: Cross Porpoises, choices: [Dust Imp, Troll]}]
        expect:
          "16.0": {tide_high: player1, player1.archives: ["Fertility Chant"], Dust Imp.enraged: true,
                   Troll.enraged: true, Urchin.enraged: false}
        """,
        )
    )


def test_after_dealt_damage_reaction_exalts_when_the_tide_is_low(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: venator
        setup:
          turn: {active: player1, house: brobnar, tide_high: player1}
          player1: {amber: 0, battleline: ["Troll"]}
          player2: {battleline: ["Venator Altum"]}
        actions: [{fight: {attacker: Troll, target: Venator Altum}}]
        expect:
          "16.0": {Venator Altum.damage: 6, Venator Altum.amber: 1}
        """,
        )
    )


def test_the_state_is_checked_after_a_bonus_icon(kb_conn, tmp_path):
    # Xenos Darkshadow's power is X, "the number of cards in your discard pile". Troll's enhanced
    # draw icon finds the deck empty: the discard pile (its one card) is shuffled in and drawn, X is
    # 0, and Xenos Darkshadow is destroyed then, not left at 0 power until some later ability checks
    # (the fuzzer: a creature at 0 power still in play after a card with no "Play:" ability)
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: state-checked-after-an-icon
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Xenos Darkshadow], hand: [{card: Troll, enhancements: [draw]}], discard: [Krump]}
        actions:
          - play: Troll
            flank: right
        expect:
          "16.0": {Xenos Darkshadow.zone: discard, player1.hand: [Krump]}
        """,
    )
    assert_passed(result)
