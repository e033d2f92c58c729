"""Prophetic Visions (PV): Sanctum cards."""

from __future__ import annotations

from engine.library import Choose, DealDamage, May, RepeatCardEffectIf, still_in_play
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
