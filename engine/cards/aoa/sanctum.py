"""Age of Ascension (AoA): Sanctum cards."""

from __future__ import annotations

from engine.library import (
    BelongsToHouseForTheTurn,
    CannotBeDealtDamage,
    Capture,
    CaptureGained,
    Choose,
    creatures_from_houses,
    DealDamage,
    Destroy,
    DiscardAmberFromSelf,
    ForTheTurn,
    Gain,
    GainPerHouseInPlay,
    GiveControlToOpponentThenPaid,
    Heal,
    If,
    IfYouDo,
    KeysCostUnlessHouses,
    NameEach,
    NameNeighborsOf,
    opponent_reaped,
    power_is,
    Reaction,
    Ready,
    Redistribute,
    self_event,
    this_card,
    UseCreature,
)
from engine.cards import card

card("Sir Marrows", reactions=[Reaction("reaped", [CaptureGained()], when=opponent_reaped)])

card("Opal Knight", play=[NameEach("creature", where=power_is(lambda p: p % 2 == 0)), Destroy()])


card(
    "Maruck the Marked",
    reactions=[Reaction("armor_prevented", [Capture(lambda ctx: ctx.event["amount"])], when=self_event)],
)

# "the attacked creature's neighbors": those it had immediately before it left play, if it did
# (the 16.0 Smite and Firespitter FAQ; engine.rules.fight_timing)
card(
    "Smite",
    play=[
        Choose("creature", "friendly"),
        Ready(),
        UseCreature("fight"),
        NameNeighborsOf("attacked"),
        DealDamage(2, "its neighbors"),
    ],
)

# ---- irregular texts (each a mechanic printed on one card, written as a general effect of engine.library)

card("Anahita the Trader", reap=[IfYouDo([Choose("artifact", "friendly"), GiveControlToOpponentThenPaid(2)], [])])

card("Aubade the Grim", play=[Capture(3)], reap=[DiscardAmberFromSelf(1)])


card("Free Markets", play=[GainPerHouseInPlay(6, "sanctum")])

card(
    "Golden Aura",
    play=[
        Choose("creature", "any"),
        Heal(None, "it"),
        BelongsToHouseForTheTurn("sanctum"),
        ForTheTurn(static=lambda c: CannotBeDealtDamage(this_card(c)), on="it"),
    ],
)


card("Prince Derric, Unifier", play=[If(creatures_from_houses(3), [Gain(3)])])

card("Proclamation 346E", statics=[KeysCostUnlessHouses(2, houses=3)])

card("Equalize", play=[Redistribute("amber", "friendly"), Redistribute("amber", "enemy")])
