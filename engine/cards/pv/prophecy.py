"""Prophetic Visions (PV): prophecy cards (engine.rules.mechanics.prophecies)."""

from __future__ import annotations

from engine.library import ChooseHouse, chosen_house, Fulfill, Reaction, self_event
from engine.cards import card


def _opponent_chose_the_named_house(ctx) -> bool:
    chooser, house = ctx.event.get("player"), ctx.event.get("house")
    return chooser not in (None, ctx.controller) and house is not None and house == chosen_house(ctx.source)


# "When a card is placed under Trust Your Feelings, name a house. The next time your opponent chooses
# the named house as their active house, fulfill Trust Your Feelings.": the prophecy's owner names the
# house as the fate card goes under it ("fate_placed"); fulfilled, it has no fate card and listens no
# more, so only the next such choice fulfills it (a new fate card: a new house named)
card(
    "Trust Your Feelings",
    reactions=[
        Reaction("fate_placed", [ChooseHouse()], when=self_event),
        Reaction("house_chosen", [Fulfill()], when=_opponent_chose_the_named_house),
    ],
)
