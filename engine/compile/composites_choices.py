"""The constructors of templates that offer the player a choice of effects on one card chosen
first ("Ready or exhaust a creature"), registered for the templates as those of
:mod:`engine.compile.composites` are; split from it by subject.
"""

from __future__ import annotations

from engine.core.registry import template
from engine.library import amber_on_self_fewer, Destroy, Exhaust, If, Ready
from engine.compile.composites import one_of


@template("ReadyOrExhaust")
def _ready_or_exhaust(on: str):
    """ "Ready or exhaust a creature": the creature is chosen, then whether it is readied or
    exhausted (what "if you do" asks about is the option taken)."""
    return one_of([("ready", [Ready(on)]), ("exhaust", [Exhaust(on)])])


@template("IfFewerAmberOnSelfDestroy")
def _if_fewer_amber_on_self_destroy(n: int):
    """ "If <this creature> has fewer than N A on it, destroy it": "it" is the creature itself."""
    return If(amber_on_self_fewer(n), [Destroy("self")])


@template("FightsOneAtATime")
def _fights_one_at_a_time() -> list:
    """ "Resolve these fights one at a time", after "For each <X>, ready and fight with a friendly
    creature": each repetition of a "for each" resolves fully before the next (glossary "For
    Each"), its fight included, which is what the sentence asks; it adds no effect."""
    return []
