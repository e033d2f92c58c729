"""Worlds Collide (WC): Brobnar cards."""

from __future__ import annotations

from engine.library import (
    any_card,
    CannotBeUsedTo,
    counters_on_card,
    Destroy,
    ForTheTurn,
    Gain,
    If,
    NameGroup,
    PutCounters,
    Reaction,
)
from engine.cards import card


def _creature_played(ctx) -> bool:
    played = ctx.event.get("card")
    return played is not None and played.type == "creature"


def _ten_fuse_counters(ctx) -> bool:
    return counters_on_card("fuse", "self")(ctx) >= 10


# "After a creature is played, put a fuse counter on The Big One. If there are 10 or more fuse
# counters on The Big One, destroy each creature and artifact." Its own reaction alone puts fuse
# counters on it, so the constant ability is asked as each one is put on (The Big One, an artifact,
# is destroyed with the others)
card(
    "The Big One",
    reactions=[
        Reaction(
            "played",
            [
                PutCounters("fuse", "self"),
                If(
                    _ten_fuse_counters,
                    [NameGroup(("creature", "artifact"), "any", lambda *_: True, "everything"), Destroy("everything")],
                ),
            ],
            when=_creature_played,
        )
    ],
)


def _friendly_creature_fought(ctx) -> bool:
    return ctx.event.get("controller") == ctx.controller


# "Alpha. Play: For the remainder of the turn, creatures cannot reap and you gain 1A whenever a
# friendly creature fights. At the end of the turn, destroy each creature." (each creature, either
# player's; the destruction is a lasting reaction to this turn's end)
card(
    "Ragnarok",
    play=[
        ForTheTurn(static=CannotBeUsedTo("reap", any_card)),
        ForTheTurn(reaction=Reaction("fought", [Gain(1)], when=_friendly_creature_fought)),
        ForTheTurn(
            reaction=Reaction(
                "end_of_turn", [NameGroup(("creature",), "any", any_card, "each creature"), Destroy("each creature")]
            )
        ),
    ],
)
