"""A rulings file opened in the builder: its answers moved out of its actions into answers per
version, flat and in the order the decisions are asked (the shape ``POST /api/play`` takes).

Why by replaying: a rulings file answers the decisions of each action where the action is
(``targets``, ``choices``, ``flank``, ``position``) and in ``choose:`` actions after it, a list or a
mapping per version; ``rulebase verify`` tries, per version, the answers of its own version, of the
version whose expectation applies, then the nearest ones, and keeps the first that answers exactly
the decisions raised (:func:`engine.replay.scenario.answer_versions`). Which list that is, and which
answers a refused action drops, only a replay tells; so each version is replayed here the way verify
replays it, and the answers it took are the version's answers. Replayed with them, the question runs
to the outcome verify finds (``tests/test_play_api.py`` checks every bundled ruling).

The ``choose:`` actions go, so the actions after one move up: the ``illegal`` and ``decisions.A.N``
paths of ``expect`` are renumbered to match.
"""

from __future__ import annotations

import re
import sqlite3

from engine.core.errors import ChoiceError, EngineError, ScenarioError
from engine.replay.carry import Carry, plan
from engine.replay.interactive import AskingChooser, DecisionPending
from engine.replay.kb_cache import entry_index
from engine.replay.scenario import answer_versions, play_actions, prepare
from engine.replay.scenario_file import Scenario, answered_actions

#: what an action may carry as answers of its own (rulings/README.md)
INLINE = ("flank", "position", "targets", "choices")
_DECISION = re.compile(r"^decisions\.(\d+)\.(\d+)\.(\w+)$")


def is_choose(action) -> bool:
    return isinstance(action, dict) and set(action) == {"choose"}


def without_answers(raw: dict) -> dict:
    """The scenario with no answer left in its actions, ``expect`` renumbered to the actions kept."""
    kept, renumber = [], {}
    for n, action in enumerate(raw.get("actions") or []):
        if is_choose(action):
            continue
        renumber[n] = len(kept)
        kept.append({k: v for k, v in action.items() if k not in INLINE} if isinstance(action, dict) else action)
    out = {**raw, "actions": kept}
    if isinstance(raw.get("expect"), dict):
        out["expect"] = {v: _renumbered(checks, renumber) for v, checks in raw["expect"].items()}
    return out


def _renumbered(checks, renumber: dict[int, int]):
    if not isinstance(checks, dict):
        return checks  # another version's label

    def action(n):
        return renumber.get(n, n) if isinstance(n, int) else n

    out = {}
    for path, value in checks.items():
        m = _DECISION.match(str(path))
        if m:
            path = f"decisions.{action(int(m[1]))}.{m[2]}.{m[3]}"
        elif path == "illegal":
            value = [action(n) for n in value] if isinstance(value, list) else action(value)
        out[path] = value
    return out


def answers_by_version(
    conn: sqlite3.Connection, scenario: Scenario, versions: list[str], rulesets: dict | None = None, budget=None
) -> dict[str, list[str]]:
    """Version -> the answers, flat, that a replay of ``scenario`` under that version takes, chosen as
    verify chooses them. A version none of whose candidate lists fits gets what its own list
    answered before it stopped: the builder asks the rest."""
    carries: dict[str, Carry] = {}
    if scenario.entries:
        try:
            carries = plan(conn, scenario, entry_index(conn, scenario.game))
        except ScenarioError:
            carries = {}
    out = {}
    for version in versions:
        carry = carries.get(version) or Carry(version, None)
        first = None
        for answers_of in answer_versions(scenario, version, carry):
            fits, taken = _replay(conn, scenario, version, answers_of, rulesets, budget)
            first = taken if first is None else first
            if fits:
                out[version] = taken
                break
        else:
            out[version] = first or []
    return out


def _replay(conn, scenario: Scenario, version: str, answers_of: str, rulesets, budget) -> tuple[bool, list[str]]:
    """(whether ``answers_of``'s answers answer exactly the decisions raised, the options they took)."""
    chooser = AskingChooser([])
    engine = prepare(conn, scenario.game, scenario.setup, version, chooser, budget, rulesets)
    try:
        play_actions(engine, answered_actions(scenario.actions, answers_of))
        fits = True
    except (ChoiceError, DecisionPending):
        fits = False
    except (ScenarioError, EngineError):  # the rules stop it: the answers fit as far as they went
        fits = True
    return fits, [option for _, option in chooser.answered]
