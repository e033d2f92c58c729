"""Æmber Skies (AS): Ekwidon cards."""

from __future__ import annotations

from engine.library import bonus_icons_on, EachPlayer, GainCounted, RandomCards, Reveal
from engine.cards import card


def _any_card(eng, source, controller, card) -> bool:
    return True


# "Play: Each player reveals a random card from their hand and gains 1A for each A bonus icon on their
# revealed card." (one card prints it; read by the grammar, "for each" would take in the whole
# "reveals ... and gains" as what repeats): each player in turn, the active player first, as "you";
# the revealed card stays in hand
card(
    "Reap the Wild Wind",
    play=[
        EachPlayer(
            [
                RandomCards("hand", "friendly", _any_card, name="revealed"),
                Reveal("revealed"),
                GainCounted(bonus_icons_on("revealed", "amber")),
            ]
        )
    ],
)
