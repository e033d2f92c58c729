"""What a verify worker (:mod:`api.workers`) does for ``POST /api/verify`` and
``POST /api/rulings/<id>/verify`` (:mod:`api.verify`, which reads the request): check a posted
scenario against the schema of its game and the KB, and replay it, or a ruling of the KB, in the
engine within the request's budget. In a module of its own so that the server, which only forwards
the request, starts without importing the engine.
"""

from __future__ import annotations

import logging
import re
import sqlite3
from pathlib import Path

import yaml

from engine.core.decision_checks import is_decision_path
from engine.core.errors import EngineError, LimitExceeded, ScenarioError
from engine.kotc import GAME as GAME_KOTC
from engine.kotc.scenario import ACTIONS as KOTC_ACTIONS, _CREATURE_PATHS as KOTC_CREATURE_PATHS, build_board
from engine.kotc.state import PLAYERS
from engine.core.limits import Limits
from engine.replay.scenario_board import ACTIONS
from engine.replay.scenario_file import Scenario, scenario_from_dict
from engine.replay.judge_words import path_words, words
from engine.replay.judging import expectations
from engine.replay.scenario import run, versions_for
from engine.replay.setup import CardCatalog, build_game
from engine.replay.verify import STORED, report, summarize
from engine.rules.rulesets import switch_descriptions
from kb.versions import same_version, version_sort_key

from .errors import ApiError
from .schema_check import SchemaViolation, check
from .spec import component_schemas, verify_request_schema


log = logging.getLogger(__name__)


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


MAX_VERSION_LEN = 32  #: characters of a version label (a query parameter or an ``expect`` key)


def game_versions(conn: sqlite3.Connection, game: str) -> list[str]:
    return [v for (v,) in conn.execute("SELECT version FROM documents WHERE game = ? ORDER BY version_sort", (game,))]


def _pick(version: str, available: list[str], why: str) -> str:
    """The label in ``available`` naming ``version`` ("16" is "16.0"), or a 400 saying ``why``."""
    for v in available:
        if v == version or same_version(v, version):
            return v
    raise ApiError(f"version {version[:40]!r}: {why}")


def kb_scenarios(conn: sqlite3.Connection, scenario_id: str | None = None) -> list[Scenario]:
    """The scenarios the KB stores (as the build read them from rulings/), or the one with that id."""
    sql = "SELECT id, path, yaml FROM scenarios" + (" WHERE id = ?" if scenario_id is not None else "")
    try:
        rows = conn.execute(sql, () if scenario_id is None else (scenario_id,)).fetchall()
    except sqlite3.OperationalError:  # a KB built before scenarios were stored holds none
        return []
    return [scenario_from_dict(yaml.load(text, Loader=_LOADER), Path(path)) for _, path, text in rows]


def replay_ruling(conn: sqlite3.Connection, ruling_id: str, version: str | None, budget: tuple[int, float]) -> dict:
    """:func:`verify_ruling`'s work, in a verify worker: ``budget`` is (engine steps, CPU seconds)."""
    found = kb_scenarios(conn, ruling_id)
    if not found:
        raise ApiError(f"no ruling scenario with id {ruling_id!r} (scenario ids are listed on entries)", 404)
    scenario = found[0]
    if version is not None:
        available = versions_for(conn, scenario)
        version = _pick(
            version,
            available,
            f"scenario {scenario.id} replays under {', '.join(available) or 'no version of this KB'}",
        )
    try:
        return in_judges_words(report(conn, [scenario], version, counted=STORED, limits=Limits(*budget)))
    except LimitExceeded as exc:
        raise ApiError(f"scenario {scenario.id} stopped: {exc}") from None


