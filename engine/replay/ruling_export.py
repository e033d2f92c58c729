"""A judge's finished question as a rulings file (``rulings/<game>/<id>.yaml``), ready for a pull
request: ``rulebase verify --file`` passes it unchanged.

Why from the runs: the file must replay to the outcome the judge confirmed, so everything in it is
what the runs did. The answers are the options each run took, placed where the rulings format
wants them: on the action whose decisions they answer (``choices``) when every version took the
same, else in a ``choose: {version: [...]}`` action after it, every version listed (a version takes
its own list first). ``expect`` is, per version, the check paths whose value the run changed from
the board as built (:mod:`engine.replay.outcome`), and the refused actions as ``illegal``, counted
in the file's own actions (a ``choose:`` takes a position).
"""

from __future__ import annotations

import re

import yaml

from engine.replay.outcome import changed

#: checks a version's ``expect`` may hold (the ``Checks`` schema of api/openapi.json, which rulings
#: files follow): past it the file keeps the checks a reader looks at first (:func:`_first`)
MAX_CHECKS = 50
NOTE = "Built with the board builder: the expectation is the outcome of each version's run as the judge confirmed it."


def file_id(raw: str | None, title: str | None) -> str:
    """A scenario id: the one given, else one made from the title (lowercase words and hyphens)."""
    base = raw or title or "builder-question"
    slug = re.sub(r"[^a-z0-9]+", "-", base.lower()).strip("-")[:80].strip("-")
    return slug or "builder-question"


def ruling(
    game: str,
    setup: dict,
    actions: list[dict],
    runs: dict,
    scenario_id: str,
    title: str | None = None,
    entries: list | None = None,
    note: str | None = None,
) -> dict:
    """The rulings mapping of ``runs`` (version -> finished :class:`~engine.replay.interactive.Play`)."""
    out_actions: list[dict] = []
    position: dict[int, int] = {}
    for n, action in enumerate(actions):
        position[n] = len(out_actions)
        taken = {v: [option for a, option in run.answered if a == n] for v, run in runs.items()}
        lists = list(taken.values())
        action = dict(action)
        if all(t == lists[0] for t in lists):
            if lists[0]:
                action["choices"] = lists[0]
            out_actions.append(action)
        else:
            out_actions.extend([action, {"choose": taken}])
    expect = {}
    for version, run in runs.items():
        checks = changed(run.before, run.after)
        refused = sorted(position[n] for n in run.refused)
        if refused:
            checks = {"illegal": refused[0] if len(refused) == 1 else refused, **checks}
        expect[version] = _first(checks)
    out: dict = {"id": scenario_id, "title": title or scenario_id}
    if game != "keyforge":
        out["game"] = game
    if entries:
        out["entries"] = list(entries)
    out.update(note=note or NOTE, setup=setup, actions=out_actions, expect=expect)
    return out


def _first(checks: dict) -> dict:
    """At most :data:`MAX_CHECKS` checks: refusals, the players' and the game's, the cards' zones and
    controllers, then the cards' states, in the order the run found them."""

    def rank(path: str) -> int:
        head, _, attr = path.rpartition(".")
        if path == "illegal":
            return 0
        if head in ("player1", "player2") or not head:
            return 1
        return 2 if attr in ("zone", "controller") else 3

    if len(checks) <= MAX_CHECKS:
        return checks
    kept = sorted(checks, key=rank)[:MAX_CHECKS]
    return {path: value for path, value in checks.items() if path in kept}


def as_yaml(mapping: dict) -> str:
    """The rulings file's text: keys in the format's order, Unicode as written, versions quoted."""
    return yaml.safe_dump(mapping, sort_keys=False, allow_unicode=True, width=110, default_flow_style=None)
