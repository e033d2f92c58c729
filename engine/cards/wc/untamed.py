"""Worlds Collide (WC): Untamed cards."""

from __future__ import annotations

from ...effects import IfYouDo, May
from ...effects_cards import Sacrifice, UseCreature
from ...effects_each import OneAtATime
from ...targets import Choose
from ...text_in_force import GainTextBoxForTheTurn
from .. import card


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
card("Ghosthawk", play=[OneAtATime("neighbors", [May([UseCreature("reap")], question="reap with this neighbor?")])])