def scenario_from_body(conn: sqlite3.Connection, raw: object, kb_path: str | None = None) -> Scenario:
    """The posted scenario, checked against the schema of its game and the KB before any run."""
    body = {"game": "keyforge", **raw} if isinstance(raw, dict) else raw  # game: keyforge by default
    try:
        check(body, verify_request_schema(kb_path), component_schemas(kb_path))
    except SchemaViolation as exc:
        hint = " (no game given: read as a keyforge scenario)" if isinstance(raw, dict) and "game" not in raw else ""
        raise ApiError(f"invalid scenario: {exc}{hint}") from None
    kotc = body["game"] == GAME_KOTC
    _check_actions(body.get("actions") or [], KOTC_ACTIONS if kotc else ACTIONS)
    _check_version_keys("expect", body["expect"])
    games = [g for (g,) in conn.execute("SELECT DISTINCT game FROM documents ORDER BY game")]
    try:
        scenario = scenario_from_dict(body, "<request>")
    except ScenarioError as exc:
        raise ApiError(f"invalid scenario: {str(exc).removeprefix('<request>: ')}") from None
    if scenario.game not in games:
        raise ApiError(f"invalid scenario: game {scenario.game!r} is not in the KB (games: {', '.join(games)})")
    if kotc:
        _check_kotc(scenario)
        return scenario
    try:
        build_game(scenario.setup, CardCatalog(conn))  # unknown cards, duplicate ids, bad owners
    except ScenarioError as exc:
        raise ApiError(f"invalid scenario: setup: {exc}") from None
    return scenario


def _check_actions(actions: list[dict], verbs_known: tuple[str, ...]) -> None:
    for n, action in enumerate(actions):
        verbs = [k for k in action if k in verbs_known]
        if "choose" in action and len(action) > 1:
            raise ApiError(f"invalid scenario: actions[{n}]: choose stands alone, after the action it answers")
        if "choose" in action:
            if isinstance(action["choose"], dict):
                _check_version_keys(f"actions[{n}].choose", action["choose"])
            if n == 0:
                raise ApiError("invalid scenario: actions[0]: choose answers the action before it; there is none")
        elif len(verbs) != 1:
            raise ApiError(
                f"invalid scenario: actions[{n}]: expected exactly one of {', '.join(verbs_known)} "
                f"(or choose alone), got {', '.join(action) or 'nothing'}"
            )


def _check_kotc(scenario: Scenario) -> None:
    """A Keeper of the Cards scenario's board, and the creatures its actions and checks name."""
    try:
        board = build_board(scenario.setup)  # creature stats, duplicate labels, the active player
    except ScenarioError as exc:
        raise ApiError(f"invalid scenario: setup: {exc}") from None
    labels = [c.label for c in board.creatures]

    def known(where: str, label: str, players: bool = False) -> None:
        if label not in labels and not (players and label in PLAYERS):
            raise ApiError(
                f"invalid scenario: {where}: no creature {label!r} in the setup "
                f"(creatures: {', '.join(labels) or 'none'})"
            )

    for n, action in enumerate(scenario.actions):
        verb = next((k for k in action if k in KOTC_ACTIONS), None)
        arg, where = action.get(verb), f"actions[{n}].{verb}"
        if verb == "battle":
            for i, label in enumerate(arg["team"]):
                known(f"{where}.team[{i}]", label)
            for i, label in enumerate(arg.get("defenders") or []):
                known(f"{where}.defenders[{i}]", label)
            known(f"{where}.target", arg["target"], players=True)
        elif verb == "total":
            for i, label in enumerate(arg["among"]):
                known(f"{where}.among[{i}]", label)
        elif verb == "destroy":
            known(where, arg)
        elif verb == "damage" and ("card" in arg) == ("player" in arg):
            raise ApiError(f"invalid scenario: {where}: give card (a creature) or player, not both or neither")
        elif verb in ("remove_counter", "modify", "damage") and "card" in arg:
            known(f"{where}.card", arg["card"])
    for version, checks in scenario.expect.items():
        for path in checks:
            head, _, attr = path.rpartition(".")
            if (
                path in ("winner", "active", "illegal", "refusal_contains")
                or is_decision_path(path)
                or (head in PLAYERS and attr in ("hitpoints", "creatures", "graveyard"))
            ):
                continue
            if head and attr in KOTC_CREATURE_PATHS:
                known(f"expect.{version}.{path}", head)
                continue
            raise ApiError(
                f"invalid scenario: expect.{version}: unknown check path {path[:200]!r} (paths: winner, "
                f"active, decisions.A.N.offered|not_offered|chosen, PLAYER.hitpoints|creatures|graveyard, "
                f"CREATURE.{'|'.join(sorted(KOTC_CREATURE_PATHS))})"
            )


