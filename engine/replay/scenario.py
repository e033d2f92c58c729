"""Replaying a ruling: load a scenario file, set up the board, run the actions, check the result.

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
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from kb.versions import version_sort_key

from engine.cards import variant
from engine.replay.carry import Carry, EntryIndex, norm_question, plan
from engine.core.choices import Chooser
from engine.core.errors import ChoiceError, EngineError, IllegalAction, ScenarioError
from engine.rules.game import Engine
from engine.replay.kb_cache import cache_for, entry_index
from engine.kotc import GAME as GAME_KOTC
from engine.core.limits import Limits
from engine.rules.rulesets import ruleset_from_kb
from engine.core.decision_checks import holds
from engine.replay.scenario_board import ACTIONS, _do, _value  # noqa: F401 - ACTIONS and _do are imported from here
from engine.replay.setup import CardCatalog, build_game

#: the C-accelerated safe loader when libyaml is there (same results, several times faster)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
RULINGS_DIR = Path(__file__).resolve().parents[2] / "rulings"


@dataclass
class Check:
    path: str
    expected: object
    actual: object
    ok: bool


@dataclass
class Result:
    id: str
    version: str
    passed: bool
    checks: list[Check] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)
    error: str | None = None
    #: passed | failed | unverified (no expectation states this version's ruling, or a rule switch
    #: the replay used could not be told from this version's text); an unverified replay records
    #: what the engine found (checks with ``expected`` None) but is neither passed nor failed
    status: str = "failed"
    #: the version whose stated expectation was checked (None when unverified)
    expect_version: str | None = None
    reason: str | None = None

    def as_dict(self) -> dict:
        """The result as plain data (the ``verify --json`` shape); written out rather than
        ``dataclasses.asdict``, whose deep copy of every check and trace line was a fifth of a replay."""
        return {
            "id": self.id,
            "version": self.version,
            "passed": self.passed,
            "checks": [{"path": c.path, "expected": c.expected, "actual": c.actual, "ok": c.ok} for c in self.checks],
            "trace": list(self.trace),
            "error": self.error,
            "status": self.status,
            "expect_version": self.expect_version,
            "reason": self.reason,
        }


@dataclass
class Scenario:
    id: str
    title: str
    entries: list[str]
    setup: dict
    actions: list[dict]
    expect: dict[str, dict]
    path: Path
    game: str = "keyforge"
    note: str | None = None
    #: entries whose answer contradicts the rules in force in their own document:
    #: [{"entry": key or question prefix, "versions": [...], "reason": "..."}]
    conflicts: list[dict] = field(default_factory=list)
    #: ref -> the only versions it names (``entries: [{entry: rule/action, versions: ["1.1"]}]``:
    #: a key whose later entries no longer hold the example); refs not listed name every version
    scopes: dict[str, tuple[str, ...]] = field(default_factory=dict)


def load_scenario(path: Path) -> Scenario:
    """A scenario from a YAML file (``rulings/<game>/*.yaml``)."""
    try:
        raw = yaml.load(Path(path).read_text(encoding="utf-8"), Loader=_LOADER)
    except (OSError, yaml.YAMLError) as exc:
        raise ScenarioError(f"{path}: cannot read scenario ({exc})") from None
    return scenario_from_dict(raw, Path(path))


def scenario_from_dict(raw: object, path: Path | str = "<scenario>") -> Scenario:
    """A scenario from its mapping (the YAML format parsed, or the same as JSON: the web API's
    POST /api/verify body, or the YAML the KB stores); ``path`` names where it came from in errors."""
    if not isinstance(raw, dict) or not raw.get("id") or not isinstance(raw.get("expect"), dict):
        raise ScenarioError(f"{path}: expected a mapping with id, entries, setup, actions, expect")
    refs, scopes = _refs(path, raw.get("entries"))
    return Scenario(
        id=str(raw["id"]),
        title=raw.get("title", ""),
        entries=refs,
        setup=raw.get("setup") or {},
        actions=list(raw.get("actions") or []),
        expect=_expect(path, raw["expect"]),
        path=Path(path),
        game=raw.get("game", "keyforge"),
        note=raw.get("note"),
        conflicts=_conflicts(path, raw.get("conflicts")),
        scopes=scopes,
    )


def _refs(path: Path, raw) -> tuple[list[str], dict[str, tuple[str, ...]]]:
    """The entry refs, and the versions a ref given as ``{entry: REF, versions: [...]}`` is limited to."""
    refs, scopes = [], {}
    for item in raw or []:
        if isinstance(item, dict):
            if not item.get("entry") or not item.get("versions"):
                raise ScenarioError(f"{path}: an entry given as a mapping needs entry and versions")
            refs.append(str(item["entry"]))
            scopes[str(item["entry"])] = tuple(str(v) for v in item["versions"])
        else:
            refs.append(item)
    return refs, scopes


def _expect(path: Path, raw: dict) -> dict[str, dict]:
    """``expect`` per version; a version given as another version's label (``"16.0": "1.3"``) states
    that its answer holds the same ruling: it is checked against that version's expectation."""
    out = {str(k): v or {} for k, v in raw.items()}
    for version, value in list(out.items()):
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            target = out.get(str(value))
            if not isinstance(target, dict):
                raise ScenarioError(f"{path}: expect {version!r} names {value!r}, which states no expectation")
            out[version] = target
    return out


def _conflicts(path: Path, raw) -> list[dict]:
    out = []
    for item in raw or []:
        if not isinstance(item, dict) or not item.get("entry") or not item.get("reason"):
            raise ScenarioError(f"{path}: each conflict needs an entry and a reason")
        out.append(
            {
                "entry": str(item["entry"]),
                "versions": [str(v) for v in item.get("versions") or []],
                "reason": str(item["reason"]),
            }
        )
    return out


def all_scenarios(root: Path = RULINGS_DIR) -> list[Scenario]:
    scenarios = [load_scenario(p) for p in sorted(root.rglob("*.yaml"))]
    seen: dict[str, Path] = {}
    for s in scenarios:
        if s.id in seen:
            raise ScenarioError(f"{s.path}: scenario id {s.id!r} is already used by {seen[s.id]}")
        seen[s.id] = s.path
    return scenarios


_norm_question = norm_question  # kept for importers of the old name


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


def expectations(scenario: Scenario, version: str, carry: Carry | None = None) -> dict:
    """The checks of ``version``: those of ``carry.expect_version`` when given (an empty mapping
    when the carry is unverified), else those stated for the version or, for a scenario linked to no
    entry, the nearest earlier stated version's."""
    if carry is not None:
        return scenario.expect[carry.expect_version] if carry.expect_version else {}
    earlier = [v for v in scenario.expect if version_sort_key(v) <= version_sort_key(version)]
    if not earlier:
        raise ScenarioError(f"{scenario.id}: no expectations for {version} or any earlier version")
    return scenario.expect[max(earlier, key=version_sort_key)]


def carry_for(conn: sqlite3.Connection, scenario: Scenario, version: str, index: EntryIndex | None = None) -> Carry:
    """The :class:`~engine.replay.carry.Carry` of one version (see :func:`engine.replay.carry.plan`)."""
    try:
        return plan(conn, scenario, index, [version])[version]
    except ScenarioError as exc:
        raise ScenarioError(f"{scenario.id}: {exc}") from None


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
        from engine.kotc.scenario import run_kotc  # engine.kotc.scenario imports this module

        return run_kotc(conn, scenario, version, limits, carry)
    result = Result(scenario.id, version, passed=False)
    budget = limits.start() if limits else None  # the clock runs from here: setup counts too
    if carry is None or rulesets is None:  # read once per KB state, not once per replay (engine.replay.kb_cache)
        cache = cache_for(conn)
        rulesets = cache.setdefault("rulesets", {}) if rulesets is None else rulesets
    try:
        if carry is None:
            carry = carry_for(conn, scenario, version, entry_index(conn, scenario.game))
        candidates = answer_versions(scenario, version, carry)
        for n, answers_of in enumerate(candidates):
            try:
                return _replay(conn, scenario, version, carry, answers_of, budget, rulesets)
            except ChoiceError:
                if n == len(candidates) - 1:
                    raise
    except (ChoiceError, ScenarioError, EngineError) as exc:
        result.error = str(exc)
        result.status = "failed"
    return result


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


def _replay(
    conn: sqlite3.Connection,
    scenario: Scenario,
    version: str,
    carry: Carry,
    answers_of: str,
    budget,
    rulesets: dict | None,
) -> Result:
    """One replay under ``version`` with the ``choose:`` answers given for ``answers_of``; raises
    :class:`ChoiceError` when they do not answer exactly the decisions the replay raises."""
    result = Result(scenario.id, version, passed=False)
    result.expect_version, result.reason = carry.expect_version, carry.reason
    stated = carry.expect_version is not None
    expect = dict(expectations(scenario, version, carry) if stated else _nearest_paths(scenario, version))
    illegal = expect.pop("illegal", None)
    refusal = expect.pop("refusal_contains", None)
    rules = ruleset_from_kb(conn, scenario.game, version, rulesets)
    # printed cards are read once per command: the catalog is kept with the rule sets it shares
    catalog = CardCatalog(conn) if rulesets is None else rulesets.setdefault(("card catalog",), CardCatalog(conn))
    game = build_game(scenario.setup, catalog)
    game.budget = budget
    result.trace = game.trace
    game.log(f"rule set {version}: " + ", ".join(f"{s.name}={s.value}" for s in rules.switches.values()))
    if stated and carry.expect_version != version:
        game.log(
            f"checked against the expectation stated for {carry.expect_version}: "
            f"its answer states the same ruling as {version}'s"
        )
    engine = Engine(game, rules, Chooser())
    refused: dict[int, str] = {}
    try:
        # a card in play acts through its constant abilities and reactions without being used: one
        # the engine cannot play would be silently ignored, so the replay stops and names it
        for card in game.in_play():
            variant(card, rules)
        for n, action, answers in answered_actions(scenario.actions, answers_of):
            engine.chooser.begin_action(n)  # its decisions are numbered n.1, n.2, ... (decisions.* paths)
            engine.chooser.add(answers)
            try:
                _do(engine, action)
            except IllegalAction as exc:
                refused[n] = str(exc)
                game.log(f"action {n} refused: {exc}")
                engine.chooser.pending.clear()  # a refused action asked nothing: its answers go with it
            engine.chooser.finish(f"action {n}")  # an answer no decision of the action took is an error
    except (ScenarioError, EngineError) as exc:
        if isinstance(exc, ChoiceError):
            raise
        result.error, result.status = str(exc), "failed"
        return result
    value = lambda path: _value(engine, path)  # noqa: E731
    if stated:
        judge(result, illegal, refusal, refused, expect, value, holds)
    else:
        observe(result, refused, expect, value)
    undetermined = rules.undetermined_used()
    if undetermined and result.status != "unverified":
        result.status, result.passed = "unverified", False
        result.reason = "; ".join(undetermined)
        game.log(f"unverified: {result.reason}")
    return result


def _nearest_paths(scenario: Scenario, version: str) -> dict:
    """For an unverified replay, which values to record: the paths of the latest expectation stated
    before ``version`` (else the first stated); their values are not checked."""
    stated = sorted(scenario.expect, key=version_sort_key)
    earlier = [v for v in stated if version_sort_key(v) <= version_sort_key(version)]
    return scenario.expect[(earlier or stated)[-1 if earlier else 0]] if stated else {}


def observe(result: Result, refused: dict[int, str], paths: dict, value) -> None:
    """Record an unverified replay: what the engine found at ``paths``, checked against nothing."""
    if refused:
        result.checks.append(
            Check("illegal", None, sorted(refused) if len(refused) != 1 else next(iter(refused)), None)
        )
    for path in paths:
        if path not in ("illegal", "refusal_contains"):
            result.checks.append(Check(path, None, value(path), None))
    result.passed, result.status = False, "unverified"


def answered_actions(actions: list, version: str):
    """(number, action, answers) for each action but ``choose:``: the ``choose:`` actions right
    after an action answer the decisions that action raises, so they are handed to it."""
    for n, action in enumerate(actions):
        if isinstance(action, dict) and set(action) == {"choose"}:
            continue  # answers were handed to the action whose decisions they answer
        answers = []
        for follow in actions[n + 1 :]:
            if not (isinstance(follow, dict) and set(follow) == {"choose"}):
                break
            answers += _answers(follow["choose"], version)
        yield n, action, answers


def refusal_check(illegal, refusal: str | None, refused: dict[int, str]) -> Check | None:
    """The ``illegal`` check: every refused action must be one the scenario says is refused, and
    vice versa (None when none is expected and none was refused)."""
    if refusal is not None and illegal in (None, []):
        raise ScenarioError("refusal_contains needs illegal: the action whose refusal it describes")
    expected_refused = sorted(illegal) if isinstance(illegal, list) else [] if illegal is None else [illegal]
    actual = sorted(refused)
    ok = actual == expected_refused and (refusal is None or refusal.lower() in refused[expected_refused[0]].lower())
    if expected_refused or refused:
        return Check("illegal", illegal, actual if len(actual) != 1 else actual[0], ok)
    return None


def judge(
    result: Result, illegal, refusal: str | None, refused: dict[int, str], expect: dict, value, compare=None
) -> None:
    """Record the checks of a finished replay (the refusals, then each ``expect`` path read with
    ``value``) and whether all of them held; shared by every game's runner. ``compare(path,
    expected, actual)`` says whether a value holds (default: equal)."""
    check = refusal_check(illegal, refusal, refused)
    if check is not None:
        result.checks.append(check)
    for path, expected in expect.items():
        actual = value(path)
        ok = compare(path, expected, actual) if compare is not None else actual == expected
        result.checks.append(Check(path, expected, actual, ok))
    result.passed = all(c.ok for c in result.checks)
    result.status = "passed" if result.passed else "failed"


def _answers(raw, version: str) -> list:
    """The answers of a ``choose:`` action: a list, or a mapping version -> list for decisions that
    arise under some versions only (an erratum that removes a "may"); a version left out takes the
    nearest earlier version's answers, and none before the first listed (:func:`answer_versions`
    says which version's answers a replay tries)."""
    if isinstance(raw, dict):
        earlier = [v for v in raw if version_sort_key(str(v)) <= version_sort_key(version)]
        raw = raw[max(earlier, key=lambda v: version_sort_key(str(v)))] if earlier else []
    return list(raw or [])
