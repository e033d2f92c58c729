"""The constructors of repeat instructions with a cost ("You may exalt that creature to repeat the
preceding effect": glossary "Repeat" and "Preceding"), registered for the templates as those of
:mod:`engine.compile.composites` are; split from it by subject.
"""

from __future__ import annotations

from engine.core.registry import template
from engine.library import May, RepeatPrecedingIf


def _always(ctx) -> bool:
    return True


@template("RepeatPrecedingAtCost")
def _repeat_preceding_at_cost(cost: list, words: str) -> RepeatPrecedingIf:
    """ "You may <X> to repeat the preceding effect": the player may do X; the effect before it
    resolves again only if X fully resolved (as "if you do"), once."""
    return RepeatPrecedingIf(_always, cost=[May(list(cost), question=f"{words} to repeat the preceding effect?")])
