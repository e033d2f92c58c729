"""The constructors of templates of lasting effects a constant ability of the library makes ("You
may use friendly Mars creatures this turn": that permission for the remainder of the turn),
registered for the templates as those of :mod:`engine.compile.composites` are; split from it by
subject.
"""

from __future__ import annotations

from engine.core.registry import template
from engine.library import ForTheTurn, UsableAsActiveHouse


@template("UsableThisTurn")
def _usable_this_turn(applies) -> ForTheTurn:
    """ "You may use <friendly Mutant creatures> this turn": each may be used as if it belonged to
    the active house, for the remainder of the turn (the group asked as each is used)."""
    return ForTheTurn(static=UsableAsActiveHouse(applies))


@template("ForTheTurnIncludingThisOne")
def _for_the_turn_including_this_one(reaction) -> list:
    """ "For the remainder of the turn, gain 1 each time you play an action card (including this
    one)": the card being played is one of them, so its ability resolves once now, then for each
    later one this turn."""
    return [*reaction.ability, ForTheTurn(reaction=reaction)]
