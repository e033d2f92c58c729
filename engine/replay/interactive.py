"""The board builder's replays: a judge plays a question of their own in the engine, one decision at
a time, and nobody writes the answers in advance.

Why a replay and not a paused game: the web API is stateless, so each step replays the question from
the board as built with the answers given so far (:func:`play`), and stops at the first decision
they do not reach. The engine is deterministic, so the replay reaches the same decision with the
same options every time; a replay takes milliseconds. It is the rulings' own replay
(:func:`engine.replay.scenario.prepare`, :func:`~engine.replay.scenario.play_actions`), with a
chooser that asks instead of failing when its answers run out (:class:`AskingChooser`): a decision
with one legal option still resolves by itself.

The answers are flat across actions, in the order the decisions were asked, and per version: the
decisions differ between versions (an erratum removes a "may", a rule switch orders effects
otherwise). A run also says what made it differ from another version's (:mod:`engine.replay.causes`):
the rule switches the engine consulted and the errata it read.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.core.choices import Chooser, matching
from engine.core.errors import ChoiceError, EngineError, ScenarioError
from engine.replay.board_view import board
from engine.replay.judge_words import action_words, decision_words, trace_words
from engine.replay.outcome import outcome
from engine.replay.scenario import play_actions, prepare
from engine.replay.scenario_board import _value
from engine.replay.scenario_file import answered_actions


class DecisionPending(Exception):
    """The answers ran out at a decision with more than one option: the judge is asked it.

    Not an :class:`~engine.core.errors.EngineError`: no rule may take it for a rules problem and
    carry on; it leaves the replay at once, wherever it was raised."""

    def __init__(self, action: int | None, number: int, text: str, options: list[str]):
        super().__init__(f"decision {action}.{number}: {text}")
        self.action, self.number, self.text, self.options = action, number, text, options

    @property
    def ref(self) -> str:
        return f"{'-' if self.action is None else self.action}.{self.number}"


class AskingChooser(Chooser):
    """Answers each decision with the judge's next answer (a string naming one of its options) and
    raises :class:`DecisionPending` when none is left. Answers an action carries itself (the
    ``targets`` of a rulings file) come first, as in a scripted replay."""

    def __init__(self, answers: Sequence[object] = ()):
        super().__init__()
        self.given = list(answers)
        #: how many of :attr:`given` were taken
        self.used = 0
        #: (action, option taken) of each decision an answer took, in order
        self.answered: list[tuple[int | None, str]] = []

    def pick(self, decision: str, names: list[str]) -> int:
        if self.pending:  # an answer the action carries (a rulings file's targets, choices, choose)
            found = super().pick(decision, names)
            self.answered.append((self.action, names[found]))
            return found
        ref = f"{'-' if self.action is None else self.action}.{self._number + 1}"
        if self.used >= len(self.given):
            raise DecisionPending(self.action, self._number + 1, decision, list(names))
        answer = self.given[self.used]
        found = matching(answer, names)
        if found is None:
            raise ChoiceError(
                f"answer {self.used + 1} ({str(answer)[:80]!r}) is not an option of decision {ref} "
                f"({decision}); options: {', '.join(names)}"
            )
        self.used += 1
        self.answered.append((self.action, names[found]))
        return found


@dataclass
class Step:
    action: int
    words: str
    refused: str | None
    board: dict


@dataclass
class Play:
    """One version's run of a judge's question, up to its next decision or its end."""

    version: str
    status: str = "done"  #: decision | done | error
    decision: DecisionPending | None = None
    decision_words: str | None = None
    steps: list[Step] = field(default_factory=list)
    start: dict = field(default_factory=dict)
    trace: list[str] = field(default_factory=list)
    error: str | None = None
    #: the actions refused, number -> why
    refused: dict[int, str] = field(default_factory=dict)
    #: (action, option) of each answer taken, in order (the export places them per action)
    answered: list[tuple[int | None, str]] = field(default_factory=list)
    #: check path -> value, on the board as built and at the end (:mod:`engine.replay.outcome`)
    before: dict = field(default_factory=dict)
    after: dict = field(default_factory=dict)
    #: the values of the paths asked for (:func:`play`'s ``paths``), at the end
    values: dict = field(default_factory=dict)
    #: names of the rule switches consulted, and of the cards whose erratum was read
    switches_used: list[str] = field(default_factory=list)
    errata_used: list[str] = field(default_factory=list)
    #: the error is the answers' (one that is not an option, some left over), not the rules'
    choice_error: bool = False
    #: the rule set of the run (its switch values and errata, for the causes of differences)
    rules: object = None


def play(
    conn: sqlite3.Connection,
    game_name: str,
    setup: dict,
    actions: list,
    version: str,
    answers: Sequence[object],
    budget=None,
    rulesets: dict | None = None,
    paths: Sequence[str] = (),
    adjust=None,
) -> Play:
    """Replay the question under ``version`` with ``answers``: up to the first decision they do not
    reach (status ``decision``), to its end (``done``), or to what stops it (``error``: an engine
    or scenario error, an answer that is not an option, answers left over). A setup the engine cannot
    build raises :class:`ScenarioError` (the caller's bad input); ``budget`` limits raise
    :class:`~engine.core.errors.LimitExceeded`. ``paths``: check paths to read at the end as well
    (a loaded ruling's ``expect``: :attr:`Play.values`). ``adjust``: see :func:`prepare`."""
    chooser = AskingChooser(answers)
    engine = prepare(conn, game_name, setup, version, chooser, budget, rulesets, adjust)
    you = "player1"
    run = Play(version, start=board(engine), trace=engine.game.trace, rules=engine.rules)
    run.before = outcome(engine)

    actor = [engine.game.active]  # who takes the next action: the active player when the last one ended

    def after(n: int, refusal: str | None) -> None:
        run.steps.append(Step(n, action_words(actions[n], engine.game, actor[0], you), refusal, board(engine)))
        actor[0] = engine.game.active

    try:
        run.refused = play_actions(engine, answered_actions(actions, version), after)
        if chooser.used < len(chooser.given):
            left = chooser.given[chooser.used :]
            raise ChoiceError(
                f"answers left over, no decision asked for them: {', '.join(repr(str(a)[:80]) for a in left[:5])}"
                + (f" and {len(left) - 5} more" if len(left) > 5 else "")
            )
        run.after = outcome(engine)
        for path in paths:
            try:
                run.values[path] = sorted(run.refused) if path == "illegal" else _value(engine, path)
            except (ScenarioError, EngineError) as exc:  # a path naming no card: the check says why
                run.values[path] = f"(no value: {exc})"
    except DecisionPending as pending:
        run.status, run.decision = "decision", pending
        run.decision_words = decision_words(pending.text, engine.game, you)
    except (ScenarioError, EngineError) as exc:
        run.status, run.error = "error", str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        run.choice_error = isinstance(exc, ChoiceError)
    run.answered = list(chooser.answered)
    run.switches_used = sorted(engine.rules.used)
    run.errata_used = sorted(engine.rules.errata_used)
    run.trace = trace_words(engine.game.trace, engine.game, you)
    return run
