"""The timing point after a card is played (timing chart "Play a Card"): the reactions to a creature
entering play wait for its bonus icons, then resolve with its "Play:" ability, in the order the
active player chooses (16.0); under 1.1–1.3 the "Play:" ability resolves first ("immediately after
the card enters play"), with nothing to choose. Rule switch ``enters_play_effects_with_play``."""

from __future__ import annotations

import pytest

from boards import assert_passed, replay

URCHIN = """
    id: urchin-pingle
    setup:
      turn: {active: player1, house: shadows}
      player1: {amber: 0, hand: [Urchin]}
      player2: {amber: 2, battleline: [Pingle Who Annoys]}
    actions:
      - {play: Urchin, choices: %s}
    expect:
      "1.1": {player1.amber: %d, player2.amber: %d, Urchin.zone: discard}
    """


def _index(trace: list[str], text: str) -> int:
    return next(i for i, line in enumerate(trace) if text in line)


def test_16_play_first_steals_then_pingle_destroys(kb_conn, tmp_path):
    result = replay(kb_conn, tmp_path, URCHIN % ("[Urchin]", 1, 1), "16.0")
    assert_passed(result)
    assert _index(result.trace, "player1 steals 1") < _index(result.trace, "Pingle Who Annoys reacts")


def test_16_pingle_first_destroys_urchin_before_it_can_steal(kb_conn, tmp_path):
    result = replay(kb_conn, tmp_path, URCHIN % ("[Pingle Who Annoys]", 0, 2), "16.0")
    assert_passed(result)
    assert any('Urchin left play before its "Play:" ability could resolve' in line for line in result.trace)


def test_16_the_order_is_a_decision_naming_both_effects(kb_conn, tmp_path):
    result = replay(kb_conn, tmp_path, URCHIN % ("[]", 1, 1), "16.0")
    assert result.error and "which effect of playing Urchin resolves next" in result.error
    assert "Urchin" in result.error and "Pingle Who Annoys" in result.error


@pytest.mark.parametrize("version", ["1.1", "1.2", "1.3"])
def test_before_16_the_play_ability_resolves_first_without_asking(kb_conn, tmp_path, version):
    result = replay(kb_conn, tmp_path, URCHIN % ("[]", 1, 1), version)
    assert_passed(result)
    line = result.trace[_index(result.trace, "resolves immediately after it enters play")]
    assert f"rule set {version}, rule/play-abilities" in line
    # an answer given for a decision the rules do not raise is an error, never silently dropped
    extra = replay(kb_conn, tmp_path, URCHIN % ("[Urchin]", 1, 1), version)
    assert extra.error and "left over" in extra.error


@pytest.mark.parametrize("version", ["1.1", "1.3", "16.0"])
def test_the_aember_bonus_resolves_before_pingle_reacts(kb_conn, tmp_path, version):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: pixie
        setup:
          turn: {active: player1, house: untamed}
          player1: {amber: 0, hand: [Dust Pixie]}
          player2: {battleline: [Pingle Who Annoys]}
        actions: [{play: Dust Pixie}]
        expect:
          "1.1": {player1.amber: 2, Dust Pixie.zone: discard}
        """,
        version,
    )
    assert_passed(result)
    assert _index(result.trace, "player1 gains 2") < _index(result.trace, "Pingle Who Annoys reacts")


def test_a_damage_bonus_icon_can_destroy_pingle_before_it_reacts(kb_conn, tmp_path):
    # the icon's damage is dealt while Urchin is in play and before Pingle's ability: Pingle (2
    # power, 1 damage) is destroyed, so nothing is left to damage Urchin
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: icon
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, hand: [{card: Urchin, enhancements: [damage]}]}
          player2: {amber: 2, battleline: [{card: Pingle Who Annoys, damage: 1}]}
        actions:
          - {play: Urchin, choices: [Pingle Who Annoys]}
        expect:
          "16.0": {Pingle Who Annoys.zone: discard, Urchin.zone: battleline, Urchin.damage: 0, player1.amber: 1}
        """,
        )
    )


def test_a_creature_without_a_play_ability_leaves_nothing_to_order(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: troll
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: [Troll]}
          player2: {battleline: [Pingle Who Annoys]}
        actions: [{play: Troll}]
        expect:
          "16.0": {Troll.damage: 1}
        """,
        )
    )


def test_16_reactions_to_the_play_and_to_entering_play_are_ordered_together(kb_conn, tmp_path):
    # Sinestra: "After your opponent plays a creature on their left flank, they lose 1 Æmber"
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: sinestra
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 1, hand: [Urchin]}
          player2: {amber: 2, battleline: [Sinestra, Pingle Who Annoys]}
        actions:
          - {play: Urchin, choices: [Sinestra, Urchin]}
        expect:
          "16.0":
            decisions.0.2.offered: [Urchin, Sinestra, Pingle Who Annoys]
            decisions.0.2.chosen: Sinestra
            decisions.0.3.offered: [Urchin, Pingle Who Annoys]
            decisions.0.3.chosen: Urchin
            player1.amber: 1
            player2.amber: 1
            Urchin.zone: discard
        """,
    )
    assert_passed(result)
    # one effect left (Pingle's): nothing more to order
    assert sum(line.startswith("decision 0.") for line in result.trace) == 3


def test_before_16_reactions_to_the_play_come_first_then_play_then_entering_play(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: sinestra
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 1, hand: [Urchin]}
          player2: {amber: 2, battleline: [Sinestra, Pingle Who Annoys]}
        actions: [{play: Urchin}]
        expect:
          "1.1": {player1.amber: 1, player2.amber: 1, Urchin.zone: discard}
        """,
        "1.3",
    )
    assert_passed(result)
    order = [_index(result.trace, text) for text in ("Sinestra reacts", "player1 steals 1", "Pingle Who Annoys reacts")]
    assert order == sorted(order)


def test_a_creature_put_into_play_meets_pingle_at_once(kb_conn, tmp_path):
    # Overlord Greking puts the creature it destroyed fighting into play under its controller:
    # not played, so no bonus icons, no "Play:" ability, and Pingle reacts as it enters
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: greking
        setup:
          turn: {active: player1, house: dis}
          player1: {amber: 0, battleline: [Overlord Greking]}
          player2: {amber: 0, battleline: [Dust Pixie, Pingle Who Annoys]}
        actions:
          - fight: {attacker: Overlord Greking, target: Dust Pixie}
            choices: [right]
        expect:
          "16.0": {Dust Pixie.zone: discard, player1.amber: 0, player2.discard: [Dust Pixie]}
        """,
        )
    )


def test_the_switch_is_told_from_each_versions_text(kb_conn):
    from engine.rules.rulesets import resolve_switches

    told = {
        v: resolve_switches(kb_conn, "keyforge", v)["enters_play_effects_with_play"]
        for v in ("1.1", "1.2", "1.3", "16.0")
    }
    assert [told[v].value for v in told] == [False, False, False, True]
    assert told["1.2"].how == told["1.3"].how == "text"
    assert told["16.0"].source == "timing/play-a-card"
