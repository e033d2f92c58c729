"""Grim Reminders (GR): Geistoid cards."""

from __future__ import annotations

from engine.library import (
    attached_host,
    AttachSelfAsUpgrade,
    Choose,
    HouseInstead,
    IfYouDo,
    MoveTo,
    PlayAsIfFromHand,
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
