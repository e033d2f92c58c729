"""Æmber Skies (AS): Ekwidon cards."""

from __future__ import annotations

from engine.library import (
    bonus_icons,
    Destroy,
    DiscardCards,
    done_this_way,
    EachPlayer,
    GainCounted,
    houses_among,
    NameEach,
    NameOutOfPlay,
    RandomCards,
    Reveal,
)
from engine.cards import card


def _any_card(eng, source, controller, c) -> bool:
    return True


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
                RandomCards("hand or archives", "friendly", _any_card, "bartered"),
                Reveal("bartered"),
                GainCounted(_amber_icons_on_bartered),
            ]
        ),
        NameEach("creature", "any", _shares_a_house_with_revealed, name="bartered houses"),
        Destroy("bartered houses"),
        NameOutOfPlay("hand", "any", _any_card, "revealed cards", done="revealed"),
        DiscardCards("revealed cards"),
    ],
)
