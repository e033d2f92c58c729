"""Call of the Archons (CotA): Dis cards."""

from __future__ import annotations

from engine.library import (
    attached_host,
    CannotPlay,
    Capture,
    Choose,
    creature_destroyed,
    DealDamage,
    DestroyEachWithChosenPower,
    DiscardTopAndGainPerHouseInHand,
    DuringOpponentsNextTurn,
    EachUndamagedCaptures,
    Gain,
    GoesElsewhereInstead,
    GrantKeyword,
    have_amber,
    If,
    Lose,
    LoseArmorForTurnAndTakeDamage,
    MustChooseHouse,
    NameHost,
    on_flank,
    opponent_forged_last_turn,
    OpponentCannotChooseAHouse,
    OpponentPaysToUse,
    OpponentPlaysAtMost,
    OwnerDiscardsRandom,
    PowerModifier,
    Reaction,
    RedirectFightDamage,
    ReturnToHand,
    Sacrifice,
    self_event,
    TakeControlUntilLeaves,
    UnforgeOpponentsKey,
)
from engine.cards import card, Variant


card("Gabos Longarms", before_fight=[Choose("creature", "any"), RedirectFightDamage()])

card("Pitlord", statics=[MustChooseHouse("dis")])

card("Restringuntus", play=[OpponentCannotChooseAHouse()])


card("Tolas", reactions=[Reaction("destroyed", [Gain(1, who="event_opponent")], when=creature_destroyed)])


# ---- Tendrils of Pain: printed "Deal 1 to each creature. Deal an additional 3 to each creature
# if ..." (two instances of damage); 16.0 erratum "Deal 1 to each creature. Deal 4 to each
# creature instead if your opponent forged a key on their previous turn." (one instance of 4)

card(
    "Tendrils of Pain",
    Variant(
        "deal an additional 3",
        play=[DealDamage(1, "each creature"), If(opponent_forged_last_turn, [DealDamage(3, "each creature")])],
    ),
    Variant(
        "deal 4 to each creature instead",
        play=[
            If(opponent_forged_last_turn, [DealDamage(4, "each creature")], otherwise=[DealDamage(1, "each creature")])
        ],
    ),
)

card("Key Hammer", play=[If(opponent_forged_last_turn, [UnforgeOpponentsKey()]), Gain(6, who="opponent")])


def _opponent_amber(ctx) -> int:
    return ctx.opponent.amber


card("Drumble", play=[If(lambda ctx: ctx.opponent.amber >= 7, [Capture(_opponent_amber)])])


# ---- irregular texts (each a mechanic printed on one card, written as a general effect of engine.library)

card("Dance of Doom", play=[DestroyEachWithChosenPower()])

card(
    "Pandemonium",
    why="the compiled capture asks the active player which creature captures next only when a pool runs short; "
    "here every capture is taken in the order they choose",
    play=[EachUndamagedCaptures(1)],
)

card("Gongoozle", play=[Choose("creature", "any"), DealDamage(3), OwnerDiscardsRandom()])

# "You must lose 3 in order to play Truebaru": it cannot be played without 3 Æmber, and the 3 are
# lost as it is played (it has no Æmber bonus, so losing them first or with its play changes nothing)
card("Truebaru", play_condition=have_amber(3), play=[Lose(3, who="self")], destroyed=[Gain(5)])

card("Red-Hot Armor", play=[LoseArmorForTurnAndTakeDamage("enemy")])


# "Discard the top card of your opponent's deck and reveal their hand. You gain 1 for each card of
# the discarded card's house revealed this way. Your opponent repeats the preceding effect on you."
card("A Fair Game", play=[DiscardTopAndGainPerHouseInHand("opponent"), DiscardTopAndGainPerHouseInHand("self")])


def _artifact_or_flank_creature(ctx, c) -> bool:
    return c.type == "artifact" or on_flank(ctx, c)


_SNUDGE = [Choose("creature", "any", where=_artifact_or_flank_creature, also=(("artifact", "any"),)), ReturnToHand()]

card("Snudge", fight=list(_SNUDGE), reap=list(_SNUDGE))

card("Flame-Wreathed", statics=[PowerModifier(2, attached_host), GrantKeyword("hazardous", attached_host, value=2)])

# "You control this creature": control is taken as the upgrade is attached and lasts until it leaves play
card(
    "Collar of Subordination",
    reactions=[Reaction("attached", [NameHost(), TakeControlUntilLeaves("this creature")], when=self_event)],
)

card("Ember Imp", statics=[OpponentPlaysAtMost(2)])

card(
    "Lifeward",
    omni=[Sacrifice(), DuringOpponentsNextTurn(CannotPlay("creature", who="opponent"))],
    why="a printing says 'on their next turn', which no template reads; one definition plays every printing alike",
)

# ---- general hooks (engine.rules.hooks, engine.rules.replacements)

card("Annihilation Ritual", statics=[GoesElsewhereInstead("purged", "discard", "battleline")])

card("Tentacus", statics=[OpponentPaysToUse("artifact")])
