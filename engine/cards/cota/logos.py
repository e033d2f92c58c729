"""Call of the Archons (CotA): Logos cards."""

from __future__ import annotations

from engine.library import (
    friendly_and_enemy_creatures,
    AfterOpponentForgesNextTurn,
    among,
    Archive,
    BelongsToAllHouses,
    CannotPlay,
    CannotUseAnyCard,
    Choose,
    Confirm,
    ConsideredFlank,
    DealDamage,
    Destroy,
    DiscardArchives,
    DiscardTopOfDeck,
    DiscardTopOfEachAndDestroyOfItsHouse,
    Draw,
    DuringOpponentsNextTurn,
    enemy,
    Exhaust,
    ForgerGivesRemaining,
    ForTheTurn,
    GainCounted,
    GainForEach,
    GrantAbility,
    has_ability,
    IfYouDo,
    named,
    NameNeighbors,
    not_among,
    on_flank,
    OneOf,
    OpponentGainsControl,
    PurgeRemembered,
    ReapGainIsStolen,
    RememberLine,
    RepeatCardEffectIf,
    ReturnPurgedToPlay,
    SearchDeckAndDiscard,
    ShuffleZonesIntoDeck,
    Stun,
    SwapDeckAndDiscard,
    TakeControlUntilLeaves,
    this_card,
    ThisCreature,
    Together,
    TriggerAbility,
    UsableAsActiveHouse,
)
from engine.cards import card, Variant


card(
    "Spectral Tunneler",
    action=[
        Choose("creature", "any"),
        ForTheTurn(static=lambda creature: ConsideredFlank(this_card(creature)), on="it"),
        ForTheTurn(static=lambda creature: GrantAbility("reap", [Draw(1)], this_card(creature)), on="it"),
    ],
)

card(
    "Positron Bolt",
    play=[
        Choose("creature", "any", name="first", where=on_flank),
        RememberLine("first"),
        DealDamage(3, "first"),
        NameNeighbors("first", "its neighbors"),
        Choose("creature", "any", name="second", where=among("its neighbors")),
        NameNeighbors("second", "other neighbor", exclude="first"),
        DealDamage(2, "second"),
        DealDamage(1, "other neighbor"),
    ],
)

card(
    "Replicator", reap=[Choose("creature", "any", exclude_self=True, where=has_ability("reap")), TriggerAbility("reap")]
)


card(
    "Spangler Box",
    action=[IfYouDo([Choose("creature", "any"), PurgeRemembered()], [OpponentGainsControl()])],
    leaves_play=[ReturnPurgedToPlay()],
)

card(
    "Dysania",
    play=[DiscardArchives("opponent"), GainForEach("discarded")],
    why="its CotA and AoA printings read 'each of their archived cards', which no template reads: one definition serves every printing",
)

card("Dimension Door", play=[ForTheTurn(static=ReapGainIsStolen())])


def _shark_again(ctx) -> bool:
    """ "If that card is not a Logos card, trigger this effect again": only while Neutron Shark is
    in play to trigger it (the Neutron Shark FAQ)."""
    discarded = ctx.chosen.get("discarded", [])
    return bool(discarded) and discarded[0].house != "logos" and ctx.source.in_play


_NEUTRON_SHARK = [
    Choose("creature", "enemy", name="enemy", also=(("artifact", "enemy"),)),
    Choose("creature", "friendly", name="friendly", also=(("artifact", "friendly"),)),
    Together(("enemy", "friendly"), name="both"),
    Destroy("both"),
    DiscardTopOfDeck(),
    RepeatCardEffectIf(_shark_again),
]

card(
    "Neutron Shark",
    play=_NEUTRON_SHARK,
    fight=_NEUTRON_SHARK,
    reap=_NEUTRON_SHARK,
    why="its CotA printing reads 'trigger this effect again', which no template reads: one definition serves every printing",
)

# ---- Experimental Therapy: printed "This creature belongs to all houses."; 16.0 erratum "This
# creature may be used as if it belonged to the active house." (engine.rules.houses)

_STUN_AND_EXHAUST_IT = [ThisCreature(), Stun(), Exhaust()]

card(
    "Experimental Therapy",
    Variant("belongs to all houses", statics=[BelongsToAllHouses()], play=list(_STUN_AND_EXHAUST_IT)),
    Variant(
        "used as if it belonged to the active house", statics=[UsableAsActiveHouse()], play=list(_STUN_AND_EXHAUST_IT)
    ),
)

# ---- Strange Gizmo: "After you forge a key, destroy each creature and artifact." (engine.rules.forging
# emits "key_forged"; the creatures and artifacts are destroyed at once)


# "If an opponent forges a key on their next turn, they must give you their remaining Æmber" (later
# prints: "After your opponent forges a key during their next turn, they must pay you ...")
card("Interdimensional Graft", play=[AfterOpponentForgesNextTurn([ForgerGivesRemaining()])])


# ---- irregular texts (each a mechanic printed on one card, written as a general effect of engine.library)

card("Reverse Time", play=[SwapDeckAndDiscard()])

card(
    "Twin Bolt Emission",
    why="compiled, 'a creature and a different creature' are two separate choices, and the second's damage is lost when they resolve",
    play=[
        Choose("creature", "any", name="first"),
        Choose("creature", "any", name="second", where=not_among("first")),
        DealDamage(2, "first", also=((2, "second"),)),
    ],
)

card("Help from Future Self", play=[SearchDeckAndDiscard(named("Timetraveller")), ShuffleZonesIntoDeck(("discard",))])


# "You may repeat this effect as many times as you like, as long as it is possible to repeat the
# entire effect": asked while an enemy and a friendly creature remain
card(
    "Bouncing Deathquark",
    play=[
        Choose("creature", "enemy", name="enemy"),
        Choose("creature", "friendly", name="friendly"),
        Together(("enemy", "friendly"), name="both"),
        Destroy("both"),
        RepeatCardEffectIf(friendly_and_enemy_creatures, cost=[Confirm("repeat Bouncing Deathquark's effect?")]),
    ],
)


# "Your opponent cannot use any cards next turn."
card("Skippy Timehog", play=[DuringOpponentsNextTurn(CannotUseAnyCard(applies=enemy))])

card("Harland Mindlock", play=[Choose("creature", "enemy", where=on_flank), TakeControlUntilLeaves()])

card(
    "Knowledge is Power",
    play=[
        OneOf(
            [
                ("archive a card", [Choose("hand", "friendly"), Archive()]),
                ("gain 1 for each archived card", [GainCounted(lambda ctx: len(ctx.me.zone("archives")))]),
            ]
        )
    ],
    why="its later printings' option lines compile, but 'gain 1 for each card in your archives' gains 1 N times; "
    "the For Each rule makes it one gain of N (and its CotA text has no template)",
)

card("Crazy Killing Machine", action=[DiscardTopOfEachAndDestroyOfItsHouse()])


card("Scrambler Storm", play=[DuringOpponentsNextTurn(CannotPlay("action", who="opponent"))])
