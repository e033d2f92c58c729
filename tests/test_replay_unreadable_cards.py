"""A scenario stops for a card the engine cannot read wherever the card is set up, not only when it
is played: its abilities may work from a hand (Scrap), a discard pile or archives (The Archivist),
and a card never read there would be replayed as if it had no text (engine.replay.scenario
``every_card_readable``). A deck is the exception: its cards are facedown and act from nowhere."""

from __future__ import annotations

import pytest

from engine.cards import definitions
from engine.core.errors import ScenarioError
from tests.boards import replay

NOT_YET = "card not implemented in the engine yet"
#: cards the test makes unreadable, so that the test does not depend on which cards are refused today
UNREADABLE = "Dust Pixie"
UNREADABLE_ARTIFACT = "Lash of Broken Dreams"


@pytest.fixture
def unreadable(monkeypatch) -> str:
    real = definitions.definition

    def definition(name, text="", card_type=""):
        if name in (UNREADABLE, UNREADABLE_ARTIFACT):
            raise ScenarioError(f"{name}: {NOT_YET} (made unreadable by the test)")
        return real(name, text, card_type)

    monkeypatch.setattr(definitions, "definition", definition)
    monkeypatch.setattr(definitions, "VARIANTS", {})  # nothing read before the test is reused
    return UNREADABLE


def _scenario(zone: str, name: str) -> str:
    return f"""
    id: unreadable-card-in-{zone}
    setup:
      turn: {{active: player1, house: brobnar}}
      player1: {{battleline: [Troll], {zone}: ["{name}"], deck: [Krump, Krump]}}
      player2: {{battleline: [Bumpsy]}}
    actions:
      - fight: {{attacker: Troll, target: Bumpsy}}
    expect:
      "16.0": {{Bumpsy.zone: discard}}
    """


@pytest.mark.parametrize("zone", ["hand", "discard", "archives"])
def test_a_card_the_engine_cannot_read_stops_the_replay_from_any_zone(kb_conn, tmp_path, zone, unreadable):
    name = unreadable
    result = replay(kb_conn, tmp_path, _scenario(zone, name))
    assert not result.passed
    assert NOT_YET in (result.error or "") and name in result.error


def test_a_card_the_engine_cannot_read_may_wait_in_a_deck(kb_conn, tmp_path, unreadable):
    name = unreadable
    body = _scenario("hand", name).replace(f'hand: ["{name}"], deck: [Krump, Krump]', f'deck: ["{name}", Krump]')
    result = replay(kb_conn, tmp_path, body)
    assert result.passed, (result.error, result.trace)


def test_a_card_in_play_the_engine_cannot_read_stops_the_replay(kb_conn, tmp_path, unreadable):
    """Its constant abilities and reactions act without its being used: ignoring them silently
    would give a wrong verdict, so the replay names the card instead."""
    body = f"""
    id: unreadable-artifact-in-play
    setup:
      turn: {{active: player1, house: brobnar}}
      player1: {{artifacts: ["{UNREADABLE_ARTIFACT}"], hand: [Troll]}}
    actions: [{{play: Troll}}]
    expect:
      "16.0": {{player1.amber: 0}}
    """
    result = replay(kb_conn, tmp_path, body)
    assert not result.passed
    assert NOT_YET in (result.error or "") and UNREADABLE_ARTIFACT in result.error
