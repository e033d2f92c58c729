"""Checks on the decisions a replay raised (what a player could choose, not only what happened),
and how any checked value is compared.

A ruling often says that an option is or is not there ("can I attack Urchin?", "may I attach the
Blaster to the other Garcia?"). Every decision is recorded by the chooser
(:class:`engine.core.choices.Decision`), numbered within the scenario action that raised it, and these
paths read it back:

- ``decisions.A.N.offered``: the options decision N of action A offered (a list; compared as a set,
  answers-style: case and typography aside). A decision with one option, which resolves without
  asking, is a decision too: its list has that option.
- ``decisions.A.N.not_offered``: options that must not be among those offered; the value read is
  the list offered, and the check holds when none of the listed options is in it.
- ``decisions.A.N.chosen``: the option taken.

``A`` counts actions from 0, as ``illegal`` does (a ``choose:`` entry counts as a position but its
answers belong to the action before it); ``N`` counts that action's decisions from 1, in the order
they arose. The trace names each one: ``decision 2.1: <decision>: <answer> (options: ...)``. A
decision the action raised no such number of has no value (null), and its checks fail.

Any other path holds when its value equals the expected one, typographic quotes, apostrophes and
dashes aside (``Garcia's Blaster`` for the print's ``Garcia’s Blaster``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.core.choices import matching, same
from engine.core.errors import ScenarioError
from kb.mentions import normalize_name

if TYPE_CHECKING:
    from engine.core.choices import Chooser

_PATH = re.compile(r"^decisions\.(\d+)\.(\d+)\.(offered|not_offered|chosen)$")
KINDS = ("offered", "not_offered", "chosen")


def is_decision_path(path: str) -> bool:
    return path.startswith("decisions.")


def decision_value(chooser: "Chooser", path: str):
    """What the decision a path names offered (``offered``, ``not_offered``) or took (``chosen``),
    as ``chooser`` recorded it; None when the action raised no such decision."""
    m = _PATH.match(path)
    if not m:
        raise ScenarioError(
            f"unknown check path {path!r} (decision paths: decisions.ACTION.N."
            f"{'|'.join(KINDS)}, ACTION counted from 0, N from 1)"
        )
    action, number, kind = int(m[1]), int(m[2]), m[3]
    found = next((d for d in chooser.decisions if d.action == action and d.number == number), None)
    if found is None:
        return None
    return found.chosen if kind == "chosen" else list(found.options)


_TYPOGRAPHY = str.maketrans({"‘": "'", "’": "'", "ʼ": "'", "“": '"', "”": '"', "–": "-", "—": "-"})


def _typography(value):
    """``value`` with typographic quotes, apostrophes and dashes made plain, in strings and lists."""
    if isinstance(value, str):
        return value.translate(_TYPOGRAPHY)
    if isinstance(value, list):
        return [_typography(v) for v in value]
    return value


def _named(actual, expected) -> bool:
    """A card name, or a list of them (a battleline), typed without the print's letters: "Shizyoku
    Swopper" for "Shĭzyokŭ Swopper", as a path's card name is read (:func:`kb.mentions.normalize_name`)."""
    if isinstance(actual, str) and isinstance(expected, str):
        return normalize_name(actual) == normalize_name(expected) != ""
    if isinstance(actual, list) and isinstance(expected, list) and len(actual) == len(expected):
        return all(a == e or _named(a, e) for a, e in zip(actual, expected))
    return False


def _listed(expected) -> list:
    return list(expected) if isinstance(expected, (list, tuple)) else [expected]


def holds(path: str, expected, actual) -> bool:
    """Does ``actual`` (read by :func:`decision_value` or any other path) hold ``expected``?"""
    m = _PATH.match(path)
    if not m:  # card names and labels typed with straight quotes match the print's curly ones
        return actual == expected or _typography(actual) == _typography(expected) or _named(actual, expected)
    if actual is None:
        return False
    kind = m[3]
    if kind == "chosen":
        return same(expected, actual)
    wanted = _listed(expected)
    if kind == "not_offered":
        return all(matching(option, actual) is None for option in wanted)
    left = list(actual)
    for option in wanted:  # the same options, each once: a set compared answers-style
        i = matching(option, left)
        if i is None:
            return False
        left.pop(i)
    return not left
