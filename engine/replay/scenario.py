"""Replaying a ruling: set up the board of a scenario (:mod:`engine.replay.scenario_file`), run the
actions, check the result (:mod:`engine.replay.judging`).

The outer format is shared by every game; a scenario with ``game: keeper-of-the-cards`` is run by
:mod:`engine.kotc.scenario` (its board, actions and check paths), everything else by KeyForge's engine.

A scenario replays under every version whose document contains one of its entries (KB keys or
question prefixes, compared without typography or set-code style, and the entries that share their
threads). ``expect`` gives the checks per version; a version left out is checked against the
expectation of a version whose answer states the same ruling, or reported unverified
(:mod:`engine.replay.carry`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

from kb.versions import version_sort_key

from engine.core.choices import Chooser
from engine.core.decision_checks import holds
from engine.core.errors import ChoiceError, EngineError, IllegalAction, ScenarioError
from engine.core.limits import Limits
from engine.kotc import GAME as GAME_KOTC
from engine.kotc.scenario import run_kotc
from engine.replay.carry import Carry, plan
from engine.replay.entries import EntryIndex
from engine.replay.judging import Result, carry_for, expectations, judge_carried, observe
from engine.replay.kb_cache import cache_for, entry_index
from engine.replay.readings import settle
from engine.replay.scenario_board import _do, _value
from engine.replay.scenario_file import Scenario, answered_actions
from engine.replay.setup import CardCatalog, build_game
from engine.rules.game import Engine
from engine.rules.rulesets import ruleset_from_kb


def entries_for_ref(
    conn: sqlite3.Connection, game: str, ref: str, index: EntryIndex | None = None
) -> list[tuple[str, int]]:
    """(version, entry id) of the entries a reference names: a KB key (of any entry), or a prefix of
    an FAQ question or example, compared without typography or set-code style."""
    return (index or entry_index(conn, game)).for_ref(ref)


def matching_entries(
    conn: sqlite3.Connection, scenario: Scenario, index: EntryIndex | None = None
) -> list[tuple[str, int]]:
    """(version, entry id) of every KB entry the scenario replays: those its refs name, and those
    sharing their threads in versions no ref names."""
    return (index or entry_index(conn, scenario.game)).linked(scenario.entries, scenario.scopes)


def versions_for(conn: sqlite3.Connection, scenario: Scenario, index: EntryIndex | None = None) -> list[str]:
    versions = {v for v, _ in matching_entries(conn, scenario, index)}
    return sorted(versions, key=version_sort_key)


def run(
    conn: sqlite3.Connection,
    scenario: Scenario,
    version: str,
    limits: Limits | None = None,
    carry: Carry | None = None,
    rulesets: dict | None = None,
) -> Result:
    """Replay ``scenario`` under ``version``, checked against the expectation ``carry`` names
    (default: worked out by :func:`carry_for`). With ``limits``, the run raises
    :class:`~engine.core.errors.LimitExceeded` once it spends more steps or seconds than they allow.
    ``rulesets``: a cache of rule sets by (game, version), shared by the replays of one build."""
    if scenario.game == GAME_KOTC:
        return run_kotc(conn, scenario, version, limits, carry)
    result = Result(scenario.id, version, passed=False)
    budget = limits.start() if limits else None  # the clock runs from here: setup counts too
    if carry is None or rulesets is None:  # read once per KB state, not once per replay (engine.replay.kb_cache)
        cache = cache_for(conn)
        rulesets = cache.setdefault("rulesets", {}) if rulesets is None else rulesets
    try:
        if carry is None:
            carry = _kept_carry(conn, scenario, version, cache)
        candidates = answer_versions(scenario, version, carry)
        return _replay_answered(conn, scenario, version, carry, candidates, budget, rulesets)
    except (ChoiceError, ScenarioError, EngineError) as exc:
        result.error = str(exc)
        result.status = "failed"
    return result


#: scenarios whose carries are kept per KB state (the latest replayed): a posted scenario is a new
#: object every time, the rulings' are the same ones replayed again and again
PLANS_KEPT = 512


def _kept_carry(conn: sqlite3.Connection, scenario: Scenario, version: str, cache: dict) -> Carry:
    """What ``scenario`` is checked against under ``version``: the carries of every version it
    replays are worked out together (:func:`engine.replay.carry.plan`) at its first replay and kept
    with what replays read once per KB state, as long as the same scenario object is replayed."""
    index = entry_index(conn, scenario.game, cache)
    plans = cache.setdefault("carry plans", {})
    kept = plans.get(id(scenario))
    if kept is None or kept[0] is not scenario:  # the object is held, so its id is not reused meanwhile
        try:
            carries = plan(conn, scenario, index)
        except ScenarioError:  # said with the scenario's id by carry_for, below
            carries = {}
        kept = plans[id(scenario)] = (scenario, carries)
        while len(plans) > PLANS_KEPT:
            del plans[next(iter(plans))]
    found = kept[1].get(version)
    return found if found is not None else carry_for(conn, scenario, version, index)


def answer_versions(scenario: Scenario, version: str, carry: Carry) -> list[str]:
    """Whose ``choose:`` answers to try under ``version``, in order, when the answers are given per
    version: the decisions a replay raises come from the rules in force (errata told by version
    order, rule switches told by the text), so the answers listed for the version itself come
    first, then those of the version whose expectation is checked, then the nearest earlier ones,
    then the others; the first list that answers exactly the decisions raised is the one."""
    keys = {
        str(k)
        for a in scenario.actions
        if isinstance(a, dict) and isinstance(a.get("choose"), dict)
        for k in a["choose"]
    }
    if not keys:
        return [version]
    at = version_sort_key(version)
    rest = sorted(keys, key=lambda k: (version_sort_key(k) > at, abs(_rank(keys, k) - _rank(keys, version))))
    out, seen = [], set()
    for v in [version, carry.expect_version, *rest]:
        if v is None:
            continue
        answers = tuple(tuple(map(repr, a)) for _, _, a in answered_actions(scenario.actions, v))
        if answers not in seen:
            seen.add(answers)
            out.append(v)
    return out


def _rank(keys: set[str], version: str) -> int:
    return sorted([*keys, version], key=version_sort_key).index(version)


def _replay_answered(conn, scenario, version, carry, candidates, budget, rulesets, adjust=None) -> Result:
    """The replay under the first of ``candidates`` (versions whose ``choose:`` answers to use) whose
    answers fit the decisions raised; the last one's :class:`ChoiceError` when none does."""
    for answers_of in candidates[:-1]:
        try:
            return _replay(conn, scenario, version, carry, answers_of, budget, rulesets, candidates, adjust)
        except ChoiceError:
            pass
    return _replay(conn, scenario, version, carry, candidates[-1], budget, rulesets, candidates, adjust)


