"""Worlds Collide (WC): Untamed cards."""

from __future__ import annotations

from engine.library import Choose, GainTextBoxForTheTurn, IfYouDo, May, OneAtATime, Sacrifice, UseCreature
from engine.cards import card


def _creature(ctx, card) -> bool:
    return card.type == "creature"


card(
    "Creed of Nurture",
    omni=[
        IfYouDo(
            [Sacrifice("self")],
            [
                Choose("hand", "friendly", name="revealed", where=_creature),
                Choose("creature", "any", name="chosen"),
                GainTextBoxForTheTurn(on="chosen", of="revealed"),
            ],
        )
    ],
)

# deploy is a keyword; "reap with" imposes the way: an enraged neighbor may reap (Ghosthawk FAQ)
card(
    "Ghosthawk",
    why="compiled, 'reap with each of its neighbors, one at a time' asks once and offers any creature; the card asks for each neighbor in turn",
    play=[OneAtATime("neighbors", [May([UseCreature("reap")], question="reap with this neighbor?")])],
)
