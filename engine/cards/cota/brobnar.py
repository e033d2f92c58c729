"""Call of the Archons (CotA): Brobnar cards."""

from __future__ import annotations

from engine.library import (
    at_end_of_your_turn,
    Capture,
    Choose,
    ChooseMostPowerful,
    creature_entered_play,
    DealDamage,
    defender_on_flank,
    Destroy,
    enemy_creature_destroyed,
    enemy_creature_entered_play,
    ExceptRef,
    FightDamageBonus,
    GainPerCreatureDestroyedInFights,
    Heal,
    May,
    Reaction,
    Ready,
    UseCreature,
    you_discarded_during_your_turn,
)
from engine.cards import card


card("Valdr", statics=[FightDamageBonus(2, when=defender_on_flank)])


card(
    "Pingle Who Annoys",
    why="a text of it, 'deal 1 damage to each enemy creature after it enters play', has no template",
    reactions=[Reaction("entered_play", [DealDamage(1, "event")], when=enemy_creature_entered_play)],
)

# CotA "During your turn, each time you discard ..."; GR "After you discard ... during your turn":
# the same ability. Its damage is dealt by Rock-Hurling Giant (engine.rules.damage_sources).
card(
    "Rock-Hurling Giant",
    reactions=[
        Reaction(
            "discarded",
            [
                May(
                    [Choose("creature", "any"), DealDamage(4)],
                    question="deal 4 damage to a creature (Rock-Hurling Giant)?",
                )
            ],
            when=you_discarded_during_your_turn("brobnar"),
        )
    ],
)


# ---- irregular texts (each a mechanic printed on one card, written as a general effect of engine.library)

card(
    "Autocannon",
    why="a text of it, the constant ability 'deal 1 damage to each creature after it enters play', has no template",
    reactions=[Reaction("entered_play", [DealDamage(1, "event")], when=creature_entered_play)],
)

card(
    "Champion’s Challenge",
    play=[
        ChooseMostPowerful(1, name="enemy champion", side="enemy"),
        ExceptRef("each enemy creature", "enemy champion", name="enemies"),
        Destroy("enemies"),
        ChooseMostPowerful(1, name="champion", side="friendly"),
        ExceptRef("each friendly creature", "champion", name="friends"),
        Destroy("friends"),
        Ready("champion"),
        UseCreature("fight", "champion"),
    ],
)


def _enemy_destroyed_on_your_turn(ctx) -> bool:
    return enemy_creature_destroyed(ctx) and ctx.game.active == ctx.controller


card(
    "Pile of Skulls",
    reactions=[
        Reaction("destroyed", [Choose("creature", "friendly"), Capture(1, on="it")], when=_enemy_destroyed_on_your_turn)
    ],
)


def _end_of_turn_after_one_play(ctx) -> bool:
    """ "At the end of your turn, if you played exactly one card this turn" (cards played from hand)."""
    return at_end_of_your_turn(ctx) and ctx.game.played_from_hand == 1


card("Rogue Ogre", reactions=[Reaction("end_of_turn", [Heal(2, "self"), Capture(1)], when=_end_of_turn_after_one_play)])


# ---- general hooks (engine.rules.hooks)

card("The Warchest", action=[GainPerCreatureDestroyedInFights("enemy")])