def _replay(
    conn: sqlite3.Connection,
    scenario: Scenario,
    version: str,
    carry: Carry,
    answers_of: str,
    budget,
    rulesets: dict | None,
    candidates: list[str],
    adjust=None,
) -> Result:
    """One replay under ``version`` with the ``choose:`` answers given for ``answers_of``; raises
    :class:`ChoiceError` when they do not answer exactly the decisions the replay raises. A replay
    that consulted a rule switch ``version``'s text does not state is settled by replaying every
    reading of it (:mod:`engine.replay.readings`), each with the first of ``candidates`` whose answers
    fit the decisions that reading raises; ``adjust`` is how one reading is set."""
    result = Result(scenario.id, version, passed=False)
    result.expect_version, result.reason = carry.expect_version, carry.reason
    stated = carry.expect_version is not None
    expect = dict(expectations(scenario, version, carry) if stated else nearest_paths(scenario, version))
    illegal = expect.pop("illegal", None)
    refusal = expect.pop("refusal_contains", None)
    engine = prepare(conn, scenario.game, scenario.setup, version, Chooser(), budget, rulesets, adjust)
    game, rules = engine.game, engine.rules
    result.trace = game.trace
    if stated and carry.expect_version != version:
        game.log(
            f"checked against the expectation stated for {carry.expect_version}: "
            f"its answer states the same ruling as {version}'s"
        )
    try:
        refused = play_actions(engine, answered_actions(scenario.actions, answers_of))
    except (ScenarioError, EngineError) as exc:
        if isinstance(exc, ChoiceError):
            raise
        result.error, result.status = str(exc), "failed"
        return result
    value = lambda path: _value(engine, path)  # noqa: E731
    if stated:
        judge_carried(result, carry, illegal, refusal, refused, expect, value, holds)
    else:
        observe(result, refused, expect, value)
    undetermined = rules.undetermined_used()
    if undetermined and result.status != "unverified" and adjust is None:
        return settle(
            result,
            rules,
            lambda reading: _replay_answered(conn, scenario, version, carry, candidates, budget, rulesets, reading),
        )
    if undetermined and result.status != "unverified":
        result.status, result.passed = "unverified", False
        result.reason = "; ".join(undetermined)
        game.log(f"unverified: {result.reason}")
    return result


