"""Prophecies: "fulfill <this prophecy>" (Prophetic Visions), the effect of a prophecy card's own
abilities. What fulfilling does (the fate card under it revealed, its "Fate:" ability resolved, the
fate card discarded) is the mechanic's, :mod:`engine.rules.mechanics.prophecies`; a new effect about
prophecies or fate cards goes here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.rules.ability import Context, Effect
from engine.rules.mechanics.prophecies import fulfill


@template()
@dataclass
class Fulfill(Effect):
    """ "Fulfill <this prophecy>": its fate card's "Fate:" ability resolves (False with no fate card)."""

    def resolve(self, ctx: Context) -> bool:
        return fulfill(ctx.eng, ctx.source)


@template()
@dataclass
class PutSelfIntoPlay(Effect):
    """ "Fate: Put <this card> into play under your control / your opponent's control": the fate
    card revealed (only fates print it) enters play, not played, under the control of the player
    resolving the fate (``whose="you"``) or of their opponent, its owner (``"opponent"``)."""

    whose: str = "you"

    def resolve(self, ctx: Context) -> bool:
        card = ctx.source
        if card.in_play:
            return False
        ctx.eng.put_into_play(card, ctx.controller if self.whose == "you" else ctx.opponent_name)
        return card.in_play
