"""Verdicts a version's text cannot settle, settled by playing them out under every reading.

Why: a rule switch takes, in a version with no declared value, the value its own text states
(:func:`engine.rules.rulesets.resolve_switches`). An edition that words a rule its own way ("the
effects that wait for a creature to be destroyed resolve once it is in the discard pile") may state
no cited text, and the switch is *undetermined*. Reporting every replay that consulted it as
unverified would leave open verdicts the text does not need to settle: most scenarios come out the
same whichever way the switch reads. So a replay that consulted undetermined switches is played
again under each value they can take (every combination, in the order the values are declared):

- the same verdict under every reading: that verdict, saying so ("same outcome under every reading
  of reactions_to_simultaneous_destruction (True, False)");
- different verdicts: unverified, naming which reading gives which outcome, so a judge sees both.

A reading that consults yet another undetermined switch counts as unverified under that reading, and
so does one that raises a decision the scenario's answers do not answer (they were written for the
versions whose rules it states, not for every reading of an untold switch).
"""

from __future__ import annotations

from itertools import product

from engine.core.errors import ChoiceError
from engine.replay.judging import Result
from engine.rules.rulesets import RuleSet, possible_values


def settle(result: Result, rules: RuleSet, rerun) -> Result:
    """``result`` (a replay under ``rules``, which consulted undetermined switches) with its verdict
    settled by ``rerun(adjust)``: the same replay with the rule set ``adjust(rules)`` returns."""
    names = rules.undetermined_names()
    outcomes = []
    for combo in product(*(possible_values(n) for n in names)):
        readings = dict(zip(names, combo))
        try:
            outcome = rerun(lambda rs, readings=readings: rs.reading(readings))
        except ChoiceError as exc:
            outcome = Result(result.id, result.version, passed=False, status="unverified")
            outcome.reason = f"the scenario's answers do not fit its decisions ({exc})"
        outcomes.append((readings, outcome))
    said = "; ".join(f"with {_readings(r)}: {_outcome(o)}" for r, o in outcomes)
    verdicts = {o.status for _, o in outcomes}
    which = ", ".join(f"{n} ({', '.join(map(repr, possible_values(n)))})" for n in names)
    if len(verdicts) == 1 and verdicts <= {"passed", "failed"}:
        result.status = verdicts.pop()
        result.passed = result.status == "passed"
        result.reason = f"same outcome under every reading of {which}, which {result.version}'s text does not state"
    else:
        result.status, result.passed = "unverified", False
        result.reason = f"the outcome depends on {which}, which {result.version}'s text does not state: {said}"
    result.trace.append(f"settled by replaying every reading: {said}")
    return result


def _readings(readings: dict[str, object]) -> str:
    return ", ".join(f"{n}={v!r}" for n, v in readings.items())


def _outcome(result: Result) -> str:
    if result.status == "passed":
        return "passes"
    if result.error:
        return f"stops ({result.error})"
    failed = [c for c in result.checks if not c.ok]
    if result.status == "failed" and failed:
        return "fails (" + ", ".join(f"{c.path}: {c.actual!r}, expected {c.expected!r}" for c in failed[:3]) + ")"
    return f"{result.status} ({result.reason})" if result.reason else result.status
