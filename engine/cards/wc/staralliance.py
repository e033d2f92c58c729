"""Worlds Collide (WC): Star Alliance cards."""

from __future__ import annotations

from engine.library import action_card_played, BeforePlayEffect, PlayAs, WardHost
from engine.cards import card, Variant


# "Skirmish. Explo-rover may be played as an upgrade instead of a creature, with the text: “This
# creature gains skirmish.”": played as an upgrade it has only that text (the keyword it gives is
# read from it: engine.rules.keywords.granted)
card(
    "Explo-rover",
    Variant("may be played as an upgrade", becomes=PlayAs("upgrade")),
    Variant("this creature gains skirmish"),
)

# after the action card's bonus icons, before its "Play:" ability (the 16.0 Encounter Suit FAQ)
card("Encounter Suit", reactions=[BeforePlayEffect("played", [WardHost()], when=action_card_played)])
