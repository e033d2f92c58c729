"""Call of the Archons (CotA): Sanctum cards."""

from __future__ import annotations

from engine.library import (
    among,
    Archive,
    ArmorModifier,
    Capture,
    Choose,
    DealDamage,
    Destroy,
    ForgeAtNoCost,
    ForTheTurn,
    has_trait,
    Heal,
    host_on_flank,
    If,
    more_creatures,
    NameEach,
    NameNeighbors,
    plays_this_turn,
    PowerModifier,
    Reaction,
    ReadyAndFightAgainstDifferent,
    ReduceAmberTo,
    RememberLine,
    RepeatCardEffectIf,
    Sacrifice,
    UsableAsActiveHouse,
)
from engine.cards import card


# "Deal 3 to a creature and 3 to a neighbor of that creature": one simultaneous instance of damage
card(
    "Mighty Lance",
    play=[
        Choose("creature", "any", name="first"),
        RememberLine("first"),
        NameNeighbors("first", "its neighbors"),
        Choose("creature", "any", name="neighbor", where=among("its neighbors")),
        DealDamage(3, "first", also=((3, "neighbor"),)),
    ],
)

# ---- Shield of Justice: "Play: For the remainder of the turn, each friendly creature cannot be
# dealt damage." (a lasting static; "friendly" is relative to the player who played it)


# "This creature gains hazardous 2 and, "Destroyed: Fully heal this creature and destroy Armageddon
# Cloak instead."": a destruction replacement (engine.rules.destroyed_instead.replace_destruction);
# the keyword is the general rules' (engine.rules.keywords.granted)
card("Armageddon Cloak", gains={"destroyed_instead": [Heal(None, "self"), Destroy("giver")]})


# ---- irregular texts (each a mechanic printed on one card, written as a general effect of engine.library)

card("Doorstep to Heaven", play=[ReduceAmberTo(5)])


card("Shoulder Armor", statics=[PowerModifier(2, host_on_flank), ArmorModifier(2, host_on_flank)])

card(
    "Mantle of the Zealot",
    why="the text it gives, 'you may use this creature as if it belonged to the active house', has no template",
    statics=[UsableAsActiveHouse()],
)

card("Terms of Redress", play=[Choose("creature", "friendly"), Capture(2, on="it")])

card("Numquid the Fair", play=[Choose("creature", "enemy"), Destroy(), RepeatCardEffectIf(more_creatures("opponent"))])


def _you_played_a_creature(ctx) -> bool:
    played = ctx.event.get("card")
    return ctx.event.get("player") == ctx.controller and played is not None and played.type == "creature"


# "For the remainder of the turn, each creature you play gains, "Play: Deal 2 to an enemy creature.""
card(
    "Charge!",
    play=[
        ForTheTurn(
            reaction=Reaction("played", [Choose("creature", "enemy"), DealDamage(2)], when=_you_played_a_creature)
        )
    ],
)


card(
    "Epic Quest",
    play=[NameEach("creature", "friendly", where=has_trait("knight"), name="knights"), Archive("knights")],
    omni=[
        If(lambda ctx: plays_this_turn(ctx.game, ctx.controller, house="sanctum") >= 7, [Sacrifice(), ForgeAtNoCost()])
    ],
)

card("One Stood Against Many", play=[Choose("creature", "friendly"), ReadyAndFightAgainstDifferent(3)])
