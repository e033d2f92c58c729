"""Mass Mutation (MM): Star Alliance cards."""

from __future__ import annotations

from engine.library import (
    ArmorModifier,
    attached_host,
    AttachGiver,
    Archive,
    Choose,
    May,
    Reaction,
    ChooseHouse,
    DiscardCards,
    DiscardTopOfDeck,
    houses_among,
    NameEach,
    NameOutOfPlay,
    of_chosen_house,
    PileEnd,
    Reveal,
)
from engine.cards import card


def _shares_a_house_with_the_discarded_card(ctx, card) -> bool:
    return bool(houses_among(ctx.eng, [card]) & houses_among(ctx.eng, ctx.refs("discarded")))


# "(After) Reap: Discard the top card of your deck and reveal your hand. Archive each card that shares
# a house with the discarded card.": each card is one of the hand just revealed
card(
    "J.O.N. Cargo",
    reap=[
        DiscardTopOfDeck(1, "discarded"),
        NameEach("hand", "friendly", name="hand"),
        Reveal("hand"),
        NameEach("hand", "friendly", _shares_a_house_with_the_discarded_card, "sharing"),
        Archive("sharing"),
    ],
)


def _not_of_chosen_house(eng, source, controller, card) -> bool:
    return not of_chosen_house(eng, source, controller, card)


# "Play: Choose a house. Reveal the top 3 cards of your deck. Archive each card of the chosen house and
# discard the others.": each card and the others are among the 3 revealed
card(
    "New Frontiers",
    play=[
        ChooseHouse(),
        PileEnd("top three", n=3),
        Reveal("top three"),
        NameOutOfPlay("deck", "friendly", of_chosen_house, "of that house", done="revealed"),
        NameOutOfPlay("deck", "friendly", _not_of_chosen_house, "the others", done="revealed"),
        Archive("of that house"),
        DiscardCards("the others"),
    ],
)


def _its_neighbor(ctx, creature) -> bool:
    host = ctx.source.attached_to
    return host is not None and creature in ctx.game.neighbors(host)


# "This creature gets +2 armor. After this creature is used, its controller may attach Blast
# Shielding to one of this creature's neighbors." (one card moves itself on its creature's use)
card(
    "Blast Shielding",
    statics=[ArmorModifier(2, applies=attached_host)],
    reactions=[
        Reaction(
            "used",
            [May([Choose("creature", "any", name="neighbor", where=_its_neighbor), AttachGiver("neighbor")])],
            when=lambda ctx: ctx.source.attached_to is not None and ctx.event.get("card") is ctx.source.attached_to,
        )
    ],
)
