"""The constructors of templates that name cards by a superlative or act on them more than once
("the least powerful friendly creature", "exalt SELF twice"), registered for the templates as those
of :mod:`engine.compile.composites` are; split from it by subject.
"""

from __future__ import annotations

from engine.core.registry import template
from engine.library import ChooseLeastPowerful, ForEach


@template("LeastPowerful")
def _least_powerful(side: str, name: str) -> ChooseLeastPowerful:
    """ "The least powerful [friendly / enemy] creature": the creature in play with the lowest
    power; tied, the active player chooses one (glossary "Least Powerful")."""
    return ChooseLeastPowerful(name, side)


@template("Times")
def _times(n: int, effects: list) -> ForEach:
    """ "<clause> twice", "<clause> N times": the clause N times over, each time making its own
    choices (as "for each": glossary "For Each")."""
    return ForEach(lambda ctx: n, effects)
