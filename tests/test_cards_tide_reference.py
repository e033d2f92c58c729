"""The Tide reference card's "Omni: Raise the tide. Gain 3 chains." (16.0 "Tide": granted by the game
rules to the active player, exhausting no card, any number of times in a turn), when a deck of the
game includes the card (engine/rules/tide.py)."""

from __future__ import annotations

import pytest

from boards import assert_passed, replay


@pytest.mark.parametrize("tide_high, expect", [("null", "player1"), ("player2", "player1")])
def test_the_tides_omni_raises_the_tide_for_3_chains(kb_conn, tmp_path, tide_high, expect):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
            id: tide-omni
            setup:
              turn: {{active: player1, house: brobnar, tide: true, tide_high: {tide_high}}}
              player1: {{amber: 0, chains: 1}}
            actions:
              - raise_tide: true
            expect:
              "16.0": {{tide_high: {expect}, player1.chains: 4}}
            """,
        )
    )


def test_no_tide_card_no_omni(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
            id: tide-omni-absent
            setup:
              turn: {active: player1, house: brobnar}
              player1: {amber: 0}
            actions:
              - raise_tide: true
            expect:
              "16.0": {tide_high: null, player1.chains: 0, illegal: [0]}
            """,
        )
    )


def test_raising_the_tide_triggers_after_you_raise_the_tide(kb_conn, tmp_path):
    # Hydrocataloguer (DT): "After a player raises the tide, they archive the top card of their deck."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
            id: tide-omni-reaction
            setup:
              turn: {active: player1, house: brobnar, tide: true}
              player1: {amber: 0, battleline: [Hydrocataloguer], deck: [Troll, Punch]}
            actions:
              - raise_tide: true
            expect:
              "16.0": {Troll.zone: archives, player1.chains: 3, tide_high: player1}
            """,
        )
    )
