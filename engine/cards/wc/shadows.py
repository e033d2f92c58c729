"""Worlds Collide (WC): Shadows cards."""

from __future__ import annotations

from engine.library import RevealToStopForge
from engine.cards import Variant, card

card(
    "Keyforgery",
    # printed: "When your opponent would forge a key, ...": on any turn (a Keyfrog destroyed on
    # your turn too)
    Variant("when your opponent would forge a key, that player", statics=[RevealToStopForge()]),
    # 16.0 erratum: "When your opponent would forge a key on their turn, ..."
    Variant("would forge a key on their turn", statics=[RevealToStopForge(own_turn_only=True)]),
)
