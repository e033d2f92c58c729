"""The board builder's work (``POST /api/play`` and its siblings, :mod:`api.play`), done in a verify
worker (:mod:`api.workers`): check the request against the schema, the KB's versions and cards, run
each version in the engine from the board as built (:mod:`engine.replay.interactive`), compare the
versions and word the results. In a module of its own so that the server, which only forwards the
request, starts without importing the engine.
"""

from __future__ import annotations

import json
import logging
import sqlite3

import yaml

from engine.core.decision_checks import holds
from engine.core.errors import EngineError, LimitExceeded, ScenarioError
from engine.core.limits import Limits
from engine.replay.causes import differences, errata_of, switches_of
from engine.replay.interactive import Play, play
from engine.replay.judge_words import path_words
from engine.replay.outcome import changed
from engine.replay.judging import carry_for, expectations
from engine.replay.kb_cache import cache_for, entry_index
from engine.replay.ruling_export import as_yaml, file_id, ruling
from engine.replay.scenario import card_catalog, nearest_paths, versions_for
from engine.replay.ruling_import import INLINE, answers_by_version, is_choose, without_answers
from engine.replay.scenario_file import scenario_from_dict
from engine.replay.setup import build_game
from kb.versions import version_sort_key

from .errors import ApiError, check_no_surrogates
from .params import _no_constant
from .schema_check import SchemaViolation, check
from .spec import component_schemas
from .verify_run import _pick, game_versions

log = logging.getLogger(__name__)

GAME = "keyforge"  #: the builder plays KeyForge questions (Keeper of the Cards: docs/api.md says why not)
MAX_ANSWERS = 200  #: answers per version (the schema's ``PlayAnswers``)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def play_posted(conn: sqlite3.Connection, body: object, budget: tuple[int, float]) -> dict:
    """:func:`play_step`'s work: check the request, run each version, compare them."""
    scenario, versions, answers = _request(conn, body, "PlayRequest")
    expected = _expected_paths(conn, scenario, versions)
    runs = _runs(conn, scenario, versions, answers, budget, expected)
    out = {"game": GAME, "versions": [_version_view(conn, run, expected.get(run.version, {})) for run in runs.values()]}
    if len(runs) > 1 and all(r.status == "done" for r in runs.values()):
        shared = Limits(*budget).start()  # the replays that try the causes share one run's budget

        def rerun(version: str, adjust) -> Play | None:
            try:
                return _run(conn, scenario, version, answers, budget, (), adjust, shared)
            except ApiError:  # the budget spent, or the engine stopped: the cause stays untested
                return None

        out["differences"] = differences(conn, GAME, runs, rerun)
    return out


def export_posted(conn: sqlite3.Connection, body: object, budget: tuple[int, float]) -> tuple[str, str]:
    """:func:`play_export`'s work: (file id, the rulings file's YAML)."""
    scenario, versions, answers = _request(conn, body, "PlayExportRequest")
    runs = _runs(conn, scenario, versions, answers, budget)
    for run in runs.values():
        if run.status == "decision":
            d = run.decision
            raise ApiError(f"version {run.version} is not finished: decision {d.ref} ({d.text}) waits for an answer")
        if run.status == "error":
            raise ApiError(f"version {run.version} stopped: {run.error}")
    # a ruling opened in the builder keeps its id, title, entries and note unless the body says otherwise
    title = body.get("title") or scenario.get("title")
    name = file_id(body.get("id") or scenario.get("id"), title)
    entries = [body["entry"]] if body.get("entry") else list(scenario.get("entries") or [])
    for entry in entries:
        ref = entry["entry"] if isinstance(entry, dict) else entry
        if not entry_index(conn, GAME).for_ref(ref):
            raise ApiError(f"entry {ref[:80]!r}: no {GAME} entry of the KB has that key or question")
    if entries:
        # verify replays the file under every version where an entry (or its thread) appears: each
        # must have been played, so that the file answers its decisions and states its outcome
        linked = versions_for(conn, _scenario({"id": name, "expect": {}, "entries": entries}))
        missing = [v for v in linked if v not in runs]
        if missing:
            raise ApiError(
                f"the ruling's entries appear in {', '.join(missing)} too, where verify replays the file: "
                "play the question under those versions as well (versions: all)"
            )
    mapping = ruling(
        GAME,
        scenario.get("setup") or {},
        scenario.get("actions") or [],
        runs,
        name,
        title,
        entries,
        scenario.get("note"),
    )
    return name, as_yaml(mapping)


def import_posted(conn: sqlite3.Connection, text: str, budget: tuple[int, float]) -> dict:
    """:func:`play_scenario`'s work: the pasted file read, its answers moved out."""
    return _for_builder(conn, _parse(text), budget)


