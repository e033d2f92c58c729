"""The outcome of a run as check paths (``player1.amber``, ``Troll.damage``: rulings/README.md),
read with the rulings' own reader (:func:`engine.replay.scenario_board._value`, and
:func:`~engine.replay.scenario_board.card_value` once the card a path names is found).

Why paths: what the builder compares between versions and what it writes into a downloaded
ruling's ``expect`` must be what ``rulebase verify`` reads back, so both are the values of the same
paths on the same board. Which paths: every player path that shows on the board, whose turn it is
and the winner, and for every card with a label of its own its zone and controller, plus its state
while it is in play at the start or at the end. The export keeps those that differ from the board
as built (:func:`changed`).
"""

from __future__ import annotations

from collections import Counter

from engine.core.errors import EngineError, ScenarioError
from engine.core.state import PLAYERS
from engine.replay.scenario_board import _card_ref, _value, card_value
from engine.rules.game import Engine

PLAYER_PATHS = ("amber", "keys", "chains", "hand", "deck", "discard", "archives", "purged", "battleline", "artifacts")
#: a card's paths while it is in play (its zone and controller are read wherever it is)
IN_PLAY_PATHS = ("damage", "power", "armor", "exhausted", "stunned", "amber", "upgrades", "ward", "enraged")
GAME_PATHS = ("active", "active_house", "winner")


def outcome(engine: Engine) -> dict:
    """Check path -> value on the board now."""
    out = {}
    for p in PLAYERS:
        for attr in PLAYER_PATHS:
            out[f"{p}.{attr}"] = _value(engine, f"{p}.{attr}")
    for path in GAME_PATHS:
        out[path] = _value(engine, path)
    cards = list(engine.game.cards())
    counts = Counter(c.label for c in cards)
    for card in cards:
        if counts[card.label] != 1 or "." in card.label:  # a path names one card: shared labels name none
            continue
        paths = ("zone", "controller") + (IN_PLAY_PATHS if card.in_play else ())
        if _card_ref(engine.game, card.label) is not card:  # the label is another card's name
            continue
        for attr in paths:
            try:
                out[f"{card.label}.{attr}"] = card_value(engine, card, attr)
            except (ScenarioError, EngineError):  # a card the engine cannot read: no value to compare
                pass
    return out


def changed(before: dict, after: dict) -> dict:
    """The paths of ``after`` whose value is not the one ``before`` had. A card's state read only
    while it is in play (it entered play) counts when it is not a card's state at rest (no damage,
    not stunned, no counters): a creature played is worth its power and whether it is exhausted."""
    return {
        path: value
        for path, value in after.items()
        if (before[path] != value if path in before else value not in (0, False, [], None))
    }
