"""Cards refused on purpose (engine/cards/refused.toml): defective card data, game setup, an undecided
reading. Each is refused by name with its reason, in the coverage report and in a replay, and each
name is a card of the bundled data (a typo would refuse nothing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cards.definitions import how_defined, refused_on_purpose
from tests.boards import replay

LISTED = sorted(refused_on_purpose())


@pytest.mark.parametrize("key", LISTED)
def test_a_card_refused_on_purpose_is_a_card_and_says_why(kb_conn, key):
    rows = kb_conn.execute("SELECT name, text, type FROM cards").fetchall()
    found = [(n, t, ty) for n, t, ty in rows if how_defined(n, t or "", ty)[0] == "refused" and n.lower() in key]
    assert found, f"{key}: no card of that name in the data"
    name, text, kind = found[0]
    assert how_defined(name, text or "", kind) == ("refused", [refused_on_purpose()[key]])


def test_a_replay_with_one_stops_with_the_reason(kb_conn, tmp_path):
    body = """
    id: refused-on-purpose
    setup:
      turn: {active: player1, house: shadows}
      player1: {hand: ["Bandit Culver"], battleline: [Troll]}
    actions: [{play: "Bandit Culver"}]
    expect:
      "16.0": {player1.amber: 0}
    """
    result = replay(kb_conn, tmp_path, body)
    assert not result.passed and "Enhance ." in (result.error or ""), result.error


def test_the_readme_names_every_card_refused_on_purpose():
    """The README's front page names each refused card (the issue asks that a newcomer sees them)."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    text = " ".join(readme.split())
    missing = [key for key in LISTED if key.lower() not in text.lower()]
    assert not missing, f"README.md does not name {missing}"
