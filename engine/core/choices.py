"""Decisions: every choice the rules give a player is asked of a :class:`Chooser`.

A decision with exactly one legal option resolves without asking, as at the table. Otherwise the
scripted answers are consumed in order; a missing answer or an answer that is not a legal option
is an error naming the decision and listing the options, never a silent default.

Every decision is recorded (:class:`Decision`: what was decided, the options offered, the one
taken), numbered within the scenario action that raised it, and written to the trace as
``decision A.N: <decision>: <answer> (options: ...)``, so a scenario can check what a player could
choose (``decisions.A.N.offered``: :mod:`engine.core.decision_checks`) and a reader can see which answer
went where. Answers are compared as written (case aside), then as the KB compares card names
(quotes, apostrophes, hyphens, Æ folded: :func:`kb.mentions.normalize_name`), so ``Po's Pixies``
answers ``Po’s Pixies``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from kb.mentions import normalize_name

from engine.core.errors import ChoiceError

T = TypeVar("T")


@dataclass
class Decision:
    """One decision as it was raised: its scenario action (counted from 0, as ``illegal`` counts;
    None outside any), its number within that action (from 1), the options offered (as answers
    name them) and the one taken; ``asked``: it had more than one option."""

    action: int | None
    number: int
    text: str
    options: list[str]
    chosen: str | None
    asked: bool

    @property
    def ref(self) -> str:
        return f"{'-' if self.action is None else self.action}.{self.number}"


class Chooser:
    def __init__(self, answers: Sequence[object] = (), log: Callable[[str], None] | None = None):
        self.pending: list[object] = list(answers)
        #: where the trace line of each decision goes (the engine gives its game's log)
        self.log = log
        self.decisions: list[Decision] = []
        self.action: int | None = None
        self._number = 0

    def add(self, answers: Sequence[object]) -> None:
        self.pending.extend(answers)

    def begin_action(self, action: int) -> None:
        """The decisions from here on belong to scenario action ``action`` (counted from 0)."""
        self.action, self._number = action, 0

    def choose(self, decision: str, options: Sequence[T], label=str) -> T:
        """Pick one of ``options`` for ``decision``; ``label`` names an option as answers name it."""
        if not options:
            raise ChoiceError(f"{decision}: no legal option")
        names = [str(label(o)) for o in options]
        index = 0 if len(options) == 1 else self.pick(decision, names)
        self._record(decision, names, index, asked=len(options) > 1)
        return options[index]

    def pick(self, decision: str, names: list[str]) -> int:
        """The index of the option the next scripted answer names (a subclass may pick otherwise)."""
        if not self.pending:
            raise ChoiceError(f"{decision}: no answer given; options: {', '.join(names)}")
        answer = self.pending.pop(0)
        found = matching(answer, names)
        if found is None:
            raise ChoiceError(f"{decision}: {answer!r} is not an option; options: {', '.join(names)}")
        return found

    def record(self, decision: str, names: Sequence[object], chosen: object = None, every: bool = False) -> None:
        """A decision made without a scripted answer, recorded with the options the rules offer:
        one the action itself answers (the house it chooses, the creature it attacks: an answer
        not among the options is recorded as given, and the action is then refused), or, with
        ``every``, one where every option must be taken (no more options than picks; none at all)."""
        names = [str(n) for n in names]
        if every and len(names) != 1:
            self._record(decision, names, None, asked=False, given=", ".join(names) or None)
            return
        if every:
            chosen = names[0]
        found = matching(chosen, names)
        self._record(decision, names, found, asked=len(names) > 1, given=None if found is not None else str(chosen))

    def _record(
        self, decision: str, names: list[str], index: int | None, asked: bool, given: str | None = None
    ) -> None:
        self._number += 1
        chosen = names[index] if index is not None else given
        d = Decision(self.action, self._number, decision, names, chosen, asked)
        self.decisions.append(d)
        if self.log is None:
            return
        listed = ", ".join(names)
        if index is not None:
            taken = f"{chosen} (options: {listed})" if asked else f"{chosen} (the only option)"
        elif not names:
            taken = f"{given}, which is not an option (no option)" if given else "nothing (no option)"
        elif given == listed:
            taken = f"{given} (every option must be taken)"
        else:
            taken = f"{given}, which is not an option (options: {listed})"
        self.log(f"decision {d.ref}: {decision}: {taken}")

    def may(self, decision: str) -> bool:
        """A "may": answered yes/no like any other decision with two options."""
        return self.choose(decision, [True, False], label=lambda b: "yes" if b else "no")

    def finish(self, where: str = "") -> None:
        """No answer may be left once the decisions they were given for are over (``where``: of what)."""
        if self.pending:
            mine = [d for d in self.decisions if d.action == self.action] if self.action is not None else []
            took = (
                (
                    " (its decisions: "
                    + "; ".join(
                        f"{d.ref} {d.text}" + ("" if d.asked else ": one option, resolved without an answer")
                        for d in mine
                    )
                    + ")"
                )
                if mine
                else " (it raised no decision)"
            )
            raise ChoiceError(
                f"{where + ': ' if where else ''}answers left over, no decision asked for them: "
                f"{self.pending!r}{took if where else ''}"
            )


def same(answer: object, name: object) -> bool:
    """Does ``answer`` name the option ``name``? Case and surrounding spaces aside, then typography."""
    if isinstance(answer, bool):
        answer = "yes" if answer else "no"
    a, n = str(answer).strip().lower(), str(name).strip().lower()
    return a == n or normalize_name(a) == normalize_name(n) != ""


def matching(answer: object, names: Sequence[str]) -> int | None:
    """The index of the first of ``names`` that ``answer`` names (exact first, then typography)."""
    if isinstance(answer, bool):
        answer = "yes" if answer else "no"
    a = str(answer).strip().lower()
    for i, name in enumerate(names):
        if a == str(name).strip().lower():
            return i
    folded = _folded(a)
    for i, name in enumerate(names if folded else ()):
        if folded == _folded(str(name)):
            return i
    return None


def _folded(text: str) -> str:
    """An answer's or option's words compared by typography, and the Æmber a card text prints as
    the word the options use ("... all of your opponent's Æmber" answers "... amber")."""
    return " ".join("amber" if word == "aember" else word for word in normalize_name(text).split())


_same = same  # the old private name
