"""Age of Ascension (AoA): Shadows cards."""

from __future__ import annotations

from engine.library import (
    Archive,
    at_end_of_your_turn,
    Choose,
    DealDamage,
    DealDamageForEach,
    Destroy,
    DestroyIfYouDo,
    EachDiscardsTopAndGainsPerHouse,
    ExtraDamageTaken,
    ForgeAtCost,
    ForTheTurn,
    friendly,
    Gain,
    GainForEach,
    GrantKeyword,
    has_trait,
    host_was_used,
    If,
    IfYouDo,
    itself,
    MayForgeAtCost,
    NameEach,
    NameHost,
    neighbor_fought,
    OneOf,
    PlayOpponentsCard,
    Reaction,
    RememberTurn,
    Sacrifice,
    Steal,
    this_card,
    UntilYourNextTurn,
    UsableAsActiveHouse,
    you_forged_this_turn,
)
from engine.cards import card, Variant


def _amber_in_your_pool(ctx) -> int:
    return ctx.me.amber


card(
    "Sack of Coins",
    why="compiled, 'deal 1 damage for each Æmber' repeats a whole effect; the For Each rule asks where each point of damage goes",
    play=[DealDamageForEach(_amber_in_your_pool)],
)


card(
    "Little Niff",
    reactions=[Reaction("fought", [Steal(1)], when=neighbor_fought)],
    why="compiled, 'a neighbor of Little Niff' is a neighbor when the fight is over, not when it began",
)

card(
    "Lethal Distraction",
    play=[Choose("creature", "any"), ForTheTurn(static=lambda target: ExtraDamageTaken(2, this_card(target)), on="it")],
)


# ---- Life for a Life: printed "Play: Sacrifice a creature to deal 6 to a creature."; 16.0 erratum
# "Play: Destroy a friendly creature. If you do, deal 6 to a creature." Sacrificing is destroying
# a creature you control (glossary "Sacrifice"), and "to deal" is paid for by the sacrifice, so
# both texts resolve the same way (the erratum only rewords it).


def _life_for_a_life() -> list:
    return [
        Choose("creature", "friendly", name="destroyed"),
        IfYouDo([DestroyIfYouDo("destroyed")], [Choose("creature", "any"), DealDamage(6)]),
    ]


card(
    "Life for a Life",
    Variant("sacrifice a creature to deal", play=_life_for_a_life()),
    Variant("destroy a friendly creature. if you do, deal 6", play=_life_for_a_life()),
    why="its AoA text 'sacrifice a creature to deal 6 damage to a creature' has no template (only the erratum's wording compiles)",
)

# "Gain 1 for each friendly Shard": used as if it were yours, it is itself a friendly Shard
card(
    "Shard of Greed",
    why="compiled, 'gain 1 for each' gains 1 N times; the For Each rule makes it one gain of N (one trace line, one 'gain' for reactions)",
    action=[NameEach("card in play", "friendly", where=has_trait("shard"), name="shards"), GainForEach("shards")],
)


def _a_neighbor(ctx, creature) -> bool:
    return creature in ctx.game.neighbors(ctx.source)


# "enters play under your opponent's control and can be used as if it belonged to any house. At
# the end of your turn, destroy one of Scowly Caper's neighbors."
card(
    "Scowly Caper",
    why="its AoA text 'enters play under your opponent's control and can be used as if it belonged to any house' "
    "has no template (the later text, with treachery and versatile, compiles to the same)",
    enters_under_opponent=True,
    statics=[UsableAsActiveHouse(itself)],
    reactions=[
        Reaction("end_of_turn", [Choose("creature", "any", where=_a_neighbor), Destroy()], when=at_end_of_your_turn)
    ],
)

# ---- irregular texts (each a mechanic printed on one card, written as a general effect of engine.library)

card("Hideaway Hole", omni=[Sacrifice(), UntilYourNextTurn(GrantKeyword("elusive", friendly))])

card("Nightforge", play=[If(lambda ctx: not you_forged_this_turn(ctx), [MayForgeAtCost(ForgeAtCost(4))])])


def _rats_in_play(ctx) -> int:
    return sum(1 for c in ctx.game.creatures() if has_trait("rat")(ctx, c))


card(
    "Plague Rat",
    why="its text 'each non-Rat creature is dealt 1 damage for each Rat in play' has no template",
    play=[
        NameEach("creature", where=has_trait("rat", present=False), name="non-rats"),
        DealDamage(_rats_in_play, "non-rats"),
    ],
)

card("Rigged Lottery", play=[EachDiscardsTopAndGainsPerHouse(5, "shadows")])

card("Sucker Punch", play=[Choose("creature", "enemy"), DealDamage(2, if_destroyed=[Archive("self")])])


def _you_played_a_creature(ctx) -> bool:
    played = ctx.event.get("card")
    return ctx.event.get("player") == ctx.controller and played is not None and played.type == "creature"


def _end_of_your_turn_without_creature_plays(ctx) -> bool:
    """ "At the end of your turn, if you did not play any creatures this turn": Redlock notes the
    creatures played while it is in play (played itself this turn, it is one of them)."""
    return at_end_of_your_turn(ctx) and ctx.source.memory.get("played a creature") != ctx.game.turn


card(
    "Redlock",
    reactions=[
        Reaction("played", [RememberTurn("played a creature")], when=_you_played_a_creature),
        Reaction("end_of_turn", [Gain(1)], when=_end_of_your_turn_without_creature_plays),
    ],
)

_ARCHIVED, _TOP = "a random card in your opponent's archives", "the top card of your opponent's deck"

card(
    "Murkens",
    play=[
        OneOf(
            [(_ARCHIVED, [PlayOpponentsCard("archives")]), (_TOP, [PlayOpponentsCard("deck")])],
            possible={
                _ARCHIVED: lambda ctx: bool(ctx.opponent.zone("archives")),
                _TOP: lambda ctx: bool(ctx.opponent.zone("deck")),
            },
        )
    ],
)

card("Bonerot Venom", reactions=[Reaction("used", [NameHost(), DealDamage(2, "this creature")], when=host_was_used)])
