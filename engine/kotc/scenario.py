"""Replaying a Keeper of the Cards scenario: the setup, actions and check paths of the game
(rulings/README.md, "Keeper of the Cards"), run by ``engine.replay.scenario.run`` like any other.

Why here and not in engine/replay: the outer format (entries, versions, ``choose:``, ``illegal:``:
:mod:`engine.replay.scenario_file`) and the checks (:mod:`engine.replay.judging`) are shared and
stay there; what a board holds and what a player can do is the game's.
"""

from __future__ import annotations

import sqlite3

from engine.core.choices import Chooser
from engine.core.decision_checks import decision_value, holds, is_decision_path
from engine.core.errors import ChoiceError, EngineError, IllegalAction, ScenarioError
from engine.core.limits import Limits
from engine.kotc.battle import battle, recover
from engine.kotc.counters import counters_from_kb, remove_counter
from engine.kotc.damage import damage_creature, damage_player, destroy_by_effect, modify, spread_total
from engine.kotc.state import PLAYERS, Board, Counter, Creature, Dice
from engine.replay.judging import Result, carry_for, expectations, judge_carried, observe
from engine.replay.scenario_file import answered_actions

#: what a scenario can do, in a battle phase or at any time
ACTIONS = ("battle", "remove_counter", "modify", "damage", "total", "destroy", "recover")
_CREATURE_PATHS = {
    "offense",
    "defense",
    "printed_offense",
    "printed_defense",
    "exhausted",
    "zone",
    "controller",
    "counters",
}


def build_board(setup: dict) -> Board:
    """``setup``: ``turn: {active}``, ``seed`` and ``dice`` (scripted rolls, then the seeded
    generator), and per player ``hitpoints`` and ``creatures``."""
    if not isinstance(setup, dict):
        raise ScenarioError(f"setup: expected a mapping, got {setup!r}")
    extra = set(setup) - {"turn", "seed", "dice", *PLAYERS}
    if extra:
        raise ScenarioError(f"setup: unknown keys {sorted(extra)}")
    turn = setup.get("turn") or {}
    board = Board(turn.get("active", "player1"), Dice(setup.get("dice"), setup.get("seed")))
    for player in PLAYERS:
        raw = setup.get(player) or {}
        extra = set(raw) - {"hitpoints", "creatures"}
        if extra:
            raise ScenarioError(f"setup.{player}: unknown keys {sorted(extra)}")
        board.players[player].hitpoints = int(raw.get("hitpoints", board.players[player].hitpoints))
        for item in raw.get("creatures") or []:
            board.creatures.append(_creature(item, player, board))
    return board


def _creature(item, player: str, board: Board) -> Creature:
    if not isinstance(item, dict) or "card" not in item or "offense" not in item or "defense" not in item:
        raise ScenarioError(f"creature {item!r}: expected {{card, offense, defense}}")
    extra = set(item) - {"card", "id", "offense", "defense", "exhausted", "counters"}
    if extra:
        raise ScenarioError(f"creature {item['card']!r}: unknown keys {sorted(extra)}")
    label = str(item.get("id") or item["card"])
    if any(c.label == label for c in board.creatures):
        raise ScenarioError(f"two creatures are called {label!r}: give one an id")
    offense, defense = int(item["offense"]), int(item["defense"])
    counters = [
        Counter(c, player) if not isinstance(c, dict) else Counter(c.get("counter"), c.get("owner", player))
        for c in item.get("counters") or []
    ]
    return Creature(
        label, player, offense, defense, offense, defense, bool(item.get("exhausted", False)), counters=counters
    )


def run_kotc(conn: sqlite3.Connection, scenario, version: str, limits: Limits | None = None, carry=None):
    """Replay ``scenario`` (an :class:`engine.replay.scenario_file.Scenario`) under ``version``, checked against
    the expectation ``carry`` names (see :mod:`engine.replay.carry`)."""
    result = Result(scenario.id, version, passed=False)
    budget = limits.start() if limits else None
    try:
        carry = carry or carry_for(conn, scenario, version)
        result.expect_version, result.reason = carry.expect_version, carry.reason
        expect = dict(expectations(scenario, version, carry))
        illegal, refusal = expect.pop("illegal", None), expect.pop("refusal_contains", None)
        rules = counters_from_kb(conn, scenario.game, version)
        board = build_board(scenario.setup)
        board.budget = budget
        result.trace = board.trace
        board.log(
            f"named counters {version}: "
            + ", ".join(
                f"{r.name}={r.shape}{'' if r.stat is None else f' {r.stat} {r.amount:+d}'}" for r in rules.values()
            )
        )
        chooser = Chooser(log=board.log)  # every decision leaves a trace line (engine.core.choices)
        refused: dict[int, str] = {}
        for n, action, answers in answered_actions(scenario.actions, carry.expect_version or version):
            chooser.begin_action(n)  # its decisions are numbered n.1, n.2, ... (engine.core.decision_checks)
            if isinstance(action, dict):  # answers on the action first, then its choose: actions'
                chooser.add(list(action.get("targets") or []) + list(action.get("choices") or []))
            chooser.add(answers)
            try:
                _do(board, rules, chooser, action)
            except IllegalAction as exc:
                refused[n] = str(exc)
                board.log(f"action {n} refused: {exc}")
        chooser.finish()

        def value(path: str):
            return decision_value(chooser, path) if is_decision_path(path) else _value(board, path)

        if carry.expect_version is None:
            observe(result, refused, expect, value)
        else:
            judge_carried(result, carry, illegal, refusal, refused, expect, value, holds)
    except (ChoiceError, ScenarioError, EngineError) as exc:
        result.error = str(exc)
        result.status = "failed"
    return result


