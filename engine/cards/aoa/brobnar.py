"""Age of Ascension (AoA): Brobnar cards."""

from __future__ import annotations

from engine.library import (
    a_player_forged,
    AttacksOnlyFlank,
    Choose,
    creature_entered_play,
    DealDamage,
    DealsNoDamageWhenAttacked,
    Destroy,
    ForgeAtNoCost,
    ForgerLosesRemaining,
    Gain,
    has_trait,
    HealFullyAndCounterPerDamage,
    If,
    Lose,
    LosePowerCounter,
    May,
    MustFightWhenUsed,
    named,
    NameHost,
    Reaction,
    Ready,
    Sacrifice,
    SacrificeTotalPower,
    SearchDeckAndDiscard,
    Stun,
    UseCreature,
)
from engine.cards import card


card("Forgemaster Og", reactions=[Reaction("key_forged", [ForgerLosesRemaining()], when=a_player_forged)])

card("Groggins", statics=[AttacksOnlyFlank()])

# ---- irregular texts (each a mechanic printed on one card, written as a general effect of engine.library)

card(
    "1-2 Punch",
    play=[
        Choose("creature", "enemy"),
        If(lambda ctx: ctx.ref("it") is not None and ctx.ref("it").stunned, [Destroy()], otherwise=[Stun()]),
    ],
    why="a printing's card data puts 'If that creature was already stunned, destroy it instead.' on a line of its own, "
    "which the compiler reads as an ability apart from the stun it replaces",
)


def _ready_patrizate(ctx) -> bool:
    return creature_entered_play(ctx) and ctx.source.zone == "battleline" and not ctx.source.exhausted


card("Bellowing Patrizate", reactions=[Reaction("entered_play", [DealDamage(1, "event")], when=_ready_patrizate)])


def _host_controllers_turn_ends(ctx) -> bool:
    host = ctx.source.attached_to
    return host is not None and ctx.event.get("player") == host.controller


# "This creature gains, "At the end of your turn, this creature loses a +1 power counter." Play:
# Fully heal this creature and give it a +1 power counter for each damage healed."
card(
    "Cybergiant Rig",
    play=[NameHost(), HealFullyAndCounterPerDamage("this creature")],
    reactions=[
        Reaction("end_of_turn", [NameHost(), LosePowerCounter("this creature")], when=_host_controllers_turn_ends)
    ],
)

card("Grumpus Tamer", reap=[SearchDeckAndDiscard(named("War Grumpus"))])


card("Lollop the Titanic", statics=[DealsNoDamageWhenAttacked()])


def _destroyed_attacking_self(ctx) -> bool:
    fight = ctx.event.get("fight")
    return fight is not None and fight[0] is ctx.source and ctx.event.get("card") is fight[1]


card(
    "Ogopogo",
    reactions=[
        Reaction(
            "destroyed",
            [May([Choose("creature", "any"), DealDamage(2)], question="Ogopogo: deal 2 damage to a creature?")],
            when=_destroyed_attacking_self,
        )
    ],
)

card(
    "Screechbomb",
    why="its AoA text breaks the line inside the Omni ability: 'your opponent loses 2' is read as a constant ability no template covers",
    omni=[Sacrifice(), Lose(2)],
)


def _neighboring_giant(ctx, c) -> bool:
    return c in ctx.game.neighbors(ctx.source) and has_trait("giant")(ctx, c)


_GRUMPUS = [Choose("creature", "friendly", where=_neighboring_giant), Ready(), UseCreature("fight")]

card("War Grumpus", fight=list(_GRUMPUS), reap=list(_GRUMPUS))


def _enemy_destroyed_this_turn(ctx) -> bool:
    return ctx.opponent_name in ctx.game.destroyed_this_turn


card("Foozle", reap=[If(_enemy_destroyed_this_turn, [Gain(1)])])

card("Might Makes Right", play=[SacrificeTotalPower(25, [ForgeAtNoCost()])])

# ---- general hooks (engine.rules.hooks)

card("Little Rapscal", statics=[MustFightWhenUsed()])
