"""A scenario file: ``rulings/<game>/*.yaml``, or the same mapping as JSON (the web API's POST
/api/verify body, the YAML the KB stores). Its format (rulings/README.md): ``id``, ``title``,
``entries`` (KB keys or question prefixes, optionally limited to versions), ``setup``, ``actions``
(``choose:`` actions answering the decisions of the action before them), ``expect`` per version,
``conflicts``, ``game``. Loading it checks the outer format, shared by every game; the board and
the actions are the game's (:mod:`engine.replay.scenario_board`, :mod:`engine.kotc.scenario`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from kb.versions import version_sort_key

from engine.core.errors import ScenarioError

#: the C-accelerated safe loader when libyaml is there (same results, several times faster)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
RULINGS_DIR = Path(__file__).resolve().parents[2] / "rulings"


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


def repeated_id(scenarios: list[Scenario]) -> tuple[Scenario, Path] | None:
    """The first scenario whose id an earlier one already has, with that earlier one's file."""
    seen: dict[str, Path] = {}
    for s in scenarios:
        if s.id in seen:
            return s, seen[s.id]
        seen[s.id] = s.path
    return None


def all_scenarios(root: Path = RULINGS_DIR) -> list[Scenario]:
    scenarios = [load_scenario(p) for p in sorted(root.rglob("*.yaml"))]
    if repeated := repeated_id(scenarios):
        s, first = repeated
        raise ScenarioError(f"{s.path}: scenario id {s.id!r} is already used by {first}")
    return scenarios


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


def _answers(raw, version: str) -> list:
    """The answers of a ``choose:`` action: a list, or a mapping version -> list for decisions that
    arise under some versions only (an erratum that removes a "may"); a version left out takes the
    nearest earlier version's answers, and none before the first listed (:func:`answer_versions`
    says which version's answers a replay tries)."""
    if isinstance(raw, dict):
        earlier = [v for v in raw if version_sort_key(str(v)) <= version_sort_key(version)]
        raw = raw[max(earlier, key=lambda v: version_sort_key(str(v)))] if earlier else []
    return list(raw or [])