def _do(board: Board, rules, chooser: Chooser, action) -> None:
    verbs = set(action) & set(ACTIONS) if isinstance(action, dict) else set()
    if len(verbs) != 1:
        raise ScenarioError(f"action {action!r}: expected one of {', '.join(ACTIONS)} or choose")
    verb = verbs.pop()
    extra = set(action) - {verb, "targets", "choices"}
    if extra:
        raise ScenarioError(f"action {action!r}: unknown keys {sorted(extra)}")
    arg = action[verb]
    if verb == "battle":
        arg = _mapping(arg, verb, {"team", "target", "defenders", "dice"}, {"team", "target"})
        battle(
            board,
            chooser,
            rules,
            [str(x) for x in arg["team"]],
            str(arg["target"]),
            [str(x) for x in arg.get("defenders") or []],
            arg.get("dice"),
        )
    elif verb == "remove_counter":
        arg = _mapping(arg, verb, {"card", "counter", "by"}, {"card", "counter"})
        remove_counter(
            board,
            rules,
            board.creature(str(arg["card"])),
            str(arg["counter"]),
            str(arg.get("by", board.active)),
            chooser,
        )
    elif verb == "modify":
        arg = _mapping(arg, verb, {"card", "offense", "defense"}, {"card"})
        for stat in ("offense", "defense"):
            if stat in arg:
                modify(board, board.creature(str(arg["card"])), stat, int(arg[stat]), "effect")
    elif verb == "damage":
        arg = _mapping(arg, verb, {"card", "player", "amount"}, {"amount"})
        if "player" in arg:
            damage_player(board, _player(arg["player"]), int(arg["amount"]), "effect")
        else:
            damage_creature(board, _in_play(board, arg.get("card")), int(arg["amount"]), "effect")
    elif verb == "total":
        arg = _mapping(arg, verb, {"effect", "amount", "among"}, {"effect", "amount", "among"})
        spread_total(
            board, chooser, str(arg["effect"]), int(arg["amount"]), [board.creature(str(x)) for x in arg["among"]]
        )
    elif verb == "destroy":
        destroy_by_effect(board, board.creature(str(arg)), chooser)
    else:
        recover(board)


def _mapping(arg, verb: str, allowed: set[str], required: set[str]) -> dict:
    if not isinstance(arg, dict) or not required <= set(arg) or set(arg) - allowed:
        raise ScenarioError(
            f"{verb}: expected a mapping with {', '.join(sorted(required))}"
            f" (and optionally {', '.join(sorted(allowed - required)) or 'nothing'}), got {arg!r}"
        )
    return arg


def _player(name) -> str:
    if name not in PLAYERS:
        raise ScenarioError(f"unknown player {name!r}")
    return name


def _in_play(board: Board, label) -> Creature:
    creature = board.creature(str(label))
    if not creature.in_play:
        raise IllegalAction(f"{label} is not in play")
    return creature


def _value(board: Board, path: str):
    if path == "winner":
        return board.winner
    if path == "active":
        return board.active
    head, _, attr = path.rpartition(".")
    if head in PLAYERS and attr == "hitpoints":
        return board.players[head].hitpoints
    if head in PLAYERS and attr in ("creatures", "graveyard"):
        zone = "creatures" if attr == "creatures" else "graveyard"
        return [c.label for c in board.creatures if c.controller == head and c.zone == zone]
    if head and attr in _CREATURE_PATHS:
        creature = board.creature(head)
        if attr == "counters":
            return [c.name for c in creature.counters]
        return getattr(creature, attr)
    raise ScenarioError(f"unknown check path {path!r}")