def import_ruling(conn: sqlite3.Connection, ruling_id: str, budget: tuple[int, float]) -> dict:
    """:func:`ruling_for_builder`'s work: the KB's scenario with that id, as the builder loads it."""
    try:
        row = conn.execute("SELECT yaml FROM scenarios WHERE id = ?", (ruling_id,)).fetchone()
    except sqlite3.OperationalError:  # a KB built before scenarios were stored holds none
        row = None
    if row is None:
        raise ApiError(f"no ruling scenario with id {ruling_id[:80]!r} (scenario ids are listed on entries)", 404)
    return _for_builder(conn, yaml.load(row[0], Loader=_LOADER), budget)


def _parse(text: str) -> object:
    """JSON, or YAML without anchors and aliases: an alias repeats a node without its bytes, so a
    small body could stand for a huge scenario. (JSON is tried first: JSON indented with tabs is not
    YAML.)"""
    if text.lstrip().startswith(("{", "[")):
        try:
            return check_no_surrogates(json.loads(text, parse_constant=_no_constant))
        except (ValueError, RecursionError):
            pass  # YAML's flow style starts so too: read as YAML below
    try:
        if any(isinstance(t, yaml.AliasToken) for t in yaml.scan(text, Loader=_LOADER)):
            raise ApiError("the scenario uses a YAML alias (*name): write the value out")
        return yaml.load(text, Loader=_LOADER)
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        at = f" at line {where.line + 1}, column {where.column + 1}" if where else ""
        raise ApiError(f"the scenario is not valid YAML or JSON{at}: {getattr(exc, 'problem', None) or exc}") from None


def _for_builder(conn: sqlite3.Connection, raw: object, budget: tuple[int, float]) -> dict:
    if not isinstance(raw, dict):
        raise ApiError("the scenario must be a mapping (id, setup, actions, expect ...), as in rulings/")
    raw = {"game": GAME, **raw}
    if raw["game"] != GAME:
        raise ApiError(f"the builder plays {GAME} questions; this scenario is a {str(raw['game'])[:40]} one")
    _schema(raw, "ImportScenario", "invalid scenario")
    _check_cards(conn, raw)
    scenario = _scenario({"id": "question", "expect": {}, **raw})
    rulesets = cache_for(conn).setdefault("rulesets", {})
    versions = game_versions(conn, GAME)
    try:
        answers = answers_by_version(conn, scenario, versions, rulesets, Limits(*budget).start())
    except LimitExceeded as exc:
        raise ApiError(f"the scenario stopped: {exc}") from None
    except ScenarioError as exc:
        raise ApiError(f"invalid scenario: {exc}") from None
    return {"scenario": without_answers(raw), "answers": answers}


def _scenario(raw: dict):
    """The :class:`~engine.replay.scenario_file.Scenario` of a mapping the schema passed, or a 400."""
    try:
        return scenario_from_dict(raw, "<scenario>")
    except ScenarioError as exc:
        raise ApiError(f"invalid scenario: {str(exc).removeprefix('<scenario>: ')}") from None


def _schema(value: object, name: str, what: str) -> None:
    try:
        check(value, {"$ref": f"#/components/schemas/{name}"}, component_schemas())
    except SchemaViolation as exc:
        raise ApiError(f"{what}: {exc}") from None


def _check_cards(conn: sqlite3.Connection, scenario: dict) -> None:
    # the catalog the runs use, kept with the rule sets while the KB is unchanged (engine.replay.kb_cache)
    catalog = card_catalog(conn, cache_for(conn).setdefault("rulesets", {}))
    try:
        build_game(scenario.get("setup") or {}, catalog)  # unknown cards, duplicate ids, bad owners
    except ScenarioError as exc:
        raise ApiError(f"invalid scenario: setup: {exc}") from None


def _request(conn: sqlite3.Connection, body: object, schema: str) -> tuple[dict, list[str], dict[str, list]]:
    """(scenario, versions to run, answers per version) of a request, or a 400 naming the problem."""
    if not isinstance(body, dict):
        raise ApiError("the body must be a JSON object: {scenario, versions, answers}")
    scenario = body.get("scenario")
    if isinstance(scenario, dict):
        if scenario.get("game", GAME) != GAME:
            raise ApiError(f"scenario.game: the builder plays {GAME} questions only")
        for n, action in enumerate(scenario.get("actions") or []):
            if is_choose(action):
                raise ApiError(f"scenario.actions[{n}]: choose: answers go in answers, per version, not in actions")
            carried = [k for k in INLINE if isinstance(action, dict) and k in action]
            if carried:
                raise ApiError(
                    f"scenario.actions[{n}].{carried[0]}: answers go in answers, per version, not in actions "
                    "(POST /api/play/scenario moves them out of a rulings file)"
                )
    _schema(body, schema, "invalid request")
    scenario = {"game": GAME, **scenario}
    _check_cards(conn, scenario)
    known = game_versions(conn, GAME)
    asked = body.get("versions")
    if asked is None:
        versions = known[-1:]
    elif asked == "all":
        versions = list(known)
    else:
        why = f"{GAME} versions in the KB are {', '.join(known)}"
        versions = sorted({_pick(v, known, why) for v in asked}, key=version_sort_key)
    answers = {}
    for label, given in (body.get("answers") or {}).items():
        version = _pick(label, known, f"answers: {GAME} versions in the KB are {', '.join(known)}")
        answers[version] = given  # answers for a version not run are kept by the page, not used here
    return scenario, versions, answers


