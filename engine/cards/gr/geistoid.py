"""Grim Reminders (GR): Geistoid cards."""

from __future__ import annotations

from engine.library import (
    Archive,
    attached_host,
    AttachSelfAsUpgrade,
    BelongsToSourceHouseUntilLeaves,
    card_has_trait,
    Choose,
    DestroyIfYouDo,
    DiscardTopOfDeck,
    Gain,
    GrantAbility,
    haunted,
    HostToFlankAsCreature,
    HouseInstead,
    If,
    IfYouDo,
    MoveCounters,
    MoveTo,
    opponent_haunted,
    PlayAsIfFromHand,
    PlayIt,
    ReturnableFromDiscard,
    SelfFromZone,
    TakeControlAnywhere,
    ThisWay,
)
from engine.cards import card, Variant


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
                    AttachSelfAsUpgrade("poltergeist card"),
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


# "This upgrade enters play attached to an artifact instead of a creature. Play: Take control of this
# artifact and put it on a flank of your battleline as a creature with 4 power and versatile. Scrap:
# Gain 1." (the artifact stays a creature until it leaves play, the upgrade gone or not:
# engine.library.becoming_creatures)
card("Animating Force", attaches_to="artifact", play=[HostToFlankAsCreature(4, ("versatile",))], scrap=[Gain(1)])


def _friendly_clock(eng, source, controller, creature) -> bool:
    return creature.controller == controller and card_has_trait(eng, creature, "clock")


def _clock(ctx, creature) -> bool:
    return card_has_trait(ctx.eng, creature, "clock")


# "Each friendly Clock creature gains, "Destroyed: Move half the time counters (rounding up) from this
# creature to Synchronizer." Omni: Move all time counters on Synchronizer to a friendly Clock
# creature." (the destroyed creature still holds its counters as its "Destroyed:" ability resolves)
card(
    "Synchronizer",
    statics=[GrantAbility("destroyed", [MoveCounters("time", "self", "giver", share="half up")], _friendly_clock)],
    omni=[
        Choose("creature", "friendly", name="synchronized", where=_clock),
        MoveCounters("time", "self", "synchronized"),
    ],
)


# "While Scooboo is in your discard pile, if you would draw a card during your turn, you may discard
# the top 3 cards of your deck and return Scooboo from your discard pile to your hand instead."
card("Scooboo", draw_instead=[DiscardTopOfDeck(3), SelfFromZone("discard", "hand")])


def _artifact_cyborg_or_robot(ctx, c) -> bool:
    return c.type == "artifact" or any(card_has_trait(ctx.eng, c, t) for t in ("cyborg", "robot"))


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
                        [PlayIt("awakened"), AttachSelfAsUpgrade("awakened")],
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
