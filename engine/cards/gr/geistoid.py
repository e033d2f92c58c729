"""Grim Reminders (GR): Geistoid cards."""

from __future__ import annotations

from engine.library import (
    Archive,
    attached_host,
    AttachSelfAsUpgrade,
    BelongsToSourceHouseUntilLeaves,
    Choose,
    haunted,
    HouseInstead,
    If,
    IfYouDo,
    MoveTo,
    PlayAsIfFromHand,
    TakeControlAnywhere,
    ThisWay,
)
from engine.cards import Variant, card

_POLTERGEISTOIDS_UPGRADE = "This card belongs to house Geistoid."


def _creature_or_artifact(ctx, c) -> bool:
    return c.type in ("creature", "artifact")


# "Play: Purge a card from a discard pile. If you do, play a creature or artifact from your purged zone
# as if it were in your hand. Attach Poltergeistoids to it as an upgrade with the text, "This card
# belongs to house Geistoid."" Attached, Poltergeistoids is an upgrade with that text alone ("this
# card": the card it is attached to, creature or artifact); leaving play it is the action card again.
card(
    "Poltergeistoids",
    Variant(
        "purge a card from a discard pile",
        play=[
            IfYouDo(
                [
                    Choose("discard", "any", name="poltergeist purge"),
                    ThisWay(MoveTo("purged", "poltergeist purge"), "poltergeist purge", "purged"),
                ],
                [
                    Choose("purged", "friendly", name="poltergeist card", where=_creature_or_artifact),
                    PlayAsIfFromHand("poltergeist card", zone="purged"),
                    AttachSelfAsUpgrade("poltergeist card", _POLTERGEISTOIDS_UPGRADE),
                ],
            )
        ],
    ),
    Variant("this card belongs to house geistoid", statics=[HouseInstead("geistoid", attached_host)]),
)


# "Play: Take control of an enemy creature and place it anywhere in your battleline. Until Immortal
# Greking leaves play, that creature belongs to Immortal Greking's house. Destroyed: If you are
# haunted, archive Immortal Greking." (a house given until the card leaves play: printed by this
# card alone)
card(
    "Immortal Greking",
    play=[
        Choose("creature", "enemy", name="taken"),
        TakeControlAnywhere("taken"),
        BelongsToSourceHouseUntilLeaves("taken"),
    ],
    destroyed=[If(haunted, [Archive("self")])],
)