def _runs(
    conn, scenario: dict, versions: list[str], answers: dict, budget: tuple[int, float], paths: dict | None = None
) -> dict[str, Play]:
    """Each version's run; ``paths``: version -> the checks whose values to read at the end."""
    return {v: _run(conn, scenario, v, answers, budget, (paths or {}).get(v, {})) for v in versions}


def _run(conn, scenario: dict, v: str, answers: dict, budget, paths, adjust=None, spend=None) -> Play:
    """One version's run (``adjust``: the rule set changed, :func:`engine.replay.causes.as_in`;
    ``spend``: a running budget to spend, else a new one of ``budget``)."""
    try:
        return play(
            conn,
            GAME,
            scenario.get("setup") or {},
            scenario.get("actions") or [],
            v,
            answers.get(v, []),
            spend or Limits(*budget).start(),
            cache_for(conn).setdefault("rulesets", {}),
            paths=list(paths),
            adjust=adjust,
        )
    except LimitExceeded as exc:
        raise ApiError(f"the question stopped under {v}: {exc}") from None
    except ScenarioError as exc:
        raise ApiError(f"invalid scenario under {v}: {exc}") from None
    except (EngineError, RecursionError, ArithmeticError, LookupError, TypeError, ValueError, AttributeError) as exc:
        log.warning("engine failed on a posted question under %s: %r", v, exc)
        raise ApiError(f"the engine cannot run this question under {v}: {type(exc).__name__}: {exc}") from None


def _expected_paths(conn, scenario: dict, versions: list[str]) -> dict[str, dict]:
    """Version -> the checks a loaded ruling's ``expect`` states for it, as verify picks them: the
    expectation carried to the version when the scenario names entries, else the nearest earlier.
    A version verify leaves unverified (no expectation states its ruling) gets the paths verify
    records for it, each expected None."""
    if not isinstance(scenario.get("expect"), dict) or not scenario["expect"]:
        return {}
    s = _scenario({"id": "question", **scenario})
    out = {}
    for v in versions:
        try:
            if s.entries:
                carry = carry_for(conn, s, v, entry_index(conn, GAME))
                stated = carry.expect_version is not None
                checks = expectations(s, v, carry) if stated else nearest_paths(s, v)
                out[v] = {p: e if stated else None for p, e in checks.items()}
            else:
                out[v] = dict(expectations(s, v))
        except ScenarioError:
            out[v] = {}
        out[v].pop("refusal_contains", None)
    return out


def _version_view(conn: sqlite3.Connection, run: Play, expected: dict) -> dict:
    out = {"version": run.version, "status": run.status}
    if run.decision is not None:
        d = run.decision
        out["decision"] = {
            "ref": d.ref,
            "action": d.action,
            "number": d.number,
            "text": d.text,
            "options": d.options,
            "words": run.decision_words,
        }
    out["steps"] = [
        {"action": s.action, "words": s.words, "refused": s.refused and s.refused.splitlines()[0], "board": s.board}
        for s in run.steps
    ]
    out["start"] = run.start
    out["trace"] = run.trace
    if run.error is not None:
        out["error"] = run.error
    out["switches"] = switches_of(run)
    out["errata"] = errata_of(conn, GAME, run)
    if run.status == "done":
        out["outcome"] = [
            {"path": p, "words": path_words(p), "before": run.before.get(p), "after": v}
            for p, v in changed(run.before, run.after).items()
        ]
    if expected and run.status == "done":
        out["checks"] = [
            {
                "path": p,
                "words": path_words(p),
                "expected": e,
                "actual": run.values.get(p),
                "ok": _check_holds(p, e, run.values.get(p)),
            }
            for p, e in expected.items()
        ]
    return out


def _check_holds(path: str, expected, actual) -> bool | None:
    """Does a loaded ruling's check hold on the run? None where verify checks nothing (an
    unverified version's recorded path); ``illegal`` lists the refused actions, as verify reads it."""
    if expected is None:
        return None
    if path == "illegal":
        return actual == (sorted(expected) if isinstance(expected, list) else [expected])
    return holds(path, expected, actual)
