"""Worlds Collide (WC): Saurian cards."""

from __future__ import annotations

from engine.library import (
    AmberToSupply,
    ArmorModifier,
    attached_host,
    BelongsToAllHouses,
    CaptureFromAny,
    Choose,
    ConsideredCreature,
    counters_on_card,
    DealDamage,
    enemy_creature_destroyed,
    EntersPlayStunned,
    Exalt,
    ForgeAtCost,
    friendly_creatures,
    has_friendly_creature,
    If,
    itself_in_battleline,
    May,
    OnlyDealsWhenFighting,
    Purge,
    PutCounters,
    PutOnFlank,
    Reaction,
    RemoveCounters,
    RepeatPrecedingIf,
    StolenIsCapturedByActive,
    UsableAsActiveHouse,
)
from engine.cards import card, Variant

card("Crassosaurus", play=[CaptureFromAny(10), If(lambda ctx: ctx.source.amber < 10, [Purge("self")])])

# "You may exalt a friendly creature to repeat the preceding effect": "Choose a creature. Deal 1
# to it for each friendly creature." resolves again (glossary "Preceding"): a new choice, which may
# be the same creature, dealt a second instance of damage (a ward the first removed does not stop it)
card(
    "Phalanx Strike",
    why="the compiled 'deal 1 to it for each friendly creature' deals separate instances; the card deals one",
    play=[
        Choose("creature", "any", name="target"),
        DealDamage(friendly_creatures, on="target"),
        RepeatPrecedingIf(
            has_friendly_creature,
            cost=[
                May(
                    [Choose("creature", "friendly", name="exalted"), Exalt("exalted")],
                    question="exalt a friendly creature to repeat the preceding effect?",
                )
            ],
        ),
    ],
)


card("Gargantodon", statics=[EntersPlayStunned(), OnlyDealsWhenFighting(4), StolenIsCapturedByActive()])

# "This creature gets +2 armor and gains, "Destroyed: Move each Æmber on this creature to the
# common supply.""
card("Imperial Scutum", statics=[ArmorModifier(2, applies=attached_host)], gains={"destroyed": [AmberToSupply()]})


card(
    "Auto-Legionary",
    # printed: "... While in the battleline, it is considered a creature with 5 power and belongs
    # to all houses."
    Variant(
        "belongs to all houses",
        action=[PutOnFlank()],
        statics=[ConsideredCreature(5), BelongsToAllHouses(itself_in_battleline)],
    ),
    # 16.0 erratum: "... and may be used as if it belonged to the active house."
    Variant(
        "as if it belonged to the active house",
        action=[PutOnFlank()],
        statics=[ConsideredCreature(5), UsableAsActiveHouse(itself_in_battleline)],
    ),
)


def _enemy_destroyed_in_a_fight(ctx) -> bool:
    fight = ctx.event.get("fight")
    return enemy_creature_destroyed(ctx) and fight is not None and ctx.event["card"] in fight


def _six_glory_counters(ctx) -> bool:
    return counters_on_card("glory", "self")(ctx) >= 6


# "After an enemy creature is destroyed while fighting, put a glory counter on The Colosseum.
# Omni: If there are 6 or more glory counters on The Colosseum, remove 6 and forge a key at current
# cost." ("Remove 6": 6 of those glory counters)
card(
    "The Colosseum",
    reactions=[Reaction("destroyed", [PutCounters("glory", "self")], when=_enemy_destroyed_in_a_fight)],
    omni=[If(_six_glory_counters, [RemoveCounters("glory", "self", 6), ForgeAtCost(0)])],
)
