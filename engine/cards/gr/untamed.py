"""Grim Reminders (GR): Untamed cards."""

from __future__ import annotations

from engine.library import (
    AttachSelfAsUpgrade,
    attached_host,
    Choose,
    ClearAmberAndCounters,
    GrantKeyword,
    Heal,
    of_type,
    PlayIt,
    PowerModifier,
)
from engine.cards import card, Variant

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


# "Play: Play a creature from your discard pile and attach Came Back Wrong to it as an upgrade with
# the text "This creature gets -2 power and gains poison."": the creature is played (its own "Play:"
# first), then the action card becomes that upgrade on it (engine.library.upgrades); with no creature played it is discarded as it finishes
card(
    "Came Back Wrong",
    Variant(
        phrase="play a creature from your discard pile",
        play=[
            Choose("discard", "friendly", name="came back", where=of_type("creature")),
            PlayIt("came back"),
            AttachSelfAsUpgrade("came back"),
        ],
    ),
    Variant(
        phrase="this creature gets", statics=[PowerModifier(-2, attached_host), GrantKeyword("poison", attached_host)]
    ),
)