def _check_version_keys(where: str, mapping: dict) -> None:
    for key in mapping:
        if not key.strip() or len(key) > MAX_VERSION_LEN:
            raise ApiError(f"invalid scenario: {where}: {key[:40]!r} is not a version label")


def run_versions(conn: sqlite3.Connection, scenario: Scenario, version: str | None) -> list[str]:
    """Where to replay a posted scenario: ``version``; else the versions where its entries
    appear; else (no entries) every KB version of its game that its ``expect`` covers."""
    known = game_versions(conn, scenario.game)
    if version is not None:
        chosen = [_pick(version, known, f"{scenario.game} versions in the KB are {', '.join(known)}")]
    elif scenario.entries:
        chosen = versions_for(conn, scenario)
        if not chosen:
            raise ApiError(
                f"invalid scenario: entries: none of them matches a {scenario.game} entry of the KB "
                "(give KB keys or the start of a question)"
            )
    else:
        first = min(map(version_sort_key, scenario.expect))
        chosen = [v for v in known if version_sort_key(v) >= first]
    if not scenario.entries:  # linked to no answer: its expectations hold from their version on
        for v in chosen:
            try:
                expectations(scenario, v)
            except ScenarioError:
                raise ApiError(f"invalid scenario: expect: nothing for version {v} or an earlier one") from None
    if not chosen:
        raise ApiError(
            f"invalid scenario: expect: no {scenario.game} version of the KB is that late "
            f"(versions: {', '.join(known)})"
        )
    return chosen


def replay_posted(conn: sqlite3.Connection, raw: object, version: str | None, budget: tuple[int, float]) -> dict:
    """:func:`verify_posted`'s work, in a verify worker: ``raw`` is the JSON body as read."""
    kb_path = conn.execute("PRAGMA database_list").fetchone()[2]  # the KB the worker opened
    scenario = scenario_from_body(conn, raw, kb_path)
    results = []
    for v in run_versions(conn, scenario, version):
        try:
            results.append(run(conn, scenario, v, Limits(*budget)).as_dict())
        except LimitExceeded as exc:
            raise ApiError(f"scenario stopped under {v}: {exc}") from None
        except (
            EngineError,
            RecursionError,
            ArithmeticError,
            LookupError,
            TypeError,
            ValueError,
            AttributeError,
        ) as exc:
            # input the schema allows but the engine cannot model (an upgrade on the battleline, ...)
            log.warning("engine failed on a posted scenario under %s: %r", v, exc)
            raise ApiError(f"the engine cannot run this scenario under {v}: {type(exc).__name__}: {exc}") from None
    return in_judges_words(summarize(conn, results, [scenario]))


def in_judges_words(found: dict) -> dict:
    """The verify report with each result's trace and check paths as a judge reads them (``words``:
    ``{"trace": [...], "checks": {path: words}}``, engine.replay.judge_words): "you steal 2 Æmber",
    "Your Æmber", never "player1 steals" nor "you steals". The engine's own lines stay beside them."""
    for result in found.get("results", ()):
        result["words"] = {
            # the engine's case kept: a line may start with a card's label ("a deals 2 damage")
            "trace": [
                words(line, capital=False)
                for line in result.get("trace") or ()
                if not str(line).startswith("rule set ")
            ],
            "checks": {c["path"]: path_words(str(c["path"])) for c in result.get("checks") or ()},
            "switches": [
                rule
                for line in result.get("trace") or ()
                if str(line).startswith("rule set ")
                for rule in switch_words(line)
            ],
        }
    return found


_SWITCH = re.compile(r"(\w+)=(\w+)")


def switch_words(line: str) -> list[str]:
    """The engine's rule set line ("rule set 16.0: first_turn_rule_modifiable=True, ...") as the
    rules it states, one sentence each, in the words of engine/rules/rulesets.toml: "Card effects can
    modify the First Turn Rule (...) — yes."."""
    descriptions = {k: v.rstrip(".") or k for k, v in switch_descriptions().items()}
    _, _, rest = str(line).partition(": ")
    said = [
        f"{descriptions.get(name, name.replace('_', ' '))} {VALUE_WORDS.get(value, value)}"
        for name, value in _SWITCH.findall(rest)
    ]
    return said or [str(line)]


#: a switch's value as a judge reads it, after its description
VALUE_WORDS = {"True": "— yes.", "False": "— no."}
