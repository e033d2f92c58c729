"""Grim Reminders (GR): Untamed cards."""

from __future__ import annotations

from engine.library import Choose, ClearAmberAndCounters, Heal
from engine.cards import card

# "This creature gains elusive, and "After Reap: Heal all damage and move all Æmber and counters from
# a creature to the common supply."" (elusive is read from the text by the general rules; one creature
# chosen, healed and cleared; a shape no other card prints)
card(
    "Flying Broomstick",
    gains={
        "reap": [
            Choose("creature", "any", name="broomstick target"),
            Heal(None, "broomstick target"),
            ClearAmberAndCounters("broomstick target"),
        ]
    },
)
