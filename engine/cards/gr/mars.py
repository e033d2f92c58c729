"""Grim Reminders (GR): Mars cards."""

from __future__ import annotations

from engine.library import (
    Capture,
    Choose,
    Destroy,
    DiscardUntil,
    If,
    PutIntoPlay,
    ChooseAnyNumber,
    count_this_way,
    MoveTo,
    of_house,
    TakeControlOfUpgradesOnto,
    ThisWay,
)
from engine.cards import card


def _not_mars(ctx, creature) -> bool:
    return not of_house("mars")(ctx, creature)


# "Play: A non-Mars creature captures 1A from its own side. You may purge any number of cards from
# your archives. The same creature captures an additional 1A from its own side for each card purged
# in this way." ("the same creature" names the creature of the first sentence across the purge,
# which no template's "it" reaches)
card(
    "Crop Circles",
    play=[
        Choose("creature", "any", name="crop circles creature", where=_not_mars),
        Capture(1, "crop circles creature", side="own"),
        # "you may purge any number": none is one of the numbers, so the choice alone (no card
        # archived, nothing to choose and nothing asked)
        ChooseAnyNumber("archives", "friendly", name="archived"),
        ThisWay(MoveTo("purged", "archived", from_hidden=True), "archived", "purged"),
        Capture(count_this_way("purged"), "crop circles creature", side="own"),
    ],
)


# "Play: Choose a friendly creature. Take control of each upgrade in play and move it to that creature."
card("Big Magnet", play=[Choose("creature", "friendly", name="magnetized"), TakeControlOfUpgradesOnto("magnetized")])


def _warp(whose: str) -> list:
    """ "Discard cards from the top of <whose> deck until you discard a creature or run out of
    cards. If you discard a creature this way, put it into play and destroy one of its neighbors."
    (the creature enters play under its owner's control: the player the effect is on)"""
    found = f"warp {whose}"

    def _its_neighbor(ctx, creature) -> bool:
        return any(creature in ctx.game.neighbors(c) for c in ctx.chosen.get(found, []) if c.zone == "battleline")

    return [
        DiscardUntil(lambda eng, source, controller, card: card.type == "creature", found, whose=whose),
        If(
            lambda ctx: bool(ctx.chosen.get(found)),
            [
                PutIntoPlay(found, under_owner=True),
                Choose("creature", "any", name=f"{found} neighbor", where=_its_neighbor),
                Destroy(f"{found} neighbor"),
            ],
        ),
    ]


# "Play: Discard cards from the top of your deck until you discard a creature or run out of cards. If
# you discard a creature this way, put it into play and destroy one of its neighbors. Repeat the
# preceding effect on your opponent." (on the opponent: their deck, their creature)
card("Aberrant Warp Event", play=[*_warp("self"), *_warp("opponent")])
