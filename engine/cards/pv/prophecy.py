"""Prophetic Visions (PV): prophecy cards (engine.rules.mechanics.prophecies)."""

from __future__ import annotations

from engine.library import (
    belongs_to,
    ChooseHouse,
    chosen_house,
    Fulfill,
    If,
    it_test,
    Reaction,
    Reveal,
    self_event,
    TopOfDeck,
)
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


def _opponent(ctx) -> bool:
    return ctx.event.get("player") not in (None, ctx.controller)


def _not_of_the_named_house(eng, source, controller, card) -> bool:
    return not belongs_to(eng, card, chosen_house(source))


# "Each time your opponent chooses their active house, they must name a house on your identity card.
# Reveal the top card of your deck. If the revealed card does not match the named house, fulfill Ask
# Again Later.": the opponent, the active player, names the house (the decisions of their turn are
# theirs); "your" deck and identity card are the prophecy owner's; no top card, nothing revealed,
# no mismatch
card(
    "Ask Again Later",
    reactions=[
        Reaction(
            "house_chosen",
            [
                ChooseHouse(identity="you"),
                TopOfDeck("revealed"),
                Reveal("revealed"),
                If(it_test("revealed", _not_of_the_named_house), [Fulfill()]),
            ],
            when=_opponent,
        )
    ],
)
