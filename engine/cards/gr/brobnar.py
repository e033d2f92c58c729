"""Grim Reminders (GR): Brobnar cards."""

from __future__ import annotations

from engine.library import Choose, Confirm, Destroy, friendly_and_enemy_creatures, RepeatCardEffectIf, Together
from engine.cards import card

# "Play: Destroy an enemy creature and a friendly creature. You may repeat this effect as many times
# as you like, as long as it is possible to repeat the entire effect." (Bouncing Deathquark's
# words): asked while an enemy and a friendly creature remain, and while Fiery Jark is in play
# (glossary "Repeat": a card removed from play no longer repeats its effect)
card(
    "Fiery Jark",
    play=[
        Choose("creature", "enemy", name="enemy"),
        Choose("creature", "friendly", name="friendly"),
        Together(("enemy", "friendly"), name="both"),
        Destroy("both"),
        RepeatCardEffectIf(friendly_and_enemy_creatures, cost=[Confirm("repeat Fiery Jark's effect?")]),
    ],
)
