"""Worlds Collide (WC): Logos cards."""

from __future__ import annotations

from engine.library import (
    Archive,
    Choose,
    CopyOf,
    Draw,
    Gain,
    If,
    IfYouDo,
    Instead,
    named,
    RememberAsInPlay,
    share_a_house,
    Together,
    you_control,
)
from engine.cards import card

# "Play: Archive each neighboring creature. If those creatures share a house, gain 2.": "those
# creatures" are the neighbors as they were just before they were archived, houses included (the
# Code Monkey example of glossary "Leaves Play")
card(
    "Code Monkey",
    play=[
        Together(("neighbors",), name="archived"),
        RememberAsInPlay("archived"),
        Archive("archived"),
        If(share_a_house("archived"), [Gain(2)]),
    ],
)


# "(After) Reap: Draw a card. If you control Velum, draw 2 cards instead."
card(
    "Hyde",
    reap=[Instead([Draw(1)], [Draw(2)], when=you_control("Velum"))],
    destroyed=[
        IfYouDo(
            [Choose("discard", "friendly", name="velum", where=named("Velum")), Archive("velum")], [Archive("self")]
        )
    ],
)

# "(After) Reap: Archive a card. If you control Hyde, archive 2 cards instead."
card(
    "Velum",
    reap=[
        Instead(
            [Choose("hand", "friendly", name="archived"), Archive("archived")],
            [Choose("hand", "friendly", name="archived", count=2), Archive("archived")],
            when=you_control("Hyde"),
        )
    ],
    destroyed=[
        IfYouDo([Choose("discard", "friendly", name="hyde", where=named("Hyde")), Archive("hyde")], [Archive("self")])
    ],
)


def _another_creature_in_play(ctx) -> bool:
    return any(c is not ctx.source for c in ctx.game.creatures())


# "Mimic Gel cannot be played unless there is another creature in play. Mimic Gel enters play as a
# copy of another creature in play, except it belongs to house Logos." (engine.rules.copies)
card(
    "Mimic Gel",
    play_condition=_another_creature_in_play,
    becomes=CopyOf("creature", source="in play", when="enters_play", house="logos"),
)
