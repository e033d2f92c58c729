"""Prophetic Visions (PV): Sanctum cards."""

from __future__ import annotations

from engine.library import (
    Choose,
    DealDamage,
    May,
    NameEach,
    NameNeighbors,
    RememberLine,
    RepeatCardEffectIf,
    still_in_play,
    Stun,
)
from engine.cards import card

# "Play: Deal 1 to an enemy creature. If that creature is not destroyed, you may deal 1 to a
# friendly creature to repeat this effect.": the damage to a friendly creature is the price of the
# repeat (glossary "Repeat": the whole effect again, a new enemy creature chosen)
card(
    "Trade Blows",
    play=[
        Choose("creature", "enemy", name="target"),
        DealDamage(1, on="target"),
        RepeatCardEffectIf(
            still_in_play("target"),
            cost=[
                May(
                    [Choose("creature", "friendly", name="paid"), DealDamage(1, on="paid")],
                    question="deal 1 to a friendly creature to repeat the effect?",
                )
            ],
        ),
    ],
)


def _with_amber_on_it(ctx, creature) -> bool:
    return creature.amber > 0


# "Play: Deal 3 to a creature. If this damage destroys that creature, stun each of its neighbors
# after it leaves play. Fate: Stun each friendly creature with A on it.": the neighbors are those it
# had immediately before it left play (as Pain Reaction's, the Pain Reaction FAQ)
card(
    "Dissonant Chord",
    play=[
        Choose("creature", "any", name="target"),
        RememberLine("target"),
        DealDamage(3, "target", if_destroyed=[NameNeighbors("destroyed", "its neighbors"), Stun("its neighbors")]),
    ],
    fate=[NameEach("creature", "friendly", _with_amber_on_it, "with amber"), Stun("with amber")],
)
