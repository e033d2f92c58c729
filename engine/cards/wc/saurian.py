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
    DealDamage,
    EntersPlayStunned,
    Exalt,
    friendly_creatures,
    has_friendly_creature,
    If,
    itself_in_battleline,
    May,
    OnlyDealsWhenFighting,
    Purge,
    PutOnFlank,
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
