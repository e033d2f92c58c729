"""Worlds Collide (WC): Star Alliance cards."""

from __future__ import annotations

from engine.library import action_card_played, BeforePlayEffect, WardHost
from engine.cards import card


# after the action card's bonus icons, before its "Play:" ability (the 16.0 Encounter Suit FAQ)
card("Encounter Suit", reactions=[BeforePlayEffect("played", [WardHost()], when=action_card_played)])
