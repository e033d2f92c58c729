"""Archon power cards (Crucible Clash; engine.rules.mechanics.archon_powers): a player's archon power
is in force all game for its owner, its constant abilities apply and its reactions trigger, and no
card effect can touch it; given anywhere but ``archon_power:`` it is refused by name."""

from __future__ import annotations

import pytest

from boards import assert_passed, replay


@pytest.mark.parametrize("power, exhausted", [("Charismatic Inspiration", "false"), (None, "true")])
def test_a_constant_ability_of_an_archon_power_applies_to_its_owner(kb_conn, tmp_path, power, exhausted):
    # "Friendly Human creatures enter play ready.": Dextre (a Human) can be used at once
    line = f"archon_power: {power}, " if power else ""
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: charismatic-inspiration
        setup:
          turn: {{active: player1, house: logos}}
          player1: {{{line}hand: [Dextre]}}
        actions:
          - play: Dextre
        expect:
          "16.0": {{Dextre.exhausted: {exhausted}}}
        """,
        )
    )


@pytest.mark.parametrize("owner, gained", [("player1", 1), ("player2", 0)])
def test_a_reaction_of_an_archon_power_triggers_for_its_owner_only(kb_conn, tmp_path, owner, gained):
    # "After you play a Knight creature, gain 1." (Noble Blood): player 1 plays Raiding Knight (no
    # Æmber bonus) and gains 1 with the power; the opponent's power does nothing for player 1.
    # (The power's reaction and the Knight's "Play:" are simultaneous: the active player orders them.)
    order = "\n            choices: [Noble Blood]" if owner == "player1" else ""
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: noble-blood
        setup:
          turn: {{active: player1, house: sanctum}}
          player1: {{amber: 0, hand: [Raiding Knight]}}
          {owner}: {{archon_power: Noble Blood{", amber: 0, hand: [Raiding Knight]" if owner == "player1" else ""}}}
        actions:
          - play: Raiding Knight{order}
        expect:
          "16.0": {{player1.amber: {gained}}}
        """,
        )
    )


def test_no_card_effect_touches_an_archon_power(kb_conn, tmp_path):
    # Oath of Poverty: "Destroy each of your artifacts. Gain 2 for each artifact destroyed this way."
    # The archon power is no artifact: one artifact destroyed, 2 Æmber, and the power still applies
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: oath-of-poverty-archon-power
        setup:
          turn: {active: player1, house: sanctum}
          player1: {amber: 0, archon_power: Noble Blood, hand: [Oath of Poverty, Raiding Knight], artifacts: [Gorm of Omm]}
        actions:
          - play: Oath of Poverty
          - play: Raiding Knight
            choices: [Noble Blood]
        expect:
          "16.0": {Gorm of Omm.zone: discard, player1.amber: 4}
        """,
        )
    )


@pytest.mark.parametrize(
    "player, message",
    [
        ("{artifacts: [Noble Blood]}", "Noble Blood is an archon power card"),
        ("{archon_power: Troll}", "Troll is a creature, not an archon power card"),
    ],
)
def test_an_archon_power_given_as_another_card_is_refused_by_name(kb_conn, tmp_path, player, message):
    result = replay(
        kb_conn,
        tmp_path,
        f"""
        id: misplaced-archon-power
        setup:
          turn: {{active: player1, house: sanctum}}
          player1: {player}
        actions: []
        expect:
          "16.0": {{player1.amber: 0}}
        """,
    )
    assert not result.passed and message in (result.error or "")
