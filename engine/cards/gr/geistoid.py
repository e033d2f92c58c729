"""Grim Reminders (GR): Geistoid cards."""

from __future__ import annotations

from engine.library import (
    AttachSelfAsUpgrade,
    attached_host,
    card_has_trait,
    Choose,
    DestroyIfYouDo,
    haunted,
    HouseInstead,
    If,
    IfYouDo,
    MoveTo,
    opponent_haunted,
    PlayIt,
    ReturnableFromDiscard,
)
from engine.cards import card, Variant


def _artifact_cyborg_or_robot(ctx, c) -> bool:
    return c.type == "artifact" or any(card_has_trait(ctx.eng, c, t) for t in ("cyborg", "robot"))


_AWAKENED_TEXT = "This card belongs to house Geistoid."

# "Play: If your opponent is haunted, destroy an enemy artifact, Cyborg creature, or Robot creature.
# If you do, play that card as if it were in your hand. Attach Spontaneous Awakening to it as an
# upgrade with the text, "This card belongs to house Geistoid."": the card destroyed is played from
# its owner's discard pile under your control; attached, Spontaneous Awakening is an upgrade with that
# text alone (its second variant), which makes the card it is on (a creature or an artifact) Geistoid
card(
    "Spontaneous Awakening",
    Variant(
        "play: if your opponent is haunted",
        play=[
            If(
                opponent_haunted,
                [
                    IfYouDo(
                        [
                            Choose(
                                "artifact",
                                "enemy",
                                name="awakened",
                                also=(("creature", "enemy"),),
                                where=_artifact_cyborg_or_robot,
                            ),
                            DestroyIfYouDo("awakened"),
                        ],
                        [PlayIt("awakened"), AttachSelfAsUpgrade(_AWAKENED_TEXT, on="awakened")],
                    )
                ],
            )
        ],
    ),
    Variant("this card belongs to house geistoid", statics=[HouseInstead("geistoid", attached_host)]),
)

# "While you are haunted, you may return Singing Scythe from your discard pile to your hand. This
# creature gains "After Reap: If you are haunted, purge a card from a discard pile."": the permission
# is taken in step 3 as an action of its owner (engine.rules.returning_from_discard)
card(
    "Singing Scythe",
    statics=[ReturnableFromDiscard(haunted)],
    gains={"reap": [If(haunted, [Choose("discard", "any", name="purged"), MoveTo("purged", on="purged")])]},
)
