"""Call of the Archons (CotA): Mars cards."""

from __future__ import annotations

from engine.library import (
    Archive,
    belongs_to,
    BelongsToHouseForTheTurn,
    Choose,
    ChooseForEach,
    DealDamage,
    Destroy,
    GainCounted,
    GivePowerCounters,
    has_trait,
    IfYouDo,
    LoseAllThenOpponentLosesTimes,
    May,
    MayChoose,
    MayUseOtherCardsOfHouse,
    MoveTo,
    NameEach,
    NameEachIn,
    NameHost,
    NameSharingTrait,
    NextPlayedEntersReady,
    of_house,
    of_type,
    opponent_keys,
    PutIntoPlayFromHand,
    Reaction,
    Ready,
    ReturnToHand,
    Reveal,
    Sacrifice,
    Stun,
)
from engine.cards import card, Variant


card("Combat Pheromones", omni=[Sacrifice(), MayUseOtherCardsOfHouse(2)])


card(
    "Biomatrix Backup",
    # printed: "This creature gains, "Destroyed: You may put this creature into its owner's archives.""
    Variant(
        "you may put this creature",
        gains={
            "destroyed": [
                May(
                    [MoveTo("archives", "self")],
                    question="Biomatrix Backup: put the destroyed creature into its owner's archives?",
                )
            ]
        },
    ),
    # 1.2 erratum: the "may" is gone
    Variant("destroyed: put this creature", gains={"destroyed": [MoveTo("archives", "self")]}),
    why="a text of it, the erratum 'This creature gains,\"Destroyed: ...\"' (no space after the comma), has no template",
)

card(
    "Sample Collection",
    play=[ChooseForEach(opponent_keys, Choose("creature", "enemy")), Archive(owner_hand_on_leaving=True)],
)


def _mars_creatures_in_play(ctx) -> int:
    return sum(1 for c in ctx.game.creatures() if belongs_to(ctx.eng, c, "mars"))


card(
    "Red Planet Ray Gun",
    why="compiled, 'deal 1 damage for each Mars creature' deals 1 damage N times; the For Each rule makes it one instance of N damage",
    gains={"reap": [Choose("creature", "any"), DealDamage(_mars_creatures_in_play)]},
)

# ---- Custom Virus and Incubation Chamber: the 16.0 errata make the purge / the reveal optional


def _split(effects: list) -> tuple:
    """(the choice, the effects after it)."""
    return effects[0], effects[1:]


def _purge_a_creature_from_hand() -> list:
    return [
        Choose("hand", "friendly", name="purged", where=of_type("creature")),
        MoveTo("purged", "purged", from_hidden=True),
    ]


card(
    "Custom Virus",
    # printed: "Omni: Sacrifice Custom Virus. Purge a creature from your hand. Destroy each
    # creature that shares a trait with the purged creature."
    Variant(
        "sacrifice custom virus. purge a creature",
        omni=[Sacrifice(), *_purge_a_creature_from_hand(), NameSharingTrait("purged", "sharing"), Destroy("sharing")],
    ),
    # 16.0 erratum: "Omni: Destroy Custom Virus. You may purge a creature from your hand. If you
    # do, destroy each creature that shares a trait with the purged creature."
    Variant(
        "you may purge a creature from your hand",
        omni=[
            Destroy("self"),
            IfYouDo(
                [
                    MayChoose(
                        *_split(_purge_a_creature_from_hand()),
                        question="Custom Virus: purge a creature from your hand?",
                    )
                ],
                [NameSharingTrait("purged", "sharing"), Destroy("sharing")],
            ),
        ],
    ),
)


# ---- irregular texts (each a mechanic printed on one card, written as a general effect of engine.library)


def _mars_or_robot(ctx, c) -> bool:
    return of_house("mars")(ctx, c) or has_trait("robot")(ctx, c)


card(
    "EMP Blast",
    why="its text 'each Mars creature and each Robot creature is stunned' has no template",
    play=[NameEach("creature", where=_mars_or_robot, name="stunned"), Stun("stunned"), Destroy("each artifact")],
)

_ZYZZIX = [
    IfYouDo(
        [
            MayChoose(
                Choose("hand", "friendly", name="revealed", where=of_type("creature")),
                [Reveal("revealed")],
                question="Zyzzix the Many: reveal a creature from your hand?",
            )
        ],
        [Archive("revealed"), GivePowerCounters(3, "self")],
    )
]

card("Zyzzix the Many", fight=list(_ZYZZIX), reap=list(_ZYZZIX))


def _ready_mars_creature(ctx, c) -> bool:
    return not c.exhausted and of_house("mars")(ctx, c)


def _other_mars_creature(ctx, c) -> bool:
    returned = ctx.chosen.get("returned", [])
    return of_type("creature")(ctx, c) and of_house("mars")(ctx, c) and all(c.name != r.name for r in returned)


card(
    "Swap Widget",
    action=[
        IfYouDo(
            [Choose("creature", "friendly", name="returned", where=_ready_mars_creature), ReturnToHand("returned")],
            [
                Choose("hand", "friendly", name="swapped in", where=_other_mars_creature),
                PutIntoPlayFromHand("swapped in"),
                Ready("swapped in"),
            ],
        )
    ],
)


def _non_mars_creature(ctx, c) -> bool:
    return of_type("creature")(ctx, c) and not of_house("mars")(ctx, c)


# "Reveal your hand. Purge each revealed non-Mars creature and gain 1 for each card purged this way."
card(
    "Martians Make Bad Allies",
    play=[
        NameEachIn("hand", "friendly", where=_non_mars_creature, name="purged"),
        MoveTo("purged", "purged", from_hidden=True),
        GainCounted(lambda ctx: sum(1 for c in ctx.chosen.get("purged", []) if c.zone == "purged")),
    ],
)

card("Shatter Storm", play=[LoseAllThenOpponentLosesTimes(3)])


def _you_played_a_mars_creature(ctx) -> bool:
    played = ctx.event.get("card")
    return (
        ctx.event.get("player") == ctx.controller
        and played is not None
        and played.type == "creature"
        and played.house == "mars"
    )


# "This creature gains, "After you play a Mars creature, ready this creature and for the remainder
# of the turn it belongs to house Mars."" (the upgrade's reaction, naming the creature it is on)
card(
    "Brain Stem Antenna",
    reactions=[
        Reaction(
            "played",
            [NameHost(), Ready("this creature"), BelongsToHouseForTheTurn("mars", "this creature")],
            when=_you_played_a_mars_creature,
        )
    ],
)


card("Blypyp", reap=[NextPlayedEntersReady(("creature",), house="mars")])

card("Soft Landing", play=[NextPlayedEntersReady(("creature", "artifact"))])
