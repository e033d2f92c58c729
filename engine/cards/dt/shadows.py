"""Dark Tidings (DT): Shadows cards."""

from __future__ import annotations

from engine.library import (
    attached_host,
    CannotBeUsedTo,
    CannotUseAnyCard,
    CaptureGained,
    Choose,
    DamageReplacedBy,
    DealPowerToEachOther,
    Destroy,
    EachPlayer,
    GiveOpponent,
    have_amber,
    If,
    IfYouDo,
    May,
    Reaction,
    Steal,
    ThePlayerOfTheEvent,
)
from engine.cards import card

card("Shoulder Id", statics=[CannotBeUsedTo("fight"), DamageReplacedBy([Steal(1)])])


def _neighbor_of_first(ctx, creature) -> bool:
    first = ctx.ref("first")
    return first is not None and first.zone == "battleline" and creature in ctx.game.neighbors(first)


# "Play: Choose a creature and 1 of its neighbors. Each chosen creature deals damage equal to its
# power to the other."
card(
    "Stir Up Trouble",
    play=[
        Choose("creature", "any", name="first"),
        Choose("creature", "any", name="second", where=_neighbor_of_first),
        DealPowerToEachOther("first", "second"),
    ],
)


def _gained_by_reaping(ctx) -> bool:
    gained = ctx.event.get("amber")
    return bool(gained and gained.get("gained"))


def _not_the_reapers(ctx, creature) -> bool:
    return creature.controller != ctx.event.get("player")


# "After a player gains A by reaping, a creature they do not control captures that A." (chosen by
# Widespread Corruption's controller; captured from the reaping player's pool: engine CaptureGained)
card(
    "Widespread Corruption",
    reactions=[
        Reaction(
            "reaped",
            [Choose("creature", "any", name="captor", where=_not_the_reapers), CaptureGained(on="captor")],
            when=_gained_by_reaping,
        )
    ],
)


def _start_of_hosts_controllers_turn(ctx) -> bool:
    host = ctx.source.attached_to
    return host is not None and ctx.event.get("player") == host.controller


# "This creature cannot be used and gains, "At the start of your turn, you may give your opponent 2.
# If you do, destroy Ransom."" (PV: "pay your opponent 2"): the gained ability is the creature's,
# "you" its controller, who is offered it only with 2 to give (less would not be giving 2: the
# "if you do" could not be met)
card(
    "Ransom",
    statics=[CannotUseAnyCard(attached_host)],
    reactions=[
        Reaction(
            "start_of_turn",
            [
                ThePlayerOfTheEvent(),
                EachPlayer(
                    [If(have_amber(2), [IfYouDo(first=[May([GiveOpponent(2)])], then=[Destroy("self")])])],
                    who="that player",
                ),
            ],
            when=_start_of_hosts_controllers_turn,
        )
    ],
)
