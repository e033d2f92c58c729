"""The board as the builder draws it: every zone of both players and the state of every card, as
plain data (the ``BOARD`` of ``POST /api/play``, docs/api.md).

Why its own shape and not the scenario's ``setup``: the page draws the board after each action the
way the judge built it, so a card shows what the rules make of it now (its power with every
constant ability in force, its armor, its house), which only the engine knows, beside the state a
setup gives it (damage, exhaustion, counters, upgrades). Reading the board changes nothing and logs
nothing, so it never spends a run's budget.
"""

from __future__ import annotations

from engine.core.errors import EngineError, ScenarioError
from engine.core.state import PLAYERS, ZONES, CardInstance
from engine.rules.game import Engine

#: zones in the order the page lists them (``deck`` top first, ``battleline`` left to right)
SHOWN = ("hand", "deck", "discard", "archives", "purged", "battleline", "artifacts")


def board(engine: Engine) -> dict:
    game = engine.game
    return {
        "turn": {
            "active": game.active,
            "house": game.active_house,
            "first_turn": game.first_turn,
            "step": game.step,
            "tide_high": game.tide_high,
        },
        "winner": game.winner,
        **{p: _player(engine, p) for p in PLAYERS},
    }


def _player(engine: Engine, name: str) -> dict:
    p = engine.game.players[name]
    out = {"amber": p.amber, "keys": p.keys, "chains": p.chains}
    for zone in (*SHOWN, *(z for z in ZONES if z not in SHOWN)):
        out[zone] = [card_view(engine, c) for c in p.zone(zone)]
    return out


def card_view(engine: Engine, card: CardInstance) -> dict:
    out = {"label": card.label, "name": card.name, "house": card.house, "type": card.type}
    if card.owner != card.controller:
        out["owner"] = card.owner
    if card.in_play:
        power, armor = card.printed.power, card.printed.armor
        if card.type == "creature":
            try:  # what the rules make of it now; a card the engine cannot read keeps its print
                power, armor = engine.power(card), engine.armor(card)
            except (ScenarioError, EngineError):
                pass
        out.update(
            exhausted=card.exhausted,
            stunned=card.stunned,
            damage=card.damage,
            power=power,
            armor=armor,
            amber=card.amber,
            ward=card.ward,
            enraged=card.enraged,
            power_counters=card.power_counters,
            upgrades=[card_view(engine, u) for u in card.upgrades],
        )
        if card.token_of is not None:
            out["token"] = card.token_of.name
    else:
        out.update(power=card.printed.power, armor=card.printed.armor)
    if card.enhancements:
        out["enhancements"] = list(card.enhancements)
    if card.beneath:
        out["beneath"] = [card_view(engine, c) for c in card.beneath]
    return out
