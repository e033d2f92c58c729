"""Grim Reminders (GR): Logos cards."""

from __future__ import annotations

from engine.library import Archive, cards_in, haunted, If, negate, PlayersKeysCost
from engine.cards import card

# "If you are haunted, keys cost +1 for each card in your discard pile. Otherwise, keys cost -2.
# Destroyed: If you are haunted, archive Portalmonster." ("keys cost": each player's, counted from
# Portalmonster's controller's discard pile)
card(
    "Portalmonster",
    statics=[PlayersKeysCost(1, cond=haunted, per=cards_in("discard")), PlayersKeysCost(-2, cond=negate(haunted))],
    destroyed=[If(haunted, [Archive("self")])],
)
