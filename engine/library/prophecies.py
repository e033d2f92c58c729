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
