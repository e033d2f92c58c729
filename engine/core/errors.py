"""Errors the engine raises: an action the rules refuse, and a decision a scenario did not answer."""


class EngineError(Exception):
    """Base of engine errors."""


class IllegalAction(EngineError):
    """The rules refuse the action (a scenario may expect this with ``illegal: N``)."""


class ChoiceError(EngineError):
    """A decision was left unanswered, answered with an illegal option, or answers were left over."""


class ScenarioError(EngineError):
    """A scenario file that does not follow the format (unknown card, bad path, ...)."""


class LimitExceeded(Exception):
    """A run spent more engine steps or seconds than its caller allowed (see :mod:`engine.core.limits`).

    Not an :class:`EngineError`: a scenario's run catches those and reports them as its result,
    whereas a limit belongs to whoever set it (the web API answers it with a 400), so it propagates.
    """
