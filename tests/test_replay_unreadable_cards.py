"""A scenario stops for a card the engine cannot read wherever the card is set up, not only when it
is played: its abilities may work from a hand (Scrap), a discard pile or archives (The Archivist),
and a card never read there would be replayed as if it had no text (engine.replay.scenario
``every_card_readable``). A deck is the exception: its cards are facedown and act from nowhere."""

from __future__ import annotations

import pytest

from engine.cards.definitions import how_defined
from tests.boards import replay

NOT_YET = "card not implemented in the engine yet"


def _a_refused_creature(kb_conn) -> str:
    rows = kb_conn.execute("SELECT name, text, type FROM cards WHERE lower(type) = 'creature' ORDER BY name")
    for name, text, card_type in rows:
        if how_defined(name, text or "", card_type)[0] == "refused":
            return name
    pytest.skip("every creature of the card data is playable: nothing to refuse")


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
def test_a_card_the_engine_cannot_read_stops_the_replay_from_any_zone(kb_conn, tmp_path, zone):
    name = _a_refused_creature(kb_conn)
    result = replay(kb_conn, tmp_path, _scenario(zone, name))
    assert not result.passed
    assert NOT_YET in (result.error or "") and name in result.error


def test_a_card_the_engine_cannot_read_may_wait_in_a_deck(kb_conn, tmp_path):
    name = _a_refused_creature(kb_conn)
    body = _scenario("hand", name).replace(f'hand: ["{name}"], deck: [Krump, Krump]', f'deck: ["{name}", Krump]')
    result = replay(kb_conn, tmp_path, body)
    assert result.passed, (result.error, result.trace)