def every_card_readable(engine: Engine) -> None:
    """Stop a replay with a card the engine cannot read anywhere on the board ("card not implemented
    in the engine yet"), not only in play: a card's abilities also work from a hand (Scrap), a
    discard pile (Nirbor Flamewing) or archives (The Archivist), and a card never read there would
    be played as if it had no text. A deck's cards are left out: facedown, no ability works there, and
    a scenario may search a deck for a card the engine cannot play yet (its text is read once it is
    played or used)."""
    for player in engine.game.players.values():
        for zone, cards in player.zones.items():
            for card in cards if zone != "deck" else ():
                engine.variant(card)
                for other in (*card.upgrades, *card.beneath):
                    engine.variant(other)


def prepare(
    conn: sqlite3.Connection,
    game_name: str,
    setup: dict,
    version: str,
    chooser: Chooser,
    budget,
    rulesets: dict | None,
    adjust=None,
) -> Engine:
    """The engine for one replay: the board ``setup`` builds, under ``version``'s rule set, asking
    ``chooser`` its decisions (a scripted :class:`Chooser` for rulings; the builder's asks the
    judge: :mod:`engine.replay.interactive`); ``budget`` is spent from the board's building on.
    ``adjust(rules)`` returns the rule set to use instead (the builder sets one switch or erratum
    as another version has it, to tell which one makes a difference: :mod:`engine.replay.causes`)."""
    rules = ruleset_from_kb(conn, game_name, version, rulesets)
    if adjust is not None:
        rules = adjust(rules)
    game = build_game(setup, card_catalog(conn, rulesets))
    game.budget = budget
    game.log(f"rule set {version}: {rules.describe()}")
    return Engine(game, rules, chooser)


def card_catalog(conn: sqlite3.Connection, rulesets: dict | None) -> CardCatalog:
    """The printed cards, read once per command: the catalog is kept with the rule sets it shares
    (``rulesets``, the cache of one build or of one KB state: :mod:`engine.replay.kb_cache`)."""
    if rulesets is None:
        return CardCatalog(conn)
    catalog = rulesets.get(("card catalog",))
    if catalog is None:
        catalog = rulesets[("card catalog",)] = CardCatalog(conn)
    return catalog


def play_actions(engine: Engine, actions: Iterable[tuple[int, dict, list]], after=None) -> dict[int, str]:
    """Carry out the scenario's ``(number, action, answers)`` in order (:func:`answered_actions`);
    return the refused ones, number -> why. ``after(number, refusal or None)`` is called once each
    action is over (the builder draws the board there). Raises what the engine raises, a
    :class:`ChoiceError` when the answers do not fit the decisions raised."""
    every_card_readable(engine)  # before anything: a card the engine cannot read stops the replay
    refused: dict[int, str] = {}
    for n, action, answers in actions:
        engine.chooser.begin_action(n)  # its decisions are numbered n.1, n.2, ... (decisions.* paths)
        engine.chooser.add(answers)
        try:
            _do(engine, action)
        except IllegalAction as exc:
            refused[n] = str(exc)
            engine.game.log(f"action {n} refused: {exc}")
            engine.chooser.pending.clear()  # a refused action asked nothing: its answers go with it
        engine.chooser.finish(f"action {n}")  # an answer no decision of the action took is an error
        if after is not None:
            after(n, refused.get(n))
    return refused


def nearest_paths(scenario: Scenario, version: str) -> dict:
    """For an unverified replay, which values to record: the paths of the latest expectation stated
    before ``version`` (else the first stated); their values are not checked."""
    stated = sorted(scenario.expect, key=version_sort_key)
    earlier = [v for v in stated if version_sort_key(v) <= version_sort_key(version)]
    return scenario.expect[(earlier or stated)[-1 if earlier else 0]] if stated else {}
