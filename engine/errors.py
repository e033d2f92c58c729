"""Errors the engine raises: an action the rules refuse, and a decision a scenario did not answer."""


class EngineError(Exception):
    """Base of engine errors."""


class IllegalAction(EngineError):
    """The rules refuse the action (a scenario may expect this with ``illegal: N``)."""


class ChoiceError(EngineError):
    """A decision was left unanswered, answered with an illegal option, or answers were left over."""


class ScenarioError(EngineError):
    """A scenario file that does not follow the format (unknown card, bad path, ...)."""
