"""Worlds Collide (WC): Untamed cards."""

from __future__ import annotations

from engine.library import (
    Choose,
    DiscardTopOfDeck,
    ForTheTurn,
    GainTextBoxForTheTurn,
    GrantKeyword,
    IfYouDo,
    IntoItsPlaceAfterItLeaves,
    KeywordPerCount,
    May,
    OneAtATime,
    Sacrifice,
    this_card,
    UseCreature,
)
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


def _its_power(ctx) -> int:
    """X in "assault X. X is its power": the power of the creature asked about, now."""
    return ctx.eng.power(ctx.chosen["it"][0])


# "Omni: Destroy Creed of Nature. If you do, choose a creature. For the remainder of the turn, that
# creature gains skirmish and assault X. X is its power.": X follows its power through the turn
card(
    "Creed of Nature",
    omni=[
        IfYouDo(
            [Sacrifice("self")],
            [
                Choose("creature", "any", name="chosen"),
                ForTheTurn(static=lambda c: GrantKeyword("skirmish", this_card(c)), on="chosen"),
                ForTheTurn(static=lambda c: KeywordPerCount("assault", _its_power, this_card(c)), on="chosen"),
            ],
        )
    ],
)

# "Destroyed: Discard the top card of your deck. If it is a creature, after Gebuk leaves play, put
# that creature into play in Gebuk's position in the battleline." (printed by this card alone)
card("Gebuk", destroyed=[DiscardTopOfDeck(1, name="discarded"), IntoItsPlaceAfterItLeaves("discarded")])
