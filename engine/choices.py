"""Decisions: every choice the rules give a player is asked of a :class:`Chooser`.

A decision with exactly one legal option resolves without asking, as at the table. Otherwise the
scripted answers are consumed in order; a missing answer or an answer that is not a legal option
is an error naming the decision and listing the options, never a silent default.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .errors import ChoiceError

T = TypeVar("T")


class Chooser:
    def __init__(self, answers: Sequence[object] = ()):
        self.pending: list[object] = list(answers)

    def add(self, answers: Sequence[object]) -> None:
        self.pending.extend(answers)

    def choose(self, decision: str, options: Sequence[T], label=str) -> T:
        """Pick one of ``options`` for ``decision``; ``label`` names an option as answers name it."""
        if not options:
            raise ChoiceError(f"{decision}: no legal option")
        if len(options) == 1:
            return options[0]
        names = [label(o) for o in options]
        if not self.pending:
            raise ChoiceError(f"{decision}: no answer given; options: {', '.join(map(str, names))}")
        answer = self.pending.pop(0)
        for option, name in zip(options, names):
            if _same(answer, name):
                return option
        raise ChoiceError(f"{decision}: {answer!r} is not an option; options: {', '.join(map(str, names))}")

    def may(self, decision: str) -> bool:
        """A "may": answered yes/no like any other decision with two options."""
        return self.choose(decision, [True, False], label=lambda b: "yes" if b else "no")

    def finish(self) -> None:
        if self.pending:
            raise ChoiceError(f"answers left over, no decision asked for them: {self.pending!r}")


def _same(answer: object, name: object) -> bool:
    if isinstance(answer, bool):
        answer = "yes" if answer else "no"
    return str(answer).strip().lower() == str(name).strip().lower()
