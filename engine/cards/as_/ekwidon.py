"""Æmber Skies (AS): Ekwidon cards."""

from __future__ import annotations

from engine.library import (
    any_card,
    bonus_icons,
    bonus_icons_on,
    card_has_trait,
    Choose,
    ChooseHouse,
    count_in_play,
    Destroy,
    DiscardCards,
    DiscardRandomUntil,
    done_this_way,
    EachPlayer,
    ForEach,
    GainCounted,
    houses_among,
    May,
    NameEach,
    NameOutOfPlay,
    of_chosen_house,
    RandomCards,
    RefillAsInDrawStep,
    Reveal,
    Swap,
)
from engine.cards import card


def _amber_icons_on_bartered(ctx) -> int:
    return sum(bonus_icons(c).count("amber") for c in ctx.refs("bartered"))


def _shares_a_house_with_revealed(ctx, creature) -> bool:
    return bool(houses_among(ctx.eng, [creature]) & houses_among(ctx.eng, done_this_way(ctx, "revealed")))


# "Play: Each player reveals a random card from their hand or archives. Each player gains 1A for each
# A bonus icon on their revealed card. Destroy each creature that shares a house with at least one of
# the revealed cards. Discard the revealed cards." (the active player first; one pool of hand and
# archives; the icons counted are the card's Æmber bonus icons, enhancements included)
card(
    "Barter and Games",
    play=[
        EachPlayer(
            [
                RandomCards("hand or archives", "friendly", any_card, "bartered"),
                Reveal("bartered"),
                GainCounted(_amber_icons_on_bartered),
            ]
        ),
        NameEach("creature", "any", _shares_a_house_with_revealed, name="bartered houses"),
        Destroy("bartered houses"),
        NameOutOfPlay("hand", "any", any_card, "revealed cards", done="revealed"),
        DiscardCards("revealed cards"),
    ],
)


def _shard(eng, source, controller, c) -> bool:
    return card_has_trait(eng, c, "shard")


def _type_in_your_discard(ctx, c) -> bool:
    return any(d.type == c.type for d in ctx.me.zone("discard"))


def _type_of_swapped(ctx, c) -> bool:
    return any(h.type == c.type for h in ctx.refs("shard hand card"))


# "Action: For each friendly Shard, you may swap a card from your hand with a card of the same type in
# your discard pile." (Shard of Change counts itself; a card in hand with no card of its type in the
# discard pile cannot be swapped, so it is not offered)
card(
    "Shard of Change",
    action=[
        ForEach(
            count_in_play(("card in play",), "friendly", _shard),
            [
                May(
                    [
                        Choose("hand", "friendly", name="shard hand card", where=_type_in_your_discard),
                        Choose("discard", "friendly", name="shard discard card", where=_type_of_swapped),
                        Swap("shard hand card", "shard discard card"),
                    ]
                )
            ],
        )
    ],
)


# "Play: Choose a house on your opponent's identity card. Your opponent discards a random card from
# their hand until they discard a card of the chosen house or run out of cards. They refill their
# hand as if it were their "draw cards" step."
card(
    "High Street Churn",
    play=[
        ChooseHouse(identity="opponent"),
        DiscardRandomUntil(of_chosen_house, who="opponent"),
        EachPlayer([RefillAsInDrawStep()], who="opponent"),
    ],
)


# "Play: Each player reveals a random card from their hand and gains 1A for each A bonus icon on their
# revealed card." (one card prints it; read by the grammar, "for each" would take in the whole
# "reveals ... and gains" as what repeats): each player in turn, the active player first, as "you";
# the revealed card stays in hand
card(
    "Reap the Wild Wind",
    play=[
        EachPlayer(
            [
                RandomCards("hand", "friendly", any_card, name="revealed"),
                Reveal("revealed"),
                GainCounted(bonus_icons_on("revealed", "amber")),
            ]
        )
    ],
)
